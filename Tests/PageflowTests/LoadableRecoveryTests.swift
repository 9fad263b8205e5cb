import Pageflow
import PageflowTesting
import Testing

/// A failed first load runs again on the reducer's clock, as its policy says; while offline a retry
/// that comes due waits, and the network coming back reaches the loaded list too.
@MainActor
struct LoadableRecoveryTests {
  struct Offline: TransientError, Equatable {}
  struct Forbidden: Error, Equatable {}

  /// A channel whose first page a `LoadableState` loads, retried every second up to twice.
  struct Channel: Reducer {
    struct State: Equatable, Sendable {
      @LoadableStateWith<String, PaginationFeature<Message>.State> var messages
    }

    enum Action: Equatable, Sendable {
      case messages(LoadingActionOf<String, PaginationFeature<Message>>)
    }

    let loader: ControllablePageLoader<Message>
    let clock: TestClock

    var body: some ReducerOf<Self> {
      EmptyReducer()
        .loadable(\.$messages, action: Action.messages) {
          PaginationFeature<Message>(retry: .never, clock: clock, loadPage: loader.loadPage)
        } load: { channel, _ in
          let page = try await loader.loadPage(PageRequest(.first, context: NoPaginationContext.none))
          return PaginationFeature<Message>.State(selection: 0, next: page.next, elements: page.elements)
        }
        .retrying(RetryPolicy(maxRetries: 2, baseDelay: .seconds(1), jitter: 0), clock: clock)
    }
  }

  let loader = ControllablePageLoader<Message>()
  let clock = TestClock()
  let first = PageRequest(.first)
  let pages = MessagePages()

  func store() -> TestStore<Channel.State, Channel.Action> {
    TestStore(initialState: Channel.State()) { Channel(loader: loader, clock: clock) }
  }

  var loaded: PaginationFeature<Message>.State {
    PaginationFeature<Message>.State(selection: 0, next: "page-1", elements: pages.messages(0))
  }

  /// Fails the load in flight, and expects the state after it.
  func fail(_ store: TestStore<Channel.State, Channel.Action>, with error: any Error, retry: ScheduledRetry?) async {
    loader.fail(first, with: error)
    await store.receive(.messages(.finished("general", didRefresh: false, .failure(LoadError(error))))) {
      $0.$messages.finish("general", result: .failure(LoadError(error)))
      $0.$messages.scheduledRetry = retry
    }
  }

