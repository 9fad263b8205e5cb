import Pageflow
import PageflowTesting
import Testing

struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var detail: Counter.State?
    var parentLog: [String] = []
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case detail(Counter.Action)
    case showDetail
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: Action.counter) {
      Counter()
    }
    Reduce { state, action in
      switch action {
      case .counter(.increment):
        state.parentLog.append("saw count \(state.counter.count)")
        return .none
      case .showDetail:
        state.detail = Counter.State()
        return .none
      case .counter, .detail:
        return .none
      }
    }
    .ifLet(\.detail, action: Action.detail) {
      Counter()
    }
  }
}

@MainActor
struct CompositionTests {
  @Test func scopeRunsTheChildThenTheNextReducerSeesTheAction() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.increment)) {
      $0.counter.count = 1
      $0.parentLog = ["saw count 1"]
    }
  }

  @Test func childEffectsComeBackAsParentActions() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.incrementLater))
    await store.receive(.counter(.increment)) {
      $0.counter.count = 1
      $0.parentLog = ["saw count 1"]
    }
  }

  @Test func ifLetIgnoresAnActionWhileTheChildStateIsNil() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    let warnings = await RuntimeWarning.$sink.collecting { await store.send(.detail(.increment)) }
    #expect(warnings == ["An action for Counter arrived while its state was nil; ignored: increment"])
    await store.send(.showDetail) { $0.detail = Counter.State() }
    await store.send(.detail(.increment)) { $0.detail?.count = 1 }
  }

  @Test func mapTransformsEveryActionAnEffectSends() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.chain(2))).finish()
    #expect(store.state.counter.count == 3)
  }
}
