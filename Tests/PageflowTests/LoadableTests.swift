import Pageflow
import PageflowTesting
import Testing

/// A user profile loaded by name, through a loader the test controls.
struct ProfileFeature: Reducer {
  struct State: Equatable, Sendable {
    @LoadableStateWith<String, String> var profile
  }

  enum Action: Equatable, Sendable {
    case profile(LoadingAction<String, String, Never>)
  }

  let gate: Gate<String>

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .loadable(\.$profile, action: Action.profile) { request, _ in
        try await gate.load(request)
      }
  }
}

/// A loader whose answers the test releases one by one, and which remembers what it was asked.
final class Gate<Answer: Sendable>: Sendable {
  private let waiting = Lock<[String: CheckedContinuation<Answer, any Error>]>([:])
  private let answers = Lock<[String: Result<Answer, any Error>]>([:])
  private let asked = Lock<[String]>([])

  /// The requests received, in order.
  var requests: [String] { asked.withLock { $0 } }

  func load(_ request: String) async throws -> Answer {
    asked.withLock { $0.append(request) }
    return try await withCheckedThrowingContinuation { continuation in
      let answer = answers.withLock { $0.removeValue(forKey: request) }
      if let answer {
        continuation.resume(with: answer)
      } else {
        waiting.withLock { $0[request] = continuation }
      }
    }
  }

  func answer(_ request: String, with result: Result<Answer, any Error>) {
    let continuation = waiting.withLock { $0.removeValue(forKey: request) }
    if let continuation {
      continuation.resume(with: result)
    } else {
      answers.withLock { $0[request] = result }
    }
  }
}

/// What a ``Gate`` answers when the test makes a load fail.
struct GateFailure: Error, Equatable {}

@MainActor
struct LoadableTests {
  @Test func aLoadGoesFromPendingToActiveToSuccess() async {
    let gate = Gate<String>()
    let store = TestStore(initialState: ProfileFeature.State()) { ProfileFeature(gate: gate) }
    #expect(store.state.$profile.isPending)
    gate.answer("ada", with: .success("Ada Lovelace"))
    await store.send(.profile(.load("ada"))) { $0.$profile.becomeActive("ada") }
    #expect(store.state.$profile.isActive)
    await store.receive(.profile(.finished("ada", didRefresh: false, .success("Ada Lovelace")))) {
      $0.$profile.finish("ada", result: .success("Ada Lovelace"))
    }
    #expect(store.state.profile == "Ada Lovelace")
    #expect(store.state.$profile.isSuccess)
    #expect(store.state.$profile.request == "ada")
  }

  @Test func aRefreshKeepsTheValueVisibleUntilTheNewOneArrives() async {
    let gate = Gate<String>()
    let store = TestStore(initialState: ProfileFeature.State(profile: .loaded("Ada", request: "ada"))) {
      ProfileFeature(gate: gate)
    }
    await store.send(.profile(.refresh)) { $0.$profile.becomeActive("ada", isRefresh: true) }
    #expect(store.state.$profile.isRefreshing)
    #expect(store.state.profile == "Ada")
    gate.answer("ada", with: .success("Ada L."))
    await store.receive(.profile(.finished("ada", didRefresh: true, .success("Ada L.")))) {
      $0.$profile.finish("ada", result: .success("Ada L."))
    }
  }

  @Test func aFailureKeepsTheErrorAndThePreviousValue() async {
    let gate = Gate<String>()
    let store = TestStore(initialState: ProfileFeature.State(profile: .loaded("Ada", request: "ada"))) {
      ProfileFeature(gate: gate)
    }
    await store.send(.profile(.load("bob"))) { $0.$profile.becomeActive("bob") }
    gate.answer("bob", with: .failure(GateFailure()))
    await store.receive(.profile(.finished("bob", didRefresh: false, .failure(LoadError(GateFailure()))))) {
      $0.$profile.finish("bob", result: .failure(LoadError(GateFailure())))
    }
    #expect(store.state.$profile.isFailure)
    #expect(store.state.$profile.error == LoadError(GateFailure()))
    #expect(store.state.profile == "Ada")
  }

  @Test func aLoaderThatThrowsCancellationErrorWithoutBeingCancelledFails() async {
    let gate = Gate<String>()
    let store = TestStore(initialState: ProfileFeature.State()) { ProfileFeature(gate: gate) }
    await store.send(.profile(.load("ada"))) { $0.$profile.becomeActive("ada") }
    gate.answer("ada", with: .failure(CancellationError()))
    await store.receive(.profile(.finished("ada", didRefresh: false, .failure(LoadError(CancellationError()))))) {
      $0.$profile.finish("ada", result: .failure(LoadError(CancellationError())))
    }
    #expect(store.state.$profile.isFailure)
  }