  @Test func aFailedFirstLoadRunsAgainAfterTheDelaysOfItsPolicy() async {
    let store = store()
    await store.send(.messages(.load("general"))) { $0.$messages.becomeActive("general") }
    await fail(store, with: Offline(), retry: ScheduledRetry(attempt: 1, delay: .seconds(1)))
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(1))
    await store.receive(.messages(.retryTimerFired)) {
      $0.$messages.scheduledRetry = nil
      $0.$messages.becomeActive("general")
    }
    await fail(store, with: Offline(), retry: ScheduledRetry(attempt: 2, delay: .seconds(2)))
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(2))
    await store.receive(.messages(.retryTimerFired)) {
      $0.$messages.scheduledRetry = nil
      $0.$messages.becomeActive("general")
    }
    loader.respond(to: first, with: pages.page(0))
    await store.receive(.messages(.finished("general", didRefresh: false, .success(loaded)))) {
      $0.$messages.finish("general", result: .success(loaded))
    }
    #expect(loader.requests.count == 3)
  }

  @Test func anErrorThePolicyDoesNotRetryWaitsForTheUser() async {
    let store = store()
    await store.send(.messages(.load("general"))) { $0.$messages.becomeActive("general") }
    await fail(store, with: Forbidden(), retry: nil)
    await store.finish()
  }

  @Test func aRetryDueOfflineWaitsAndTheNetworkComingBackLoadsOnce() async {
    let store = store()
    await store.send(.messages(.load("general"))) { $0.$messages.becomeActive("general") }
    await fail(store, with: Offline(), retry: ScheduledRetry(attempt: 1, delay: .seconds(1)))
    await store.send(.messages(.connectivityChanged(isOnline: false))) { $0.$messages.isOffline = true }
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(1))
    await store.receive(.messages(.retryTimerFired)) {
      $0.$messages.scheduledRetry = ScheduledRetry(attempt: 1, delay: .seconds(1), isWaitingForNetwork: true)
    }
    #expect(loader.requests.count == 1)
    await store.send(.messages(.connectivityChanged(isOnline: true))) {
      $0.$messages.isOffline = false
      $0.$messages.scheduledRetry = nil
      $0.$messages.becomeActive("general")
    }
    loader.respond(to: first, with: pages.page(0))
    await store.receive(.messages(.finished("general", didRefresh: false, .success(loaded)))) {
      $0.$messages.finish("general", result: .success(loaded))
    }
    #expect(loader.requests.count == 2)
  }

  @Test func theNetworkGoingDownReachesTheLoadedList() async {
    let store = TestStore(initialState: Channel.State(messages: .loaded(loaded, request: "general"))) {
      Channel(loader: loader, clock: clock)
    }
    await store.send(.messages(.connectivityChanged(isOnline: false))) {
      $0.$messages.isOffline = true
      $0.messages?.isOffline = true
    }
  }

  @Test func aNewLoadOrACancelStopsAWaitingRetry() async {
    let store = store()
    await store.send(.messages(.load("general"))) { $0.$messages.becomeActive("general") }
    await fail(store, with: Offline(), retry: ScheduledRetry(attempt: 1, delay: .seconds(1)))
    await store.send(.messages(.cancel)) { $0.$messages.scheduledRetry = nil }
    #expect(clock.sleeperCount == 0)
    await store.send(.messages(.load("general"))) { $0.$messages.becomeActive("general") }
    await fail(store, with: Offline(), retry: ScheduledRetry(attempt: 1, delay: .seconds(1)))
    await store.send(.messages(.load("random"))) {
      $0.$messages.scheduledRetry = nil
      $0.$messages.becomeActive("random")
    }
    #expect(clock.sleeperCount == 0)
    store.exhaustivity = .off
    await store.send(.messages(.cancel))
  }

  @Test func aListLoadedWhileOfflineKnowsItIsOfflineAndRecoversWhenTheNetworkIsBack() async {
    let store = store()
    await store.send(.messages(.connectivityChanged(isOnline: false))) { $0.$messages.isOffline = true }
    await store.send(.messages(.load("general"))) { $0.$messages.becomeActive("general") }
    loader.respond(to: first, with: pages.page(0))  // from disk
    var offline = loaded
    offline.isOffline = true
    await store.receive(.messages(.finished("general", didRefresh: false, .success(loaded)))) {
      $0.$messages.finish("general", result: .success(offline))
    }
    await store.send(.messages(.loaded(.loadPage(.bottom)))) {
      $0.messages?.endStatus = .loading(PageRequest(direction: .bottom, cursor: "page-1", count: 3))
    }
    let next = PageRequest(direction: .bottom, cursor: "page-1")
    loader.fail(next, with: Offline())
    await store.receive(case: Channel.Action.messages) {
      $0.messages?.endStatus = .failed(LoadError(Offline()), retryable: true)
    }
    store.exhaustivity = .off
    await store.send(.messages(.connectivityChanged(isOnline: true)))
    #expect(store.state.messages?.endStatus.isLoading == true)  // the failed page loads again
    loader.respond(to: next, with: pages.page(1))
    await store.receive(case: Channel.Action.messages)
    #expect(store.state.messages?.elements.count == 6)
    #expect(loader.requests.count == 3)
  }

  /// The channel inside a screen that also runs a feature on each message: the network reaches the
  /// list through both.
  struct Screen: Reducer {
    struct State: Equatable, Sendable {
      var channel = Channel.State()
    }

    enum Action: Equatable, Sendable {
      case channel(Channel.Action)
      case rows(IdentifiedAction<Int, Never>)
    }

    let loader: ControllablePageLoader<Message>
    let clock: TestClock

    var body: some ReducerOf<Self> {
      Scope(state: \.channel, action: Action.channel) { Channel(loader: loader, clock: clock) }
        .forEach(\.channel.messages, elements: \.elements, action: Action.rows) { EmptyReducer() }
    }
  }

  @Test func aScopedListWithRowsLoadedWhileOfflineKnowsItIsOffline() async {
    let store = TestStore(initialState: Screen.State()) { Screen(loader: loader, clock: clock) }
    store.exhaustivity = .off
    await store.send(.channel(.messages(.connectivityChanged(isOnline: false))))
    await store.send(.channel(.messages(.load("general"))))
    loader.respond(to: first, with: pages.page(0))
    await store.receive(case: Screen.Action.channel)
    #expect(store.state.channel.messages?.isOffline == true)
  }
}
