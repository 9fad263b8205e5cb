import Pageflow
import PageflowTesting
import Testing

/// Refresh and reset: old elements stay until new ones arrive; answers of an older generation are
/// dropped, never merged, whatever order they come in.
@MainActor
struct PaginationRefreshTests {
  let pages = MessagePages()

  struct Filter: PaginationContext {
    var unreadOnly: Bool
  }

  @Test func refreshKeepsTheElementsUntilTheFirstPageArrivesThenReplacesThem() async {
    let loader = ControllablePageLoader<Message>()
    var initial = pages.state(at: 0)
    initial.elements.append(contentsOf: pages.messages(1))
    initial.pages = PageList([pages.info(0), pages.info(1)])
    initial.selection = 4
    let store = TestStore(initialState: initial) { Feature(loadPage: loader.loadPage) }

    await store.send(.refresh) { $0.endStatus = .loading(.bottom(nil)) }
    #expect(store.state.isRefreshing)
    #expect(store.state.elements.count == 6)

    let fresh = Page(next: "page-1", elements: [Message(100), Message(0, "edited"), Message(1)])
    loader.respond(to: .bottom(nil), with: fresh)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = [Message(100), Message(0, "edited"), Message(1)]
      $0.pages = PageList([PageInfo(next: "page-1", count: 3)])
      $0.endStatus = .idle
      $0.selection = 100
    }
    await store.receive(.delegate(.didSelect(Message(100))))
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func outOfOrderAnswersAcrossARefreshOnlyMergeTheCurrentOne() async {
    let loader = ControllablePageLoader<Message>(ignoresCancellation: true)
    let store = TestStore(initialState: pages.state(at: 1)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-0")) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await store.send(.refresh) {
      $0.startStatus = .idle
      $0.endStatus = .loading(.bottom(nil))
    }
    // The new first page answers first, the old loads after it.
    loader.respond(to: .bottom(nil), with: pages.page(0))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(0))
      $0.pages = PageList([pages.info(0)])
      $0.startStatus = .endReached(.noMoreCursor)
      $0.endStatus = .idle
      $0.selection = 0
    }
    await store.receive(.delegate(.didSelect(Message(0))))
    await store.receive(case: Feature.Action.delegate)
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    loader.respond(to: .top("page-0"), with: pages.page(0))
    await store.finish()
    #expect(store.state.elements.map(\.id) == [0, 1, 2])
  }

  @Test func aStaleAnswerForTheSameRequestAfterARefreshIsDropped() async {
    let loader = ControllablePageLoader<Message>(ignoresCancellation: true)
    let store = Store(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    let staleLoad = store.send(.loadPage(.bottom))
    let refresh = store.send(.refresh)
    loader.respond(to: .bottom(nil), with: pages.page(0))
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
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await store.send(.reset(context: unread)) {
      $0.context = unread
      $0.elements = []
      $0.pages = PageList()
      $0.startStatus = .idle
      $0.endStatus = .loading(PageRequest(direction: .bottom, context: unread, cursor: nil))
    }
    #expect(store.state.selectionIndex == nil)
    // The old context's page arrives: dropped.
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    let firstUnread = Page(next: "unread-2", elements: [Message(7), Message(9)])
    loader.respond(to: PageRequest(direction: .bottom, context: unread, cursor: nil), with: firstUnread)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = [Message(7), Message(9)]
      $0.pages = PageList([PageInfo(next: "unread-2", count: 2)])
      $0.startStatus = .endReached(.noMoreCursor)
      $0.endStatus = .idle
      $0.selection = 7
    }
    await store.receive(.delegate(.didSelect(Message(7))))
    await store.receive(.delegate(.didUpdate(context: unread, pages: PageList([PageInfo(next: "unread-2", count: 2)]))))
    await store.finish()
    #expect(try loader.requests.last?.context(as: Filter.self) == unread)
  }

  @Test func aFailedRefreshKeepsTheElementsAndCanBeRetried() async {
    struct Offline: Error {}
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.refresh) { $0.endStatus = .loading(.bottom(nil)) }
    loader.fail(.bottom(nil), with: Offline())
    await store.receive(case: Feature.Action.pageResponse) {
      $0.endStatus = .failed(LoadError(Offline()), retryable: true)
    }
    #expect(store.state.elements.count == 3)
    await store.send(.retry(.bottom)) { $0.endStatus = .loading(.bottom(nil)) }
    loader.respond(to: .bottom(nil), with: pages.page(0))
    await store.receive(case: Feature.Action.pageResponse) { $0.endStatus = .idle }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func aRefreshClearsAFailedStartSoItLoadsAgainEvenIfTheRefreshFails() async {
    struct Offline: Error {}
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 1)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-0")) }
    loader.fail(.top("page-0"), with: Offline())
    await store.receive(case: Feature.Action.pageResponse) {
      $0.startStatus = .failed(LoadError(Offline()), retryable: true)
    }
    await store.send(.refresh) {
      $0.startStatus = .idle
      $0.endStatus = .loading(.bottom(nil))
    }
    loader.fail(.bottom(nil), with: Offline())
    await store.receive(case: Feature.Action.pageResponse) {
      $0.endStatus = .failed(LoadError(Offline()), retryable: true)
    }
    // The old elements are still shown, and their start loads again.
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-0")) }
    loader.respond(to: .top("page-0"), with: pages.page(0))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(0) + pages.messages(1))
      $0.pages = PageList([pages.info(0), pages.info(1)])
      $0.startStatus = .endReached(.noMoreCursor)
    }
    await store.receive(case: Feature.Action.delegate)
  }
}
