import Pageflow
import PageflowTesting
import Testing

/// A scoped store is a view of its parent: it reads the parent's state, sends through the parent,
/// and its views are redrawn for its own fields only.
@MainActor
struct ScopedStoreTests {
  let clock = TestClock()

  func inbox() -> StoreOf<Inbox> {
    Store(initialState: Inbox.firstPage) {
      Inbox(clock: clock) { request in Inbox.page(Int(request.cursor?.rawValue.dropFirst(5) ?? "") ?? 0) }
    }
  }

  @Test func aScopedStoreReadsAndSendsThroughItsParent() async {
    let store = inbox()
    let list = store.scope(state: \.list, action: Inbox.Action.list)
    #expect(list.elements.map(\.id) == [0, 1, 2])
    await list.send(.loadPage(.bottom)).finish()
    #expect(store.list.elements.map(\.id) == Array(0..<6))  // the parent's state changed
    #expect(list.elements.map(\.id) == Array(0..<6))
  }

  @Test func theSameScopeEvaluatedAgainGivesTheSameStore() {
    let store = inbox()
    let lists = (0..<2).map { _ in store.scope(state: \.list, action: Inbox.Action.list) }
    #expect(lists[0] === lists[1])
  }

  /// A profile screen shown to a member or to a guest: the same feature in two cases.
  struct Account: Reducer {
    enum State: Equatable { case member(Int), guest(Int) }
    enum Action: Equatable { case member(Int), guest(Int), signOut }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch (state, action) {
        case (.member(let count), .member(let step)): state = .member(count + step)
        case (.guest(let count), .guest(let step)): state = .guest(count + step)
        case (.member(let count), .signOut): state = .guest(count * 100)
        default: break
        }
        return .none
      }
    }
  }

  /// One place in the code that scopes either case, as a view that switches over the state does
  /// through a helper.
  func profile(
    _ store: StoreOf<Account>, _ state: @escaping @Sendable (Int) -> Account.State,
    _ action: @escaping @Sendable (Int) -> Account.Action
  ) -> Store<Int, Int>? {
    store.scope(state: state, action: action)
  }

  @Test func aStoreScopedToACaseIsThatCasesStore() async {
    let store = Store(initialState: Account.State.member(1)) { Account() }
    let member = profile(store, Account.State.member, Account.Action.member)
    #expect(member?.state == 1)
    await store.send(.signOut).finish()
    let guest = profile(store, Account.State.guest, Account.Action.guest)  // the member's still held
    #expect(guest !== member)
    #expect(guest?.state == 100)
    guest?.send(5)
    #expect(store.state == .guest(105))  // sent as the guest's, not the member's
  }

  @Test func scopesOfOnePartWithTwoEmbeddingsAreTwoStores() async {
    struct Pair: Reducer {
      struct State: Equatable {
        var count = 0
        var log: [String] = []
      }
      enum Action: Equatable { case left(Int), right(Int) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .left(let step): state.log.append("left \(step)")
          case .right(let step): state.log.append("right \(step)")
          }
          return .none
        }
      }
    }
    let store = Store(initialState: Pair.State()) { Pair() }
    let left = store.scope(state: \.count, action: Pair.Action.left)
    let right = store.scope(state: \.count, action: Pair.Action.right)
    #expect(left !== right)
    left.send(1)
    right.send(2)
    #expect(store.state.log == ["left 1", "right 2"])
  }

  @Test func aScopedStoresViewsAreRedrawnForItsOwnFieldsOnly() async {
    let store = inbox()
    let list = store.scope(state: \.list, action: Inbox.Action.list)
    let spinner = Invalidations { _ = list.isRefreshing }
    let rows = Invalidations { _ = list.elements }
    let title = Invalidations { _ = store.title }
    await store.send(.rename("Archive")).finish()
    for view in [spinner, rows, title] { view.redraw() }
    #expect(title.count == 1)
    #expect(spinner.count == 0)
    #expect(rows.count == 0)
    await list.send(.loadPage(.bottom)).finish()
    for view in [spinner, rows, title] { view.redraw() }
    #expect(rows.count == 1)
    #expect(spinner.count == 0)
    #expect(title.count == 1)
  }

  @Test func aRowsViewIsRedrawnWhenItsElementChangesOnly() async {
    let store = inbox()
    let rows = store.scope(state: \.list.elements, action: Inbox.Action.rows)
    #expect(rows.map(\.id) == [0, 1, 2])
    let first = rows[0]
    let second = rows[1]
    let firstView = Invalidations { _ = first.isLiked }
    let secondView = Invalidations { _ = second.isLiked }
    second.send(.like)
    for view in [firstView, secondView] { view.redraw() }
    #expect(second.isLiked)
    #expect(store.list.elements[id: 1]?.isLiked == true)  // the parent's state, not a copy
    #expect(firstView.count == 0)
    #expect(secondView.count == 1)
    #expect(rows[id: 1] === second)
  }

  @Test func anOptionalPartHasAStoreWhileItIsThere() async {
    struct Screen: Reducer {
      struct State: Equatable { var detail: Int? }
      enum Action { case detail(Int), show(Int?) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          if case .show(let value) = action { state.detail = value }
          return .none
        }
        .ifLet(\.detail, action: Action.detail) {
          Reduce { count, step in
            count += step
            return .none
          }
        }
      }
    }
    let store = Store(initialState: Screen.State()) { Screen() }
    #expect(store.scope(state: \.detail, action: Screen.Action.detail) == nil)
    await store.send(.show(1)).finish()
    let detail = store.scope(state: \.detail, action: Screen.Action.detail)
    #expect(detail?.state == 1)
    detail?.send(2)
    #expect(store.detail == 3)
    let warnings = await RuntimeWarning.$sink.collecting {
      await store.send(.show(nil)).finish()
      #expect(detail?.state == 1)  // gone: what it was made with, never a crash
      detail?.send(5)
    }
    #expect(warnings.count == 1)
    #expect(store.detail == nil)
  }

  @Test func theRowsOfAListThatMayNotBeLoadedHaveStoresOnceItIs() async {
    struct Screen: Reducer {
      struct State: Equatable { var list: PaginationFeature<Mail>.State? }
      enum Action { case rows(IdentifiedActionOf<MailRow>), show(PaginationFeature<Mail>.State?) }
      let clock: TestClock
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          if case .show(let list) = action { state.list = list }
          return .none
        }
        .forEach(\.list, elements: \.elements, action: Action.rows) { MailRow(clock: clock) }
      }
    }
    let store = Store(initialState: Screen.State()) { Screen(clock: clock) }
    #expect(store.scope(state: \.list?.elements, action: Screen.Action.rows).isEmpty)
    await store.send(.show(Inbox.firstPage.list)).finish()
    let rows = store.scope(state: \.list?.elements, action: Screen.Action.rows)
    #expect(rows.map(\.id) == [0, 1, 2])
    rows[2].send(.like)
    #expect(store.list?.elements[id: 2]?.isLiked == true)
    await clock.waitForSleepers(count: 1)  // the like waits for the server
    await store.send(.show(nil)).finish()
    #expect(clock.sleeperCount == 0)  // the like went with its list
  }
}
