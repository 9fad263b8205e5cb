import Pageflow
import PageflowTesting
import Testing

/// `.dismissError` clears a failure without loading again: back to the value kept from before it,
/// loaded for its own request, or to pending when there is none.
@MainActor
struct DismissErrorTests {
  @Test func aFailedFirstLoadGoesBackToPending() async {
    let gate = Gate<String>()
    let store = TestStore(initialState: ProfileFeature.State()) { ProfileFeature(gate: gate) }
    await store.send(.profile(.load("ada"))) { $0.$profile = .loading("ada") }
    gate.answer("ada", with: .failure(GateFailure()))
    await store.receive(.profile(.finished("ada", didRefresh: false, .failure(LoadError(GateFailure()))))) {
      $0.$profile = .failed(GateFailure(), request: "ada")
    }
    await store.send(.profile(.dismissError)) { $0.$profile = .pending }
    await store.finish()
  }

  /// "Ada" loaded for "ada", then the load of "bob" failed.
  var bobFailedAfterAda: LoadableStateWith<String, String> {
    var profile = LoadableStateWith<String, String>.loaded("Ada", request: "ada")
    profile.becomeActive("bob")
    profile.finish("bob", result: .failure(LoadError(GateFailure())))
    return profile
  }

  @Test func aFailedLoadOfAnotherRequestGoesBackToTheValueAndTheRequestItWasLoadedFor() async {
    let gate = Gate<String>()
    let store = TestStore(initialState: ProfileFeature.State(profile: bobFailedAfterAda)) { ProfileFeature(gate: gate) }
    await store.send(.profile(.dismissError)) { $0.$profile = .loaded("Ada", request: "ada") }
    #expect(gate.requests.isEmpty)  // nothing reloaded
  }

  @Test func aFailedRefreshGoesBackToTheValueItWasRefreshing() async {
    let gate = Gate<String>()
    let store = TestStore(initialState: ProfileFeature.State(profile: .loaded("Ada", request: "ada"))) {
      ProfileFeature(gate: gate)
    }
    await store.send(.profile(.refresh)) { $0.$profile = .refreshing("Ada", request: "ada") }
    gate.answer("ada", with: .failure(GateFailure()))
    await store.receive(.profile(.finished("ada", didRefresh: true, .failure(LoadError(GateFailure()))))) {
      $0.$profile = .failed(GateFailure(), request: "ada", previous: "Ada")
    }
    await store.send(.profile(.dismissError)) { $0.$profile = .loaded("Ada", request: "ada") }
  }

  @Test func aRetryThatIsCancelledLeavesTheErrorToDismiss() {
    var profile = bobFailedAfterAda
    profile.becomeActive("bob", isRefresh: true)
    profile.cancel()
    #expect(profile == bobFailedAfterAda)
    profile.dismissError()
    #expect(profile == .loaded("Ada", request: "ada"))
  }

  @Test(arguments: [
    LoadableStateWith<String, String>.pending,
    .loading("ada"),
    .loaded("Ada", request: "ada"),
    .refreshing("Ada", request: "ada"),
  ])
  func withoutAFailureThereIsNothingToDismiss(state: LoadableStateWith<String, String>) {
    var dismissed = state
    dismissed.dismissError()
    #expect(dismissed == state)
  }
}
