import Pageflow
import PageflowTesting
import Testing

/// Two lists made from one state value, at two places of a parent's state.
struct TwoLists: Reducer {
  struct State: Equatable, Sendable {
    var left: Feature.State
    var right: Feature.State
  }

  enum Action: Equatable, Sendable {
    case left(Feature.Action)
    case right(Feature.Action)
  }

  let loadPage: Feature.LoadPage

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: Action.left) { Feature(loadPage: loadPage) }
    Scope(state: \.right, action: Action.right) { Feature(loadPage: loadPage) }
  }
}

/// Two loadable profiles, each inside its own child feature.
struct TwoProfiles: Reducer {
  struct State: Equatable, Sendable {
    var left = ProfileFeature.State()
    var right = ProfileFeature.State()
  }

  enum Action: Equatable, Sendable {
    case left(ProfileFeature.Action)
    case right(ProfileFeature.Action)
  }

  let gate: Gate<String>

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: Action.left) { ProfileFeature(gate: gate) }
    Scope(state: \.right, action: Action.right) { ProfileFeature(gate: gate) }
  }
}

/// The cancellation ids of a child's effects belong to the place of the child in its parent's
/// state: the same feature at two places, even made from one value, never cancels the other's work.
@MainActor
struct ScopedCancellationTests {
  let pages = MessagePages()
  let loader = ControllablePageLoader<Message>()
  let store: Store<TwoLists.State, TwoLists.Action>

  init() {
    let list = pages.state(at: 1)
    store = Store(initialState: TwoLists.State(left: list, right: list)) { [loader] in
      TwoLists(loadPage: loader.loadPage)
    }
  }

  /// Starts a load of the bottom page on both lists and waits until both reached the loader.
  func loadBottomOnBoth() async -> (left: StoreTask, right: StoreTask) {
    let left = store.send(.left(.loadPage(.bottom)))
    let right = store.send(.right(.loadPage(.bottom)))
    await loader.waitForRequests(count: 2)
    return (left, right)
  }

  @Test func loadsOnBothListsLandOnBoth() async {
    let (left, right) = await loadBottomOnBoth()
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    await left.finish()
    await right.finish()
    #expect(store.state.left.elements.map(\.id) == Array(3...8))
    #expect(store.state.right.elements.map(\.id) == Array(3...8))
  }

  @Test func cancellingTheLoadOfOneListLeavesTheOtherLoading() async {
    let (_, right) = await loadBottomOnBoth()
    store.send(.left(.cancel(.bottom)))
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    await right.finish()
    #expect(store.state.left.endStatus == .idle)
    #expect(store.state.right.elements.map(\.id) == Array(3...8))
  }

  @Test func refreshingOneListLeavesTheLoadOfTheOtherInFlight() async {
    let (_, right) = await loadBottomOnBoth()
    let refresh = store.send(.left(.refreshFromStart))
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    await right.finish()
    #expect(store.state.right.elements.map(\.id) == Array(3...8))
    loader.respond(to: .refreshing(.first), with: pages.page(0))
    await refresh.finish()
    #expect(store.state.left.elements.map(\.id) == Array(0...2))
  }

  @Test func loadableStatesInsideTwoChildrenLoadIndependently() async {
    let gate = Gate<String>()
    let store = Store(initialState: TwoProfiles.State()) { TwoProfiles(gate: gate) }
    let left = store.send(.left(.profile(.load("ada"))))
    let right = store.send(.right(.profile(.load("bob"))))
    gate.answer("ada", with: .success("Ada"))
    gate.answer("bob", with: .success("Bob"))
    await left.finish()
    await right.finish()
    #expect(store.state.left.profile == "Ada")
    #expect(store.state.right.profile == "Bob")
  }
}
