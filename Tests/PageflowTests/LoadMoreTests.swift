import Pageflow
import PageflowTesting
import Testing

/// The load-more footer as a value: what each edge shows, and which action each of its parts sends,
/// for every status of the list.
@MainActor
struct LoadMoreTests {
  let pages = MessagePages()
  typealias LoadMore = Feature.LoadMore

  struct Offline: Error {}

  func footer(
    _ edge: PaginationEdge, _ status: LoadMore.Status, trigger: Feature.Action? = nil, retry: Feature.Action? = nil,
    unseen: Int = 0, jump: Feature.Action? = nil, isStale: Bool = false
  ) -> LoadMore {
    LoadMore(edge: edge, status: status, trigger: trigger, retry: retry, unseen: unseen, jump: jump, isStale: isStale)
  }

  @Test func moreToLoadFiresTheTriggerAndTheEndShowsTheEnd() {
    let state = pages.state(at: 0)
    #expect(state.loadMore(.bottom) == footer(.end, .more, trigger: .loadPage(.bottom)))
    #expect(state.loadMore(.top) == footer(.start, .end))
    #expect(state.loadMore(.trailing).trigger == .loadPage(.trailing))
  }

  @Test func aLoadingEdgeShowsASpinnerAndDoesNotFire() async {
    let store = TestStore(initialState: pages.state(at: 1)) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    #expect(store.state.loadMore(.bottom) == footer(.end, .loading))
    #expect(store.state.loadMore(.top) == footer(.start, .more, trigger: .loadPage(.top)))
    store.skipInFlightEffects()
  }

  @Test func aFailedEdgeOffersItsRetryAndACycleOffersNone() {
    var state = pages.state(at: 1)
    state.endStatus = .failed(LoadError(Offline()), retryable: true)
    #expect(state.loadMore(.bottom) == footer(.end, .failed(LoadError(Offline())), retry: .retry(.bottom)))
    state.endStatus = .failed(LoadError(PaginationError.cursorCycle("page-2")), retryable: false)
    #expect(state.loadMore(.bottom).retry == nil)
  }

  @Test func whileTheWindowReloadsItsEdgesDoNotFire() async {
    let store = TestStore(initialState: pages.state(at: 1)) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.refreshFromStart) { $0.reloadStatus = .loading(.refreshing(.first)) }
    #expect(store.state.loadMore(.bottom) == footer(.end, .more))
    store.skipInFlightEffects()
  }

  @Test func anEmptyListShowsItsReloadAndItsFailure() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 1)) { Feature(loadPage: loader.loadPage) }
    store.exhaustivity = .off
    await store.send(.reset(context: NoPaginationContext.none))
    #expect(store.state.loadMore(.bottom) == footer(.end, .loading))
    #expect(store.state.loadMore(.top) == footer(.start, .loading))
    loader.fail(PageRequest(.first), with: Offline())
    await store.receive(case: { .pageResponse($0) })
    #expect(store.state.loadMore(.bottom) == footer(.end, .failed(LoadError(Offline())), retry: .retryReload))
  }

  @Test func anEmptyListWhoseReloadWasCancelledRefreshesWhenItsFooterAppears() async {
    let store = TestStore(initialState: pages.state(at: 1)) { Feature(loadPage: ControllablePageLoader().loadPage) }
    store.exhaustivity = .off
    await store.send(.reset(context: NoPaginationContext.none))
    await store.send(.cancelReload)
    #expect(store.state.loadMore(.bottom) == footer(.end, .more, trigger: .refresh))
    store.skipInFlightEffects()
  }

  @Test func newElementsBeyondAnEdgeOfferAJumpThere() {
    var state = pages.state(at: 1)
    state.unseenAtStart = 3
    #expect(state.loadMore(.top) == footer(.start, .more, trigger: .loadPage(.top), unseen: 3, jump: .jump(to: .start)))
    #expect(state.loadMore(.bottom).jump == nil)
  }

  @Test func pagesFromACacheMakeTheFooterStale() {
    var state = pages.state(at: 1)
    state.pages[0].isStale = true
    #expect(state.loadMore(.bottom).isStale)
    #expect(state.loadMore(.top).isStale)
  }
}
