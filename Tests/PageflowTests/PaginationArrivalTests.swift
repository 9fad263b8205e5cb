import Pageflow
import PageflowTesting
import Testing

/// Live inserts that arrive while a page or a reload is loading: a counted arrival stays counted, or
/// is placed, until an answer to a request sent after it arrived has come, so a new message is never
/// lost to a page the server read before it was posted.
@MainActor
struct PaginationArrivalTests {
  let pages = MessagePages()

  func feature(_ loader: ControllablePageLoader<Message>) -> Feature {
    Feature(areInIncreasingOrder: { $0.id < $1.id }, loadPage: loader.loadPage)
  }

  /// The new element arriving at `edge`, and the point it is inserted at.
  nonisolated static let arrivals: [(PaginationEdge, Feature.InsertionPoint)] = [
    (.end, .sorted), (.end, .bottom), (.start, .sorted), (.start, .top),
  ]

  /// A page that reaches the end of the list, read before a new message was posted: the message
  /// arrived while it loaded, so it is placed after the page, not forgotten with the count.
  @Test(arguments: arrivals)
  func anArrivalWhileTheEdgesLastPageLoadsIsPlacedWhenThatPageReachesTheEnd(
    edge: PaginationEdge, point: Feature.InsertionPoint
  ) async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: edge == .end ? 2 : 1)) { feature(loader) }
    let request: PageRequest = edge == .end ? .bottom("page-3") : .top("page-0")
    let arrival = Message(edge == .end ? 12 : -1)
    await store.send(.loadPage(edge == .end ? .bottom : .top)) { $0.set(edge, .loading(request)) }
    await store.send(.insert(arrival, at: point)) {
      if edge == .end { $0.unseenAtEnd = 1 } else { $0.unseenAtStart = 1 }
      if edge == .end { $0.unseenBelowScreen = 1 } else { $0.unseenAboveScreen = 1 }
    }
    let answer = pages.page(edge == .end ? 3 : 0)  // without the arrival, and no cursor beyond
    loader.respond(to: request, with: answer)
    await store.receive(case: Feature.Action.pageResponse) {
      if edge == .end {
        $0.elements.append(contentsOf: answer.elements + [arrival])
        $0.pages.append(PageInfo(previous: "page-2", count: 4))
      } else {
        $0.elements.prepend(contentsOf: [arrival] + answer.elements)
        $0.pages.prepend(PageInfo(next: "page-1", count: 4))
      }
      $0.set(edge, .endReached(.noMoreCursor))
      $0.unseenAtStart = 0
      $0.unseenAtEnd = 0
    }
    await store.receive(case: Feature.Action.delegate)
  }

  /// A jump to an end, read before a new message was posted at that end: the message is placed at
  /// the end the jump opens, and selected as the last (or first) element of the list.
  @Test(arguments: arrivals)
  func anArrivalWhileAJumpToItsEndLoadsIsPlacedAndSelected(edge: PaginationEdge, point: Feature.InsertionPoint)
    async
  {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: edge == .end ? 0 : pages.lastPage)) { feature(loader) }
    let request = PageRequest(edge == .end ? .last : .first)
    let arrival = Message(edge == .end ? 12 : -1)
    await store.send(.jump(to: edge == .end ? .end : .start)) { $0.reloadStatus = .loading(request) }
    await store.send(.insert(arrival, at: point)) {
      if edge == .end { $0.unseenAtEnd = 1 } else { $0.unseenAtStart = 1 }
      if edge == .end { $0.unseenBelowScreen = 1 } else { $0.unseenAboveScreen = 1 }
    }
    let answer = pages.page(edge == .end ? pages.lastPage : 0)
    loader.respond(to: request, with: answer)
    await store.receive(case: Feature.Action.pageResponse) {
      if edge == .end {
        $0.elements = IdentifiedElements(answer.elements + [arrival])
        $0.pages = PageList([PageInfo(previous: "page-2", count: 4)])
        $0.startStatus = .idle
        $0.endStatus = .endReached(.noMoreCursor)
      } else {
        $0.elements = IdentifiedElements([arrival] + answer.elements)
        $0.pages = PageList([PageInfo(next: "page-1", count: 4)])
        $0.startStatus = .endReached(.noMoreCursor)
        $0.endStatus = .idle
      }
      $0.reloadStatus = .idle
      $0.unseenAtStart = 0
      $0.unseenAtEnd = 0
      $0.selection = arrival.id  // selected: seen
      $0.unseenAboveScreen = 0
      $0.unseenBelowScreen = 0
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(arrival)))
  }

  /// The page loading when a message arrived stops short of the end: the message stays counted
  /// (the next page, asked for after it arrived, brings it).
  @Test func anArrivalStaysCountedWhenThePageLoadingBeforeItStopsShortOfTheEnd() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 1)) { feature(loader) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await store.send(.insert(Message(12), at: .sorted)) {
      $0.unseenAtEnd = 1
      $0.unseenBelowScreen = 1
    }
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(2))
      $0.pages.append(pages.info(2))
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
  }

  /// An element that arrived beyond the end while the next page loaded, and sorts inside that page
  /// (the server read the page before the element was posted): placed in it, not left in a hole.
  @Test func anArrivalThatSortsInsideThePageLoadingBeforeItIsPlacedThere() async {
    let loader = ControllablePageLoader<Message>()
    let evens = Page(previous: "page-1", next: "page-3", elements: [Message(6), Message(8)])
    let store = TestStore(initialState: pages.state(at: 1)) { feature(loader) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await store.send(.insert(Message(7), at: .sorted)) {
      $0.unseenAtEnd = 1
      $0.unseenBelowScreen = 1
    }
    loader.respond(to: .bottom("page-2"), with: evens)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: [Message(6), Message(7), Message(8)])
      $0.pages.append(PageInfo(previous: "page-1", next: "page-3", count: 3))
      $0.endStatus = .idle
      $0.unseenAtEnd = 0
    }
    await store.receive(case: Feature.Action.delegate)
  }

  /// A refresh in the middle of the list leaves the new messages beyond its end: still counted.
  @Test func aRefreshThatStopsShortOfTheEndKeepsTheCount() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 1)) { feature(loader) }
    await store.send(.insert(Message(12), at: .bottom)) {
      $0.unseenAtEnd = 1
      $0.unseenBelowScreen = 1
    }
    let around = PageRequest.refreshing(.around("3"))
    await store.send(.refresh) { $0.reloadStatus = .loading(around) }
    loader.respond(to: around, with: pages.page(1))
    await store.receive(case: Feature.Action.pageResponse) { $0.reloadStatus = .idle }
    await store.receive(case: Feature.Action.delegate)
    #expect(store.state.unseenAtEnd == 1)
  }

  /// A reset to the same context opens the same list: its new messages stay counted. A reset to
  /// another context opens another list, and the old list's counts go.
  @Test(arguments: [false, true])
  func aResetKeepsTheCountsOfItsOwnListOnly(toAnotherContext: Bool) async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 1)) { feature(loader) }
    await store.send(.insert(Message(12), at: .bottom)) {
      $0.unseenAtEnd = 1
      $0.unseenBelowScreen = 1
    }
    let context: any PaginationContext = toAnotherContext ? Filter.unread : NoPaginationContext.none
    await store.send(.reset(context: context)) {
      $0.context = context
      $0.elements = []
      $0.pages = PageList()
      $0.startStatus = .idle
      $0.endStatus = .idle
      $0.reloadStatus = .loading(PageRequest(.first, context: context))
      if toAnotherContext {
        $0.unseenAtEnd = 0
        $0.unseenBelowScreen = 0
      }
    }
    store.skipInFlightEffects()
  }

  enum Filter: PaginationContext {
    case unread
  }
}

extension Feature.State {
  /// Sets the status of `edge`.
  mutating func set(_ edge: PaginationEdge, _ status: PaginationStatus) {
    if edge == .start { startStatus = status } else { endStatus = status }
  }
}
