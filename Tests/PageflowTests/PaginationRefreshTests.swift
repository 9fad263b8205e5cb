import Pageflow
import PageflowTesting
import Testing

/// Refresh and reset: the old window stays until the new page arrives; answers from before the
/// reload are dropped, never merged, whatever order they come in; a refresh keeps the user's place.
@MainActor
struct PaginationRefreshTests {
  let pages = MessagePages()

  struct Filter: PaginationContext {
    var unreadOnly: Bool
  }

  struct Offline: Error {}

  func twoPages(selecting selection: Int) -> Feature.State {
    var state = pages.state(at: 0)
    state.elements.append(contentsOf: pages.messages(1))
    state.pages = PageList([pages.info(0), pages.info(1)])
    state.selection = selection
    return state
  }

  @Test func refreshReloadsAroundTheSelectionAndKeepsTheOldWindowUntilItArrives() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: twoPages(selecting: 4)) { Feature(loadPage: loader.loadPage) }
    let around = PageRequest.refreshing(.around("4"))
    await store.send(.refresh) { $0.reloadStatus = .loading(around) }
    #expect(store.state.isRefreshing)
    #expect(store.state.elements.count == 6)

    let fresh = Page(previous: "before-3", next: "after-5", elements: [Message(3), Message(4, "edited"), Message(5)])
    loader.respond(to: around, with: fresh)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = [Message(3), Message(4, "edited"), Message(5)]
      $0.pages = PageList([PageInfo(previous: "before-3", next: "after-5", count: 3)])
      $0.startStatus = .idle
      $0.endStatus = .idle
      $0.reloadStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)  // didUpdate; the selection did not move
    await store.finish()
  }

  @Test func refreshAnchorsOnTheLastVisibleElementAndKeepsItWhenItIsStillThere() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: twoPages(selecting: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.elementAppeared(4)) {
      $0.lastVisible = 4
      $0.endStatus = .loading(.bottom("page-2"))
    }
    await store.send(.refresh) {
      $0.endStatus = .idle
      $0.reloadStatus = .loading(.refreshing(.around("4")))
    }
    loader.respond(
      to: .refreshing(.around("4")), with: Page(previous: "page-0", next: "page-2", elements: pages.messages(1)))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(1))
      $0.pages = PageList([pages.info(1)])
      $0.startStatus = .idle
      $0.reloadStatus = .idle
      $0.selection = 3
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(3))))
    #expect(store.state.lastVisible == 4)
    await store.finish()
  }

  @Test func whenTheSelectedElementIsGoneARefreshSelectsItsNearestNeighbour() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: twoPages(selecting: 4)) { Feature(loadPage: loader.loadPage) }
    await store.send(.refresh) { $0.reloadStatus = .loading(.refreshing(.around("4"))) }
    // 4 was deleted on the server; 1 and 5 are both in the new page, 5 is nearer.
    let fresh = Page(previous: "page-0", next: "page-2", elements: [Message(1), Message(5), Message(6)])
    loader.respond(to: .refreshing(.around("4")), with: fresh)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = [Message(1), Message(5), Message(6)]
      $0.pages = PageList([PageInfo(previous: "page-0", next: "page-2", count: 3)])
      $0.startStatus = .idle
      $0.reloadStatus = .idle
      $0.selection = 5
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(5))))
  }

  @Test func aLoaderThatKnowsOnlyCursorsAnswersARefreshWithItsFirstPage() async {
    // A loader written for `cursor` alone sees nil for an `.around` request: the first page.
    let store = Store(initialState: twoPages(selecting: 4)) {
      Feature { request in pages.page(request.cursor.flatMap { Int($0.rawValue.dropFirst(5)) } ?? 0) }
    }
    await store.send(.refresh).finish()
    #expect(store.state.elements.map(\.id) == [0, 1, 2])
    #expect(store.state.selection == 2)  // the nearest to 4 of what is loaded now
  }

  @Test func refreshFromStartReloadsTheFirstPage() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: twoPages(selecting: 4)) { Feature(loadPage: loader.loadPage) }
    await store.send(.refreshFromStart) { $0.reloadStatus = .loading(.refreshing(.first)) }
    let fresh = Page(next: "page-1", elements: [Message(100), Message(0, "edited"), Message(1)])
    loader.respond(to: .refreshing(.first), with: fresh)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = [Message(100), Message(0, "edited"), Message(1)]
      $0.pages = PageList([PageInfo(next: "page-1", count: 3)])
      $0.reloadStatus = .idle
      $0.selection = 1
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(1))))
  }

  @Test func outOfOrderAnswersAcrossARefreshOnlyMergeTheCurrentOne() async {
    let loader = ControllablePageLoader<Message>(ignoresCancellation: true)
    let store = TestStore(initialState: pages.state(at: 1)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-0")) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await store.send(.refreshFromStart) {
      $0.startStatus = .idle
      $0.endStatus = .idle
      $0.reloadStatus = .loading(.refreshing(.first))
    }
    // The new first page answers first, the old loads after it.
    loader.respond(to: .refreshing(.first), with: pages.page(0))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(0))
      $0.pages = PageList([pages.info(0)])
      $0.startStatus = .endReached(.noMoreCursor)
      $0.reloadStatus = .idle
      $0.selection = 0
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(0))))
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    loader.respond(to: .top("page-0"), with: pages.page(0))
    await store.finish()
    #expect(store.state.elements.map(\.id) == [0, 1, 2])
  }

  @Test func aStaleAnswerForTheSameRequestAfterARefreshIsDropped() async {
    let loader = ControllablePageLoader<Message>(ignoresCancellation: true)
    let store = Store(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    let staleLoad = store.send(.loadPage(.bottom))
    let refresh = store.send(.refreshFromStart)
    loader.respond(to: .refreshing(.first), with: pages.page(0))
    await refresh.finish()
    let freshLoad = store.send(.loadPage(.bottom))
    #expect(store.state.endStatus == .loading(.bottom("page-1")))
    // The load from before the refresh answers now, while the same request is loading again.
    loader.respond(to: .bottom("page-1"), with: Page(previous: "page-0", next: "page-2", elements: [Message(50)]))
    await staleLoad.finish()
    #expect(store.state.elements.map(\.id) == [0, 1, 2])
    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    await freshLoad.finish()
    #expect(store.state.elements.map(\.id) == [0, 1, 2, 3, 4, 5])
  }

  @Test func resetDropsThePagesAndLoadsForTheNewContext() async throws {
    let loader = ControllablePageLoader<Message>(ignoresCancellation: true)
    let store = TestStore(initialState: pages.state(at: 1)) { Feature(loadPage: loader.loadPage) }
    let unread = Filter(unreadOnly: true)
    let firstUnread = PageRequest(.first, context: unread)
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await store.send(.reset(context: unread)) {
      $0.context = unread
      $0.elements = []
      $0.pages = PageList()
      $0.endStatus = .idle
      $0.reloadStatus = .loading(firstUnread)
    }
    #expect(store.state.selectionIndex == nil)
    // The old context's page arrives: dropped.
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    loader.respond(to: firstUnread, with: Page(next: "unread-2", elements: [Message(7), Message(9)]))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = [Message(7), Message(9)]
      $0.pages = PageList([PageInfo(next: "unread-2", count: 2)])
      $0.startStatus = .endReached(.noMoreCursor)
      $0.reloadStatus = .idle
      $0.selection = 7
    }
    await store.receive(.delegate(.didUpdate(context: unread, pages: PageList([PageInfo(next: "unread-2", count: 2)]))))
    await store.receive(.delegate(.didSelect(Message(7))))
    await store.finish()
    #expect(try loader.requests.last?.context(as: Filter.self) == unread)
  }

  @Test func aFailedRefreshKeepsTheWindowAndIsRetriedWithRetryReload() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.refreshFromStart) { $0.reloadStatus = .loading(.refreshing(.first)) }
    loader.fail(.refreshing(.first), with: Offline())
    await store.receive(case: Feature.Action.pageResponse) {
      $0.reloadStatus = .failed(.refreshing(.first), LoadError(Offline()))
    }
    #expect(store.state.elements.count == 3)
    await store.send(.retryReload) { $0.reloadStatus = .loading(.refreshing(.first)) }
    loader.respond(to: .refreshing(.first), with: pages.page(0))
    await store.receive(case: Feature.Action.pageResponse) { $0.reloadStatus = .idle }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func afterAFailedRefreshIsRetriedTheTopLoadsAgain() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 1)) { Feature(loadPage: loader.loadPage) }
    await store.send(.refreshFromStart) { $0.reloadStatus = .loading(.refreshing(.first)) }
    loader.fail(.refreshing(.first), with: Offline())
    await store.receive(case: Feature.Action.pageResponse) {
      $0.reloadStatus = .failed(.refreshing(.first), LoadError(Offline()))
    }
    // The old window still works while the refresh is failed.
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-0")) }
    loader.respond(to: .top("page-0"), with: pages.page(0))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(0) + pages.messages(1))
      $0.pages = PageList([pages.info(0), pages.info(1)])
      $0.startStatus = .endReached(.noMoreCursor)
    }
    await store.receive(case: Feature.Action.delegate)
    // The retried refresh answers with page 1, whose start has a cursor again: the top loads it.
    await store.send(.retryReload) { $0.reloadStatus = .loading(.refreshing(.first)) }
    loader.respond(to: .refreshing(.first), with: pages.page(1))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(1))
      $0.pages = PageList([pages.info(1)])
      $0.startStatus = .idle
      $0.reloadStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-0")) }
    store.skipInFlightEffects()
  }

  @Test func aHorizontalSelectionWaitingWhenARefreshStartsIsForgotten() async {
    let loader = ControllablePageLoader<Message>()
    var initial = pages.state(at: 0)
    initial.selection = 2
    let store = TestStore(initialState: initial) { Feature(loadPage: loader.loadPage) }
    await store.send(.select(.trailing)) {
      $0.endStatus = .loading(.trailing("page-1"))
      $0.pendingSelection = .end
    }
    await store.send(.refreshFromStart) {
      $0.endStatus = .idle
      $0.pendingSelection = nil
      $0.reloadStatus = .loading(.refreshing(.first))
    }
    await store.send(.select(.trailing))  // at the edge while refreshing: waits for nothing
    loader.respond(to: .refreshing(.first), with: pages.page(0))
    await store.receive(case: Feature.Action.pageResponse) { $0.reloadStatus = .idle }
    await store.receive(case: Feature.Action.delegate)
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    await store.receive(case: Feature.Action.pageResponse) {  // the selection does not move unasked
      $0.elements.append(contentsOf: pages.messages(1))
      $0.pages.append(pages.info(1))
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func afterAnEmptyFirstPageTheSelectionFollowsToTheElementsThatArrive() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.reset(context: NoPaginationContext.none)) {
      $0.elements = []
      $0.pages = PageList()
      $0.startStatus = .idle
      $0.endStatus = .idle
      $0.reloadStatus = .loading(.bottom(nil))
    }
    loader.respond(to: .bottom(nil), with: Page(next: "page-9", elements: []))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.pages = PageList([PageInfo(next: "page-9", count: 0)])
      $0.startStatus = .endReached(.noMoreCursor)
      $0.endStatus = .loading(.bottom("page-9"))
      $0.reloadStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
    loader.respond(to: .bottom("page-9"), with: Page(previous: "page-8", elements: [Message(10), Message(11)]))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = [Message(10), Message(11)]
      $0.pages.append(PageInfo(previous: "page-8", count: 2))
      $0.endStatus = .endReached(.noMoreCursor)
      $0.selection = 10
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(10))))
  }
}
