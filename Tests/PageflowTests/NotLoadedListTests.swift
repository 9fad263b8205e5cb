import Pageflow
import PageflowTesting
import Testing

/// A list nothing has loaded yet says so: its footer shows more to load, never the end, and the
/// first trigger loads its first page, once.
@MainActor
struct NotLoadedListTests {
  let pages = MessagePages()
  let loader = ControllablePageLoader<Message>()

  func store(_ state: Feature.State = .notLoaded(selection: 0)) -> TestStore<Feature.State, Feature.Action> {
    TestStore(initialState: state) { Feature(loadPage: loader.loadPage) }
  }

  @Test func aListNothingHasLoadedShowsMoreToLoadNotTheEnd() {
    let list = Feature.State.notLoaded(context: NoPaginationContext.none, selection: 0)
    #expect(list.elements.isEmpty && list.pages.isEmpty)
    #expect(list.startStatus == .idle && list.endStatus == .idle)
    #expect(list.loadMore(.bottom).status == .more)
    #expect(list.loadMore(.top).status == .more)
  }

  /// A list built with no elements and no cursor, the way an initial state is first written, is a
  /// list nothing has loaded yet, not one known to be empty: its footer shows more to load, and the
  /// first trigger loads the first page. A list known to be empty is what an empty answer makes.
  @Test func aListBuiltWithNoElementsIsNotLoadedNotKnownToBeEmpty() async {
    let built = Feature.State(selection: 0, elements: [])
    #expect(built == .notLoaded(selection: 0))
    #expect(built.loadMore(.bottom).status == .more && built.loadMore(.top).status == .more)
    let store = store(built)
    await store.send(.loadPage(.bottom)) { $0.reloadStatus = .loading(PageRequest(.first)) }
    loader.respond(to: PageRequest(.first), with: Page(elements: []))  // the server has nothing
    await store.receive(case: { .pageResponse($0) }) {
      $0.pages = PageList([PageInfo(count: 0)])
      $0.reloadStatus = .idle
      $0.startStatus = .endReached(.noMoreCursor)
      $0.endStatus = .endReached(.noMoreCursor)
    }
    await store.receive(case: Feature.Action.delegate)
    #expect(store.state.loadMore(.bottom).status == .end)
  }

  @Test func itsFirstLoadPageLoadsTheFirstPageOnce() async {
    let store = store()
    await store.send(.loadPage(.bottom)) { $0.reloadStatus = .loading(PageRequest(.first)) }
    await store.send(.loadPage(.bottom))  // a trigger that fires again: nothing more
    await store.send(.loadPage(.top))
    loader.respond(to: PageRequest(.first), with: pages.page(0))
    await store.receive(case: { .pageResponse($0) }) {
      $0 = pages.state(at: 0)
    }
    await store.receive(.delegate(.didUpdate(context: NoPaginationContext.none, pages: pages.state(at: 0).pages)))
    #expect(loader.requests.count == 1)
  }

  @Test func itsFootersTriggerLoadsTheFirstPage() async {
    let store = store()
    let trigger = store.state.loadMore(.bottom).trigger
    #expect(trigger == .refresh)
    store.exhaustivity = .off
    await store.send(.refresh)
    #expect(store.state.reloadStatus.isLoading)
    #expect(store.state.loadMore(.bottom).status == .loading)
    store.skipInFlightEffects()
  }

  @Test func aListWhoseReloadWasCancelledLoadsItsFirstPageOnTheNextTrigger() async {
    let store = store(pages.state(at: 1))
    store.exhaustivity = .off
    await store.send(.reset(context: NoPaginationContext.none))
    await store.send(.cancelReload)
    #expect(store.state.pages.isEmpty && !store.state.isRefreshing)
    await store.send(.loadPage(.bottom))
    #expect(store.state.reloadStatus == .loading(PageRequest(.first)))
    store.skipInFlightEffects()
  }

  @Test func afterAFailedFirstLoadATriggerWaitsForTheRetry() async {
    struct Forbidden: Error {}
    let store = store()
    store.exhaustivity = .off
    await store.send(.loadPage(.bottom))
    loader.fail(PageRequest(.first), with: Forbidden())
    await store.receive(case: { .pageResponse($0) })
    #expect(store.state.reloadStatus.isFailed)
    await store.send(.loadPage(.bottom))
    #expect(store.state.reloadStatus.isFailed)
    #expect(loader.requests.count == 1)
    await store.send(.retryReload)
    #expect(store.state.reloadStatus.isLoading)
    store.skipInFlightEffects()
  }
}
