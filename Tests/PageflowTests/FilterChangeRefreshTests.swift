import Pageflow
import PageflowTesting
import Testing

/// A composed list (a `LoadableState` holding a `PaginationFeature`) whose filter changed through
/// the list (`reset(context:)`): every way to load again loads the new filter, never the one the
/// first load was made with.
@MainActor
struct FilterChangeRefreshTests {
  struct Channel: PaginationContext { var name: String }
  struct Unavailable: Error {}

  struct Screen: Reducer {
    struct State: Equatable, Sendable {
      @LoadableStateWith<Channel, PaginationFeature<Message>.State> var messages
    }
    enum Action: Equatable, Sendable {
      case messages(LoadingActionOf<Channel, PaginationFeature<Message>>)
    }
    let loadPage: PaginationFeature<Message>.LoadPage

    var body: some ReducerOf<Self> {
      EmptyReducer()
        .loadable(\.$messages, action: Action.messages) {
          PaginationFeature<Message>(loadPage: loadPage)
        } load: { channel, _ in
          // The first load asks the same loader, so a test sees whichever path a refresh takes.
          let page = try await loadPage(PageRequest(.first, context: channel))
          return PaginationFeature<Message>.State(
            context: channel, selection: 0, next: page.next, elements: page.elements)
        }
    }
  }

  let general = Channel(name: "general")
  let closed = Channel(name: "closed")
  let loader = ControllablePageLoader<Message>()

  /// A screen showing "general", loaded.
  func screen() -> Store<Screen.State, Screen.Action> {
    let list = PaginationFeature<Message>.State(
      context: general, selection: 0, next: "page-1", elements: [Message(0), Message(1)])
    return Store(initialState: Screen.State(messages: .loaded(list, request: general))) {
      Screen(loadPage: loader.loadPage)
    }
  }

  /// The channel the latest request asked for.
  var lastChannel: String? { (loader.requests.last?.context as? Channel)?.name }

  /// Switches `store` to "closed"; answers the reset with `answer`, or leaves it in flight.
  func switchToClosed(_ store: Store<Screen.State, Screen.Action>, answer: Result<Page<Message>, any Error>?) async {
    let reset = store.send(.messages(.loaded(.reset(context: closed))))
    await loader.waitForRequests(count: 1)
    #expect(lastChannel == "closed")
    if let answer {
      loader.answer(loader.requests[0], with: answer)
      await reset.finish()
    }
  }

  /// Sends `action` and expects its request to ask for "closed".
  func expectClosed(_ store: Store<Screen.State, Screen.Action>, after action: Screen.Action) async {
    let count = loader.requests.count
    store.send(action)
    await loader.waitForRequests(count: count + 1)
    #expect(lastChannel == "closed", "\(action) asked for \(lastChannel ?? "nothing")")
    store.send(.messages(.loaded(.cancelReload)))
    store.send(.messages(.loaded(.cancel(.bottom))))
  }

  @Test func aRefreshOfTheLoadedListLoadsTheNewFilterAndShowsAsRefreshing() async {
    let store = screen()
    await switchToClosed(store, answer: .success(Page(next: "closed-1", elements: [Message(10)])))
    store.send(.messages(.refresh))
    #expect(store.state.$messages.isRefreshing)
    await loader.waitForRequests(count: 2)
    #expect(lastChannel == "closed")
    store.send(.messages(.loaded(.cancelReload)))
  }

  @Test func aRefreshAfterTheFilterFailedToLoadLoadsTheNewFilter() async {
    let store = screen()
    await switchToClosed(store, answer: .failure(Unavailable()))
    #expect(store.state.messages?.reloadStatus.isFailed == true)
    await expectClosed(store, after: .messages(.refresh))
  }

  @Test func aRefreshWhileTheFilterLoadsLoadsTheNewFilterAndTheSwitchShowsAsRefreshing() async {
    let store = screen()
    await switchToClosed(store, answer: nil)
    #expect(store.state.$messages.isRefreshing)
    await expectClosed(store, after: .messages(.refresh))
  }

  @Test func retryingTheFailedFilterLoadsTheNewFilter() async {
    let store = screen()
    await switchToClosed(store, answer: .failure(Unavailable()))
    await expectClosed(store, after: .messages(.loaded(.retryReload)))
  }

  @Test func refreshingFromTheStartLoadsTheNewFilter() async {
    let store = screen()
    await switchToClosed(store, answer: .success(Page(next: "closed-1", elements: [Message(10)])))
    await expectClosed(store, after: .messages(.loaded(.refreshFromStart)))
  }

  @Test func retryingAFailedPageLoadsTheNewFilter() async {
    let store = screen()
    await switchToClosed(store, answer: .success(Page(next: "closed-1", elements: [Message(10)])))
    let load = store.send(.messages(.loaded(.loadPage(.bottom))))
    await loader.waitForRequests(count: 2)
    loader.fail(loader.requests[1], with: Unavailable())
    await load.finish()
    await expectClosed(store, after: .messages(.loaded(.retry(.bottom))))
  }
}
