import Pageflow
import PageflowTesting
import Testing

/// Eviction: with `maxElements`, the window drops whole pages from the edge it moves away from,
/// never what is on screen, and that edge keeps the cursor that loads them again.
@MainActor
@Suite(.collectingWarnings)
struct PaginationEvictionTests {
  let pages = MessagePages(size: 3, total: 30)

  func feature(_ loader: ControllablePageLoader<Message>) -> Feature {
    Feature(prefetchDistance: 1, maxElements: 6, loadPage: loader.loadPage)
  }

  /// The window holds pages `first...last`, with `visible` reported on screen.
  func window(_ first: Int, _ last: Int, visible: Int) -> Feature.State {
    var state = pages.state(at: first)
    state.elements = IdentifiedElements((first...last).flatMap { pages.messages($0) })
    state.pages = PageList((first...last).map { pages.info($0) })
    state.endStatus = .idle
    state.lastVisible = visible
    return state
  }

  @Test func scrollingDownEvictsTheTopPageAndScrollingBackReloadsIt() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: window(0, 1, visible: 4)) { feature(loader) }
    await store.send(.elementAppeared(5)) {
      $0.lastVisible = 5
      $0.endStatus = .loading(.bottom("page-2"))
    }
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements((3...8).map { Message($0) })
      $0.pages = PageList([pages.info(1), pages.info(2)])
      $0.startStatus = .idle  // the start of the list is a page away again
      $0.endStatus = .idle
      $0.selection = 3  // its page was evicted: the nearest element that stays
    }
    await store.receive(.delegate(.didEvict(.start, count: 3)))
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(3))))
    #expect(store.state.previous == "page-0")

    // Back up: the evicted page loads again from the restored cursor, and the bottom page goes.
    await store.send(.elementAppeared(3)) {
      $0.lastVisible = 3
      $0.startStatus = .loading(.top("page-0"))
    }
    loader.respond(to: .top("page-0"), with: pages.page(0))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements((0...5).map { Message($0) })
      $0.pages = PageList([pages.info(0), pages.info(1)])
      $0.startStatus = .endReached(.noMoreCursor)
    }
    await store.receive(.delegate(.didEvict(.end, count: 3)))
    await store.receive(case: Feature.Action.delegate)
    #expect(store.state.next == "page-2")
  }

  @Test func thePagesAroundTheVisibleElementAreNeverEvicted() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: window(0, 1, visible: 3)) { feature(loader) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await store.send(.elementAppeared(2)) { $0.lastVisible = 2 }  // 1…3 must stay on screen
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    await store.receive(case: Feature.Action.pageResponse) {
      // Page 0 holds element 2, which is on screen: it stays, and the window holds 9 for now.
      $0.elements = IdentifiedElements((0...8).map { Message($0) })
      $0.pages = PageList([pages.info(0), pages.info(1), pages.info(2)])
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func aPageThatNoCursorCouldLoadAgainIsNotEvicted() async {
    // A loader that gives only `next` cursors: page 1 has no way back to page 0.
    let loader = ControllablePageLoader<Message>()
    var initial = window(0, 1, visible: 5)
    initial.pages = PageList([PageInfo(next: "page-1", count: 3), PageInfo(next: "page-2", count: 3)])
    let store = TestStore(initialState: initial) { feature(loader) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    loader.respond(to: .bottom("page-2"), with: Page(next: "page-3", elements: pages.messages(2)))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(2))
      $0.pages.append(PageInfo(next: "page-3", count: 3))
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func evictionCancelsALoadAtTheEdgeItMoves() async {
    let loader = ControllablePageLoader<Message>(ignoresCancellation: true)
    var initial = window(1, 2, visible: 7)
    initial.startStatus = .idle
    let store = TestStore(initialState: initial) { feature(loader) }
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-0")) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-3")) }
    loader.respond(to: .bottom("page-3"), with: pages.page(3))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements((6...11).map { Message($0) })
      $0.pages = PageList([pages.info(2), pages.info(3)])
      $0.startStatus = .idle
      $0.endStatus = .idle
      $0.selection = 6
    }
    await store.receive(.delegate(.didEvict(.start, count: 3)))
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(6))))
    loader.respond(to: .top("page-0"), with: pages.page(0))  // the cancelled load answers: dropped
    await store.finish()
    #expect(store.state.elements.map(\.id) == Array(6...11))
  }

  @Test func aWindowTooSmallForTheScrollIsRefusedWithTheReason() throws {
    try Feature(prefetchDistance: 10, maxElements: 80, loadPage: ControllablePageLoader().loadPage)
      .validateWindow(pageSize: 20)
    #expect {
      try Feature(prefetchDistance: 10, maxElements: 79, loadPage: ControllablePageLoader().loadPage)
        .validateWindow(pageSize: 20)
    } throws: { error in
      guard case PaginationError.invalidConfiguration(let reason) = error else { return false }
      return reason.contains("maxElements 79") && reason.contains("80 elements")
    }
    // By default the prefetch distance is one page; without a limit there is nothing to check.
    var byDefault = Feature(maxElements: 99, loadPage: ControllablePageLoader().loadPage)
    #expect(throws: PaginationError.self) { try byDefault.validateWindow(pageSize: 20) }
    byDefault.maxElements = 100
    try byDefault.validateWindow(pageSize: 20)
    byDefault.maxElements = nil
    try byDefault.validateWindow(pageSize: 1_000)
  }

  @Test func aWindowThatEvictsWithATooSmallLimitWarnsOnceWithTheReason() async {
    let loader = ControllablePageLoader<Message>()
    let warnings = await RuntimeWarning.$sink.collecting {
      let store = TestStore(initialState: window(0, 1, visible: 4)) { feature(loader) }
      store.exhaustivity = .off
      await store.send(.elementAppeared(5))
      loader.respond(to: .bottom("page-2"), with: pages.page(2))
      await store.receive(case: Feature.Action.pageResponse)
      store.skipInFlightEffects()
    }
    // Pages of 3 and a prefetch distance of 1 need 3 × 3 + 2 × 1 = 11; the limit is 6.
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("maxElements 6 is below what a scroll needs") == true)
    #expect(warnings.first?.contains("11 elements") == true)
  }

  /// The user moved the selection, then scrolled a little: the selection's page is kept with what
  /// is on screen, and the window holds more than its limit for now.
  @Test func theSelectedPageStaysWhileTheSelectionIsNearTheScreen() async {
    let loader = ControllablePageLoader<Message>()
    var initial = window(0, 1, visible: 3)
    initial.selection = 1
    let store = TestStore(initialState: initial) { feature(loader) }
    await store.send(.elementAppeared(4)) {
      $0.lastVisible = 4
      $0.endStatus = .loading(.bottom("page-2"))
    }
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    await store.receive(case: Feature.Action.pageResponse) {
      // Page 0 holds the selection (1): from it to the visible element (4), a row more each side,
      // is 6 rows, within the limit of 6, so it stays.
      $0.elements = IdentifiedElements((0...8).map { Message($0) })
      $0.pages = PageList([pages.info(0), pages.info(1), pages.info(2)])
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
  }

  /// A window paged with `.loadPage` alone, never told what is on screen, stays within its limit:
  /// the selection moves with the pages that stay.
  @Test func aWindowPagedWithoutScreenReportsStaysWithinItsLimit() async {
    let pages = MessagePages(size: 10, total: 1_000)
    let store = Store(initialState: pages.state(at: 0)) {
      Feature(maxElements: 50) { request in
        pages.page(Int(request.cursor?.rawValue.dropFirst(5) ?? "") ?? 0)
      }
    }
    var peak = 0
    for _ in 0..<20 {
      await store.send(.loadPage(.bottom)).finish()
      peak = max(peak, store.state.elements.count)
    }
    #expect(peak == 50)
    #expect(store.state.elements.last?.id == 209)
    #expect(store.state.elements.first?.id == 160)
    #expect(store.state.selection == 160)
    #expect(store.state.previous == "page-15")
  }

  /// Past what a scroll needs, what is on screen wins: a page that arrives far from it goes again.
  @Test func aPageArrivingFarFromTheScreenOfAFullWindowIsEvictedAgain() async {
    let loader = ControllablePageLoader<Message>()
    // Pages of 3, a prefetch distance of 1 and a limit of 6: a scroll needs 11. The screen is at
    // the top of 9 elements, so nothing at the top may go.
    let store = TestStore(initialState: window(0, 2, visible: 1)) { feature(loader) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-3")) }
    loader.respond(to: .bottom("page-3"), with: pages.page(3))
    await store.receive(case: Feature.Action.pageResponse) { $0.endStatus = .idle }  // 12, then the new page goes
    await store.receive(.delegate(.didEvict(.end, count: 3)))
    await store.receive(case: Feature.Action.delegate)
    #expect(store.state.elements.map(\.id) == Array(0...8))
    #expect(store.state.next == "page-3")
  }

  /// The window holds pages `first...last` of `pages`, their messages, and the ends' cursors.
  func window(of pages: MessagePages, _ first: Int, _ last: Int) -> Feature.State {
    var state = pages.state(at: first)
    state.elements = IdentifiedElements((first...last).flatMap { pages.messages($0) })
    state.pages = PageList((first...last).map { pages.info($0) })
    state.endStatus = pages.cursor(last + 1) == nil ? .endReached(.noMoreCursor) : .idle
    return state
  }

  /// The selection is the list's first row and row 29 is on screen: with a page of prefetch
  /// distance past the screen, the stretch between them is rows 0..<40 (there are no rows before
  /// row 0 to count), within the limit of 43, so the selection's page stays.
  @Test func theSelectionOnTheListsFirstRowStaysWhileItsStretchToTheScreenFitsTheLimit() async {
    let pages = MessagePages(size: 10, total: 100)
    let loader = ControllablePageLoader<Message>()
    var initial = window(of: pages, 0, 3)
    initial.lastVisible = 29
    let store = TestStore(initialState: initial) {
      Feature(prefetchDistance: 10, maxElements: 43, loadPage: loader.loadPage)
    }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-4")) }
    loader.respond(to: .bottom("page-4"), with: pages.page(4))
    await store.receive(case: Feature.Action.pageResponse) {
      // 50 rows: over the limit, within the bound (3 pages and the prefetch distance both sides).
      $0.elements = IdentifiedElements((0..<50).map { Message($0) })
      $0.pages.append(pages.info(4))
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
  }

  /// Nothing reported on screen: a page arriving at the start takes the window over its bound, so
  /// the end's page goes whatever the selection, which moves to the nearest row that stays (49).
  /// The next page toward the limit is within the prefetch distance of it, and stays.
  @Test func withNothingOnScreenTheSelectionAnEvictionMovedKeepsThePrefetchDistanceAroundIt() async {
    let pages = MessagePages(size: 10, total: 100)
    let loader = ControllablePageLoader<Message>()
    var initial = window(of: pages, 1, 5)
    initial.selection = 55
    let store = TestStore(initialState: initial) { Feature(maxElements: 40, loadPage: loader.loadPage) }
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-0")) }
    loader.respond(to: .top("page-0"), with: pages.page(0))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements((0..<50).map { Message($0) })
      $0.pages = PageList((0...4).map { pages.info($0) })
      $0.startStatus = .endReached(.noMoreCursor)
      $0.selection = 49
    }
    await store.receive(.delegate(.didEvict(.end, count: 10)))
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(49))))
  }

  /// A page emptied by live removals holds nothing to lose: it goes, even when the page next to it
  /// has no cursor toward it (the loader sent that page when nothing lay before it), and the window
  /// stays within its bound however many pages arrive.
  @Test func aPageEmptiedByRemovalsDoesNotHoldTheWindowOverItsBound() async {
    let pages = MessagePages(size: 10, total: 200)
    var initial = window(of: pages, 1, 2)
    initial.pages[1].previous = nil
    initial.selection = 25
    let store = Store(initialState: initial) {
      Feature(maxElements: 30) { request in
        pages.page(Int(request.cursor?.rawValue.dropFirst("page-".count) ?? "") ?? 0)
      }
    }
    for id in 10..<20 { store.send(.remove(id)) }
    var peak = 0
    for _ in 0..<10 {
      await store.send(.loadPage(.bottom)).finish()
      peak = max(peak, store.state.elements.count)
    }
    // A limit of 30 below what a scroll needs with pages of 10: the bound is 50.
    #expect(peak == 50)
    #expect(store.state.elements.map(\.id) == Array(80..<130))
    #expect(store.state.previous == "page-7")
  }

  /// A page that no cursor could load again held the window over its bound; a removal empties it,
  /// and the window shrinks under its bound at once.
  @Test func aRemovalThatEmptiesThePageHoldingTheWindowOverItsBoundLetsItShrink() async {
    let pages = MessagePages(size: 10, total: 100)
    var initial = window(of: pages, 1, 6)
    initial.pages[0].previous = nil  // page 1 was sent when nothing lay before it
    initial.elements.prepend(contentsOf: [Message(9)])
    initial.pages.prepend(PageInfo(next: "page-1", count: 1))
    initial.startStatus = .endReached(.noMoreCursor)
    initial.selection = 65
    let store = TestStore(initialState: initial) {
      Feature(maxElements: 30, loadPage: ControllablePageLoader().loadPage)
    }
    // 61 rows, over the bound of 50 (pages of 10 and a page of prefetch distance on both sides).
    await store.send(.remove(9)) {
      $0.elements = IdentifiedElements((20..<70).map { Message($0) })
      $0.pages = PageList((2...6).map { pages.info($0) })
      $0.startStatus = .idle
    }
    await store.receive(.delegate(.didEvict(.start, count: 10)))
    await store.receive(case: Feature.Action.delegate)
  }

  /// The limit was lowered (memory pressure) below what the window holds; a selection moved by hand
  /// is then what the user looks at: the window shrinks under its bound at once, away from it, and
  /// keeps its page.
  @Test func aSelectionMovedByHandShrinksAWindowOverItsBoundAroundIt() async {
    let pages = MessagePages(size: 10, total: 100)
    var initial = window(of: pages, 0, 6)
    initial.lastVisible = 35
    let store = TestStore(initialState: initial) {
      Feature(maxElements: 30, loadPage: ControllablePageLoader().loadPage)
    }
    // 70 rows over the bound of 50 (pages of 10 and a page of prefetch distance on both sides).
    await store.send(.selectElement(62)) {
      $0.elements = IdentifiedElements((20..<70).map { Message($0) })
      $0.pages = PageList((2...6).map { pages.info($0) })
      $0.startStatus = .idle
      $0.selection = 62
      $0.lastVisible = nil
    }
    await store.receive(.delegate(.didEvict(.start, count: 20)))
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(62))))
  }

  /// Messages posted between two pages are placed in the first, after the message its cursor toward
  /// the second was given next to. When the second page is evicted, that cursor is the end's again,
  /// and the pages it loads are those messages: pages of nothing new, which move the end on rather
  /// than end it, so the list's last message comes after them.
  @Test func pagesOfMessagesPlacedBeyondTheEndsCursorDoNotEndTheList() async {
    let posted = PostedMessages(ids: [0, 10])
    let store = Store(initialState: Feature.State(selection: 0, next: "after-0", elements: [Message(0)])) {
      Feature(prefetchDistance: 0, maxElements: 5, areInIncreasingOrder: { $0.id < $1.id }) { @MainActor request in
        let after = Int(request.cursor?.rawValue.dropFirst("after-".count) ?? "") ?? 0
        let rest = posted.ids.filter { $0 > after }
        return Page(
          next: rest.count > 1 ? PaginationCursor("after-\(rest[0])") : nil,
          elements: rest.prefix(1).map { Message($0) })
      }
    }
    await store.send(.loadPage(.bottom)).finish()
    #expect(store.state.endStatus == .endReached(.noMoreCursor))
    for id in [2, 4, 6, 8] {
      posted.ids.insert(id, at: posted.ids.count - 1)
      store.send(.insert(Message(id), at: .sorted))
    }
    // 8 took the window over its bound of 5: the end's page went, and its cursor is the first page's.
    #expect(store.state.elements.map(\.id) == [0, 2, 4, 6, 8])
    #expect(store.state.next == "after-0")
    await store.send(.loadPage(.bottom)).finish()
    #expect(store.state.endStatus == .endReached(.noMoreCursor))
    #expect(store.state.elements.last?.id == 10)
  }

  /// A page whose answer overlapped the page before it (it sent 4 and 5 again) was given its
  /// cursor next to 4; 4 was removed since. When the page before goes, 5 stays: that cursor, left
  /// at the start, loads only what lies before 4, and 5 would be lost in a hole.
  @Test func anElementPastTheCursorLeftAtTheEdgeStaysWhenItsPageIsEvicted() async {
    let posted = PostedMessages(ids: [-2, 0, 2, 10])
    var feature = Feature(prefetchDistance: 0, maxElements: 5, areInIncreasingOrder: { $0.id < $1.id }) {
      @MainActor request in
      let bound = Int(request.cursor?.rawValue.split(separator: "-", maxSplits: 1).last ?? "") ?? 0
      let after = request.position == .after(request.cursor ?? "")
      let rows =
        after ? Array(posted.ids.filter { $0 > bound }.prefix(3)) : Array(posted.ids.filter { $0 < bound }.suffix(3))
      guard let first = rows.first, let last = rows.last else { return Page(elements: []) }
      return Page(
        previous: posted.ids.contains { $0 < first } ? PaginationCursor("before-\(first)") : nil,
        next: posted.ids.contains { $0 > last } ? PaginationCursor("after-\(last)") : nil,
        elements: rows.map { Message($0) })
    }
    feature.loadSize = .fixed
    let store = Store(
      initialState: Feature.State(
        selection: 2, previous: "before-0", next: "after-2", elements: [Message(0), Message(2)])
    ) { feature }
    await store.send(.loadPage(.bottom)).finish()  // [10], the end of the list
    for id in [4, 5] {
      posted.ids.insert(id, at: posted.ids.count - 1)
      store.send(.insert(Message(id), at: .sorted))  // placed in the first page, before 10's
    }
    await store.send(.loadPage(.top)).finish()  // [-2]; 10's page goes
    await store.send(.loadPage(.bottom)).finish()  // [4, 5, 10], 4 and 5 again; -2's page goes
    #expect(store.state.elements.map(\.id) == [0, 2, 4, 5, 10])
    posted.ids.removeAll { $0 == 4 }
    store.send(.remove(4))
    store.send(.selectElement(10))
    for id in [11, 12] {
      posted.ids.append(id)
      store.send(.insert(Message(id), at: .sorted))  // 12 takes the window over its limit
    }
    #expect(store.state.elements.map(\.id) == [5, 10, 11, 12])
    #expect(store.state.previous == "before-4")
  }

  /// The limit was lowered (memory pressure) below what the window holds. One eviction takes the
  /// start's page, which holds the selection, and then the page that just arrived: the selection
  /// moves to the first row that stays, not to the last.
  @Test func anEvictionAtBothEdgesMovesTheSelectionToTheRowNearestItsPage() async {
    let pages = MessagePages(size: 10, total: 100)
    let loader = ControllablePageLoader<Message>()
    var initial = window(of: pages, 0, 5)
    initial.lastVisible = 35
    initial.selection = 5
    let store = TestStore(initialState: initial) {
      Feature(prefetchDistance: 10, maxElements: 50, loadPage: loader.loadPage)
    }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-6")) }
    loader.respond(to: .bottom("page-6"), with: pages.page(6))
    await store.receive(case: Feature.Action.pageResponse) {
      // 70 rows: the start's page goes (farther from row 35), then the new one (now farther).
      $0.elements = IdentifiedElements((10..<60).map { Message($0) })
      $0.pages = PageList((1...5).map { pages.info($0) })
      $0.startStatus = .idle
      $0.endStatus = .idle
      $0.selection = 10
    }
    await store.receive(.delegate(.didEvict(.start, count: 10)))
    await store.receive(.delegate(.didEvict(.end, count: 10)))
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(10))))
  }

  /// A live insert that takes the window past its limit evicts at the edge farther from the screen.
  @Test func aLiveInsertOverTheLimitEvictsTheEdgeFartherFromTheScreen() async {
    let loader = ControllablePageLoader<Message>()
    var initial = window(0, 1, visible: 1)
    initial.startStatus = .endReached(.noMoreCursor)
    let store = TestStore(initialState: initial) {
      Feature(prefetchDistance: 1, maxElements: 6, areInIncreasingOrder: { $0.id < $1.id }, loadPage: loader.loadPage)
    }
    await store.send(.insert(Message(-1), at: .top)) {
      $0.elements = IdentifiedElements([Message(-1), Message(0), Message(1), Message(2)])
      $0.pages = PageList([PageInfo(next: "page-1", count: 4)])
      $0.endStatus = .idle
      $0.unseenAboveScreen = 1
    }
    await store.receive(.delegate(.didEvict(.end, count: 3)))
    await store.receive(case: Feature.Action.delegate)
    #expect(store.state.next == "page-1")
  }
}

/// The messages a test's server has, as they are posted.
@MainActor
final class PostedMessages {
  var ids: [Int]

  init(ids: [Int]) { self.ids = ids }
}
