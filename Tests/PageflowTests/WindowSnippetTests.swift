import Pageflow
import PageflowTesting
import Testing

// The code of every snippet in Documentation/Window.md, compiled and run; ArticleSnippetTests
// checks that the article shows it as written. When you change one, change the other.

/// A fake server that answers every position: `total` messages in pages of `pageSize`, named
/// "page-0", "page-1", …; the page around a message is the page that holds it.
struct DocWindowServer: Sendable {
  var pageSize = 10
  var total = 1_000

  func page(_ request: PageRequest) -> Page<DocMessage> {
    let lastPage = (total - 1) / pageSize
    let number: Int
    switch request.position {
    case .first: number = 0
    case .last: number = lastPage
    case .after(let cursor), .before(let cursor): number = Int(cursor.rawValue.dropFirst("page-".count)) ?? 0
    case .around(let anchor): number = (Int(anchor.rawValue) ?? 0) / pageSize
    }
    let page = Swift.min(Swift.max(0, number), lastPage)
    return Page(
      previous: page > 0 ? PaginationCursor("page-\(page - 1)") : nil,
      next: page < lastPage ? PaginationCursor("page-\(page + 1)") : nil,
      elements: (page * pageSize..<Swift.min(total, (page + 1) * pageSize)).map { DocMessage($0) }
    )
  }

  /// The list opened at its first page, with its first message selected.
  var firstPage: PaginationFeature<DocMessage>.State {
    let first = page(PageRequest(.first))
    return PaginationFeature<DocMessage>.State(selection: 0, next: first.next, elements: first.elements)
  }
}

@MainActor
struct WindowSnippetTests {
  @Test func aLoaderAnswersEveryPosition() {
    let server = DocWindowServer()
    #expect(server.page(PageRequest(.around("505"))).elements.map(\.id) == Array(500..<510))
    #expect(server.page(PageRequest(.last)).next == nil)
    #expect(server.page(PageRequest(direction: .top, cursor: "page-49")).next == "page-50")
    #expect(server.firstPage.elements.count == 10)
  }

  @Test func aJumpLoadsThePageAroundAnElement() async {
    let server = DocWindowServer()
    let loader = ControllablePageLoader<DocMessage>()
    let store = TestStore(initialState: server.firstPage) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    let around = PageRequest(.around("505"))
    await store.send(.jump(to: .element(505))) { $0.reloadStatus = .loading(around) }
    #expect(store.state.elements.map(\.id) == Array(0..<10))  // the old window, until the answer

    loader.respond(to: around, with: server.page(around))
    await store.receive(case: PaginationFeature<DocMessage>.Action.pageResponse) {
      $0.elements = IdentifiedElements((500..<510).map { DocMessage($0) })
      $0.pages = PageList([PageInfo(previous: "page-49", next: "page-51", count: 10)])
      $0.startStatus = .idle  // messages before it are a cursor away
      $0.reloadStatus = .idle
      $0.selection = 505
    }
    await store.receive(case: PaginationFeature<DocMessage>.Action.delegate)  // didUpdate
    await store.receive(.delegate(.didSelect(DocMessage(505))))
  }

  @Test func anAnchorCursorNamesTheElementAsTheLoaderKnowsIt() async {
    let loader = ControllablePageLoader<DocMessage>()
    let store = Store(initialState: DocWindowServer().firstPage) {
      PaginationFeature<DocMessage>(
        anchorCursor: { id in PaginationCursor("message-\(id)") }, loadPage: loader.loadPage)
    }
    store.send(.jump(to: .element(42)))
    #expect(store.state.reloadStatus == .loading(PageRequest(.around("message-42"))))
    store.send(.cancelReload)
    #expect(store.state.reloadStatus == .idle)
  }

  @Test func aJumpToEitherEndLoadsItOrOnlySelects() async {
    let server = DocWindowServer()
    let store = Store(initialState: server.firstPage) {
      PaginationFeature<DocMessage> { request in server.page(request) }
    }
    await store.send(.jump(to: .end)).finish()  // the end is not loaded: its last page is
    #expect(store.state.elements.map(\.id) == Array(990..<1_000))
    #expect(store.state.selection == 999)
    #expect(store.state.endStatus == .endReached(.noMoreCursor))

    store.send(.selectElement(995))
    store.send(.jump(to: .end))  // loaded now: it only selects
    #expect(store.state.selection == 999)
    #expect(!store.state.isRefreshing)

    await store.send(.jump(to: .start)).finish()
    #expect(store.state.elements.map(\.id) == Array(0..<10))
    #expect(store.state.selection == 0)
  }

