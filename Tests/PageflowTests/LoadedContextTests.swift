import Pageflow
import PageflowTesting
import Testing

/// The filter shows the truth: after a loaded list resets itself to another filter, the loadable
/// state's request names that filter, and every way to load again (refresh, retry, the reset's own
/// retry) loads it. A screen reads its filter from `$list.request` and keeps no copy.
@MainActor
struct LoadedContextTests {
  typealias Screen = FilterChangeRefreshTests.Screen
  typealias Channel = FilterChangeRefreshTests.Channel
  let general = Channel(name: "general")
  let closed = Channel(name: "closed")
  let loader = ControllablePageLoader<Message>()
  struct Offline: Error, Equatable {}
  let offline = LoadError(Offline())

  /// A screen showing two messages of "general", loaded.
  func screen() -> TestStore<Screen.State, Screen.Action> {
    let list = PaginationFeature<Message>.State(
      context: general, selection: 0, next: "page-1", elements: [Message(0), Message(1)])
    return TestStore(initialState: Screen.State(messages: .loaded(list, request: general))) {
      Screen(loadPage: loader.loadPage)
    }
  }

  /// Resets the list of `store` to "closed"; its first page is in flight.
  func resetToClosed(_ store: TestStore<Screen.State, Screen.Action>) async {
    await store.send(.messages(.loaded(.reset(context: closed)))) {
      $0.messages?.context = closed
      $0.messages?.elements = []
      $0.messages?.pages = PageList()
      $0.messages?.startStatus = .idle
      $0.messages?.endStatus = .idle
      $0.messages?.reloadStatus = .loading(PageRequest(.first, context: closed))
    }
  }

  /// Fails the reset's first page.
  func failReset(_ store: TestStore<Screen.State, Screen.Action>) async {
    let request = PageRequest(.first, context: closed)
    loader.fail(request, with: Offline())
    await store.receive(.messages(.loaded(.pageResponse(.init(request: request, result: .failure(offline)))))) {
      $0.messages?.reloadStatus = .failed(request, self.offline)
    }
  }

  /// Answers the reset's first page with message 10.
  func answerReset(_ store: TestStore<Screen.State, Screen.Action>) async {
    loader.respond(to: PageRequest(.first, context: closed), with: Page(elements: [Message(10)]))
    await store.receive(case: { .messages(.loaded(.pageResponse($0))) }) {
      $0.messages?.elements = [Message(10)]
      $0.messages?.pages = PageList([PageInfo(count: 1)])
      $0.messages?.selection = 10
      $0.messages?.startStatus = .endReached(.noMoreCursor)
      $0.messages?.endStatus = .endReached(.noMoreCursor)
      $0.messages?.reloadStatus = .idle
    }
    store.skipReceivedActions()  // the list's delegate actions
  }

  @Test func aResetOfTheListIsTheRequestOfTheLoadableState() async {
    let store = screen()
    await resetToClosed(store)
    #expect(store.state.$messages.request == closed)
    #expect(store.state.$messages.status == .success(closed))
    await answerReset(store)
    #expect(store.state.$messages.status == .success(closed))
  }

  @Test func aFailedResetKeepsTheNewFilterForRetryAndRefresh() async {
    let store = screen()
    await resetToClosed(store)
    await failReset(store)
    #expect(store.state.$messages.request == closed)

    await store.send(.messages(.retry)) { $0.messages?.reloadStatus = .loading(PageRequest(.first, context: closed)) }
    await failReset(store)
    let refresh = PageRequest(.first, context: closed, isRefresh: true)
    await store.send(.messages(.refresh)) { $0.messages?.reloadStatus = .loading(refresh) }
    await loader.waitForRequests(count: 3)
    await store.send(.messages(.cancel)) { $0.messages?.reloadStatus = .idle }
    #expect(loader.requests.map { ($0.context as? Channel)?.name } == ["closed", "closed", "closed"])
    await store.finish()
  }

  @Test func cancelAndDismissErrorGoBackToTheNewFilter() async {
    let store = screen()
    await resetToClosed(store)
    await answerReset(store)
    let open = Channel(name: "open")
    await store.send(.messages(.load(open))) { $0.$messages.becomeActive(open) }
    await store.send(.messages(.cancel)) { $0.$messages.cancel() }
    #expect(store.state.$messages.status == .success(closed))

    await store.send(.messages(.load(open))) { $0.$messages.becomeActive(open) }
    loader.fail(PageRequest(.first, context: open), with: Offline())
    await store.receive(.messages(.finished(open, didRefresh: false, .failure(offline)))) {
      $0.$messages.finish(open, result: .failure(self.offline))
    }
    await store.send(.messages(.dismissError)) { $0.$messages.dismissError() }
    #expect(store.state.$messages.status == .success(closed))
  }

  /// A state built or changed by hand follows too, so a test's expected state needs no status of
  /// its own.
  @Test func aStateChangedByHandFollowsItsValue() {
    let list = PaginationFeature<Message>.State(context: general, selection: 0, elements: [Message(0)])
    var loadable = LoadableStateWith<Channel, PaginationFeature<Message>.State>.loaded(list, request: general)
    loadable.wrappedValue?.context = closed
    #expect(loadable.status == .success(closed))

    loadable.becomeActive(Channel(name: "open"))
    loadable.wrappedValue?.context = Channel(name: "archived")  // while another request loads
    #expect(loadable.request == Channel(name: "open"))
    loadable.cancel()
    #expect(loadable.status == .success(Channel(name: "archived")))
  }
}