  @Test func cancelRestoresTheStateBeforeTheLoad() async {
    let gate = Gate<String>()
    let initial = ProfileFeature.State(profile: .loaded("Ada", request: "ada"))
    let store = TestStore(initialState: initial) { ProfileFeature(gate: gate) }
    await store.send(.profile(.load("bob"))) { $0.$profile.becomeActive("bob") }
    await store.send(.profile(.cancel)) { $0 = initial }
    gate.answer("bob", with: .success("Bob"))
    await store.finish()
    #expect(store.state == initial)
  }

  @Test func aNewLoadCancelsTheOneInFlight() async {
    let gate = Gate<String>()
    let store = TestStore(initialState: ProfileFeature.State()) { ProfileFeature(gate: gate) }
    await store.send(.profile(.load("ada"))) { $0.$profile.becomeActive("ada") }
    await store.send(.profile(.load("bob"))) { $0.$profile.becomeActive("bob") }
    gate.answer("ada", with: .success("Ada"))
    gate.answer("bob", with: .success("Bob"))
    await store.receive(.profile(.finished("bob", didRefresh: false, .success("Bob")))) {
      $0.$profile.finish("bob", result: .success("Bob"))
    }
    await store.finish()
  }

  @Test func aFinishedForARequestNoLongerInFlightIsIgnored() async {
    let gate = Gate<String>()
    let store = TestStore(initialState: ProfileFeature.State()) { ProfileFeature(gate: gate) }
    await store.send(.profile(.load("bob"))) { $0.$profile.becomeActive("bob") }
    await store.send(.profile(.finished("ada", didRefresh: false, .success("stale"))))
    store.skipInFlightEffects()
  }

  @Test func refreshBeforeAnyLoadIsANoOp() async {
    let store = TestStore(initialState: ProfileFeature.State()) { ProfileFeature(gate: Gate<String>()) }
    let warnings = await RuntimeWarning.$sink.collecting { await store.send(.profile(.refresh)) }
    #expect(warnings == ["refresh of String before any load; ignored"])
  }

  @Test func dynamicMemberLookupReadsThroughTheLoadedValue() {
    let state = LoadableState<EmptyLoadRequest, [Int]>.loaded([1, 2, 3])
    #expect(state.count == 3)
    #expect(LoadableState<EmptyLoadRequest, [Int]>.pending.count == nil)
  }
}

/// A load without a request type and a child feature that runs on the loaded value.
struct TallyFeature: Reducer {
  struct State: Equatable, Sendable {
    @LoadableState<EmptyLoadRequest, Counter.State> var tally
  }

  enum Action: Equatable, Sendable {
    case tally(LoadingAction<EmptyLoadRequest, Counter.State, Counter.Action>)
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .loadable(\.$tally, action: Action.tally) {
        Counter()
      } load: { _ in
        Counter.State(count: 10)
      }
  }
}

@MainActor
struct LoadableChildTests {
  @Test func aLoadWithoutARequestRunsItsChildOnTheLoadedValue() async {
    let store = TestStore(initialState: TallyFeature.State()) { TallyFeature() }
    let warnings = await RuntimeWarning.$sink.collecting { await store.send(.tally(.loaded(.increment))) }
    #expect(warnings == ["An action for State arrived before it was loaded; ignored: increment"])
    await store.send(.tally(.load)) { $0.$tally.becomeActive() }
    await store.receive(.tally(.finished(EmptyLoadRequest(), didRefresh: false, .success(Counter.State(count: 10))))) {
      $0.$tally.finish(EmptyLoadRequest(), result: .success(Counter.State(count: 10)))
    }
    await store.send(.tally(.loaded(.increment))) { $0.tally?.count = 11 }
    await store.send(.tally(.loaded(.incrementLater)))
    await store.receive(.tally(.loaded(.increment))) { $0.tally?.count = 12 }
  }

  @Test func anActionOfTheChildIsReceivedByItsNestedCase() async {
    let store = TestStore(initialState: TallyFeature.State(tally: .loaded(Counter.State()))) {
      TallyFeature()
    }
    await store.send(.tally(.loaded(.chain(1)))) { $0.tally?.count = 1 }
    await store.receive(case: { .tally(.loaded(.chain($0))) }) { $0.tally?.count = 2 }
  }
}