  @Test func aChatOpensAtItsNewestMessage() async {
    let server = DocWindowServer()
    // The first page is the last one: the end is reached, older messages are a cursor away.
    let newest = server.page(PageRequest(.last))
    let chat = PaginationFeature<DocMessage>.State(
      selection: newest.elements.last?.id ?? 0, previous: newest.previous, elements: newest.elements)
    #expect(chat.endStatus == .endReached(.noMoreCursor))
    #expect(chat.startStatus == .idle)
    let store = Store(initialState: chat) {
      PaginationFeature<DocMessage> { request in server.page(request) }
    }
    await store.send(.elementAppeared(992)).finish()  // the user scrolls up: older messages load
    #expect(store.state.elements.map(\.id) == Array(980..<1_000))
    #expect(store.state.selection == 999)
  }

  @Test func anEmptyListJumpsToItsEndByLoadingTheLastPage() async {
    let server = DocWindowServer()
    let store = Store(initialState: PaginationFeature<DocMessage>.State(selection: 0, elements: [])) {
      PaginationFeature<DocMessage> { request in server.page(request) }
    }
    #expect(store.state.endStatus == .idle)  // nothing loaded: no end known either way
    await store.send(.jump(to: .end)).finish()  // no last element to select: the last page loads
    #expect(store.state.elements.map(\.id) == Array(990..<1_000))
    #expect(store.state.selection == 999)
    #expect(store.state.startStatus == .idle)
  }

  @Test func scrollingThroughAThousandRowsKeepsFiftyInMemory() async throws {
    let server = DocWindowServer()
    let feature = PaginationFeature<DocMessage>(maxElements: 50) { request in server.page(request) }
    try feature.validateWindow(pageSize: 10)  // 50: 3 pages, and a page each side
    let store = Store(initialState: server.firstPage) { feature }
    for id in 0..<1_000 {  // each row reported as it scrolls into view
      await store.send(.elementAppeared(id)).finish()
    }
    #expect(store.state.elements.count <= 50)
    #expect(store.state.elements.last?.id == 999)
    #expect(store.state.previous != nil)  // the start reloads what was evicted, from its cursor

    var smaller = feature
    smaller.maxElements = 40
    #expect(throws: PaginationError.self) {
      try smaller.validateWindow(pageSize: 10)  // too small for the scroll
    }
  }

  @Test func evictionTellsTheParentBeforeThePageAndTheSelection() async {
    let server = DocWindowServer()
    let loading = Store(initialState: server.firstPage) {
      PaginationFeature<DocMessage> { request in server.page(request) }
    }
    for _ in 1..<5 { await loading.send(.loadPage(.bottom)).finish() }  // messages 0..<50
    let loader = ControllablePageLoader<DocMessage>()
    let store = TestStore(initialState: loading.state) {
      PaginationFeature<DocMessage>(maxElements: 50, loadPage: loader.loadPage)
    }
    let next = PageRequest(direction: .bottom, cursor: "page-5")
    await store.send(.elementAppeared(41)) {
      $0.lastVisible = 41
      $0.endStatus = .loading(next)
    }
    loader.respond(to: next, with: server.page(next))
    await store.receive(case: PaginationFeature<DocMessage>.Action.pageResponse) {
      $0.elements = IdentifiedElements((10..<60).map { DocMessage($0) })
      $0.pages.popFirst()
      $0.pages.append(PageInfo(previous: "page-4", next: "page-6", count: 10))
      $0.startStatus = .idle  // page 0 went; the start's cursor loads it again
      $0.endStatus = .idle
      $0.selection = 10  // its page went: the nearest element that stays
    }
    await store.receive(.delegate(.didEvict(.start, count: 10)))  // first: keep the scroll offset
    await store.receive(case: PaginationFeature<DocMessage>.Action.delegate)  // then didUpdate
    await store.receive(.delegate(.didSelect(DocMessage(10))))  // then didSelect
    #expect(store.state.previous == "page-0")
  }

  @Test func aRefreshInPlaceKeepsTheUserWhereTheyAre() async {
    let server = DocWindowServer()
    let store = Store(initialState: server.firstPage) {
      PaginationFeature<DocMessage> { request in server.page(request) }
    }
    await store.send(.jump(to: .element(505))).finish()
    await store.send(.elementAppeared(507)).finish()  // within a page of both edges: both load
    #expect(store.state.elements.map(\.id) == Array(490..<520))

    await store.send(.refresh).finish()  // the page around 507, the row on screen
    #expect(store.state.elements.map(\.id) == Array(500..<510))
    #expect(store.state.selection == 505)
    #expect(store.state.lastVisible == 507)
  }
}
