import Pageflow
import Testing

/// A screen with one load that takes a request and one that takes none.
struct GreetingScreen: Equatable {
  @LoadableStateWith<String, Int> var visits
  @LoadableState<EmptyLoadRequest, String> var greeting
}

/// Each shortcut builds the state that the same load, driven through its transitions, leaves
/// behind: equal to it, and behaving the same from there on.
struct LoadableStateShortcutTests {
  typealias Profile = LoadableStateWith<String, String>

  @Test func pendingIsTheStateNothingWasRequestedIn() {
    #expect(Profile.pending == Profile())
    #expect(Profile.pending.isPending && Profile.pending.wrappedValue == nil)
  }

  @Test func loadingIsAFirstLoadInFlight() {
    var driven = Profile()
    driven.becomeActive("ada")
    #expect(Profile.loading("ada") == driven)
    #expect(Profile.loading("ada").status == .active("ada", isRefresh: false))

    var cancelled = Profile.loading("ada")
    cancelled.cancel()
    #expect(cancelled == .pending)
  }

  @Test func loadedHoldsTheValueAndItsRequest() {
    var driven = Profile()
    driven.becomeActive("ada")
    driven.finish("ada", result: .success("Ada"))
    let loaded = Profile.loaded("Ada", request: "ada")
    #expect(loaded == driven)
    #expect(loaded.status == .success("ada") && loaded.wrappedValue == "Ada" && loaded.request == "ada")
  }

  @Test func refreshingShowsTheValueWhileItsRequestReloads() {
    var driven = Profile.loaded("Ada", request: "ada")
    driven.becomeActive("ada", isRefresh: true)
    var refreshing = Profile.refreshing("Ada", request: "ada")
    #expect(refreshing == driven)
    #expect(refreshing.isRefreshing && refreshing.wrappedValue == "Ada")

    refreshing.cancel()
    #expect(refreshing == .loaded("Ada", request: "ada"))
  }

  @Test func failedKeepsTheErrorAndThePreviousValueIfAny() {
    var first = Profile()
    first.becomeActive("ada")
    first.finish("ada", result: .failure(LoadError(GateFailure())))
    #expect(Profile.failed(GateFailure(), request: "ada") == first)
    #expect(Profile.failed(GateFailure(), request: "ada").wrappedValue == nil)

    var again = Profile.loaded("Ada", request: "ada")
    again.becomeActive("ada", isRefresh: true)
    again.finish("ada", result: .failure(LoadError(GateFailure())))
    let failed = Profile.failed(GateFailure(), request: "ada", previous: "Ada")
    #expect(failed == again)
    #expect(failed.error == LoadError(GateFailure()) && failed.wrappedValue == "Ada")
  }

  @Test func aLoadWithoutARequestHasTheSameShortcutsWithoutOne() {
    typealias Greeting = LoadableState<EmptyLoadRequest, String>
    let none = EmptyLoadRequest()
    #expect(Greeting.loading == .loading(none))
    #expect(Greeting.refreshing("hi") == .refreshing("hi", request: none))
    #expect(Greeting.loaded("hi") == .loaded("hi", request: none))
    #expect(Greeting.failed(GateFailure(), previous: "hi") == .failed(GateFailure(), request: none, previous: "hi"))
  }

  @Test func aDeclaredPropertyTakesAShortcutInTheMemberwiseInitializer() {
    let screen = GreetingScreen(visits: .loaded(3, request: "home"), greeting: .loading)
    #expect(screen.visits == 3)
    #expect(screen.$visits.request == "home")
    #expect(screen.$greeting.isActive && screen.greeting == nil)
    #expect(GreetingScreen() == GreetingScreen(visits: .pending, greeting: .pending))
  }

  @Test func theShortNamesAreTheFullTypes() {
    #expect(LoadableState<EmptyLoadRequest, Int>.self == LoadableStateWith<EmptyLoadRequest, Int>.self)
    #expect(LoadingActionOf<String, Counter>.self == LoadingAction<String, Counter.State, Counter.Action>.self)
    // swift-composable-loadable's name for it, with the same arguments.
    #expect(LoadingActionWith<String, Counter>.self == LoadingActionOf<String, Counter>.self)
  }

  @Test func aRetriedFailedFirstLoadIsLoading() {
    var retried = Profile.failed(GateFailure(), request: "ada")
    retried.becomeActive("ada")
    #expect(retried == .loading("ada"))
  }

  @Test func aFailedLoadOfANewRequestIsFailedWithThePreviousValue() {
    var driven = Profile.loaded("Ada", request: "ada")
    driven.becomeActive("bob")
    driven.finish("bob", result: .failure(LoadError(GateFailure())))
    #expect(driven == .failed(GateFailure(), request: "bob", previous: "Ada"))
  }
}
