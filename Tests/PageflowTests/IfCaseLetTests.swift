import Pageflow
import PageflowTesting
import Testing

/// `ifCaseLet` runs a child feature on one case of an enum state: a search whose filter found
/// nothing is `.empty`, otherwise `.list`.
@MainActor
@Suite(.collectingWarnings)
struct IfCaseLetTests {
  struct Results: Reducer {
    enum State: Equatable, Sendable {
      case empty(filter: String)
      case list(PaginationFeature<Mail>.State)
    }

    enum Action: Equatable, Sendable {
      case list(PaginationFeature<Mail>.Action)
      case noResults(filter: String)
    }

    let loadPage: PaginationFeature<Mail>.LoadPage

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .noResults(let filter) = action { state = .empty(filter: filter) }
        return .none
      }
      .ifCaseLet(State.list, action: Action.list) { PaginationFeature<Mail>(loadPage: loadPage) }
    }
  }

  let loader = ControllablePageLoader<Mail>()

  var list: PaginationFeature<Mail>.State { Inbox.firstPage.list }

  @Test func theChildRunsOnItsCase() async {
    let store = TestStore(initialState: Results.State.list(list)) { Results(loadPage: loader.loadPage) }
    await store.send(.list(.loadPage(.bottom))) {
      guard case .list(var list) = $0 else { return }
      list.endStatus = .loading(.bottom("page-1"))
      $0 = .list(list)
    }
    loader.respond(to: .bottom("page-1"), with: Inbox.page(1))
    store.exhaustivity = .off
    await store.receive(case: Results.Action.list)
    store.skipReceivedActions()
    guard case .list(let loaded) = store.state else {
      Issue.record("the state left its case")
      return
    }
    #expect(loaded.elements.map(\.id) == Array(0..<6))
  }

  @Test func leavingTheCaseCancelsTheChildsEffects() async {
    let store = TestStore(initialState: Results.State.list(list)) { Results(loadPage: loader.loadPage) }
    store.exhaustivity = .off
    await store.send(.list(.loadPage(.bottom)))
    await loader.waitForRequests(count: 1)
    #expect(loader.pendingRequests.count == 1)
    await store.send(.noResults(filter: "zzz")) { $0 = .empty(filter: "zzz") }
    #expect(loader.pendingRequests.isEmpty)  // the page load was cancelled with the list
    await store.finish()
  }

  @Test func anActionForAnotherCaseIsIgnoredWithAWarning() async {
    let store = TestStore(initialState: Results.State.empty(filter: "zzz")) { Results(loadPage: loader.loadPage) }
    let warnings = await RuntimeWarning.$sink.collecting { await store.send(.list(.loadPage(.bottom))) }
    #expect(warnings.count == 1)
    #expect(loader.requests.isEmpty)
  }

  @Test func theCasesValueIsChangedInPlaceNotCopied() async {
    final class Buffer {}
    struct Holder: Equatable {
      var buffer = Buffer()
      var wasUnique = false
      static func == (lhs: Holder, rhs: Holder) -> Bool { lhs.buffer === rhs.buffer && lhs.wasUnique == rhs.wasUnique }
    }
    enum State: Equatable {
      case none
      case held(Holder)
    }
    enum Action { case held(Int) }
    let checkUniqueness = Reduce<State, Action> { _, _ in .none }
      .ifCaseLet(State.held, action: Action.held) {
        Reduce<Holder, Int> { holder, _ in
          holder.wasUnique = isKnownUniquelyReferenced(&holder.buffer)
          return .none
        }
      }
    let store = Store(initialState: State.held(Holder())) { checkUniqueness }
    await store.send(.held(1)).finish()
    guard case .held(let holder) = store.state else {
      Issue.record("the state left its case")
      return
    }
    #expect(holder.wasUnique)
  }

  @Test func aScopedStoreOfTheCaseExistsWhileTheStateIsThatCase() async {
    let store = Store(initialState: Results.State.list(list)) { Results(loadPage: loader.loadPage) }
    let results = store.scope(state: Results.State.list, action: Results.Action.list)
    #expect(results?.elements.map(\.id) == [0, 1, 2])
    let spinner = Invalidations { _ = results?.isRefreshing }
    await store.send(.noResults(filter: "zzz")).finish()
    spinner.redraw()
    #expect(spinner.count == 1)  // its list is gone
    #expect(store.scope(state: Results.State.list, action: Results.Action.list) == nil)
  }
}
