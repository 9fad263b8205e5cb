import Pageflow
import PageflowTesting
import Testing

/// Triggers that fire often (seeds 002, 003) load at most one page per end.
@MainActor
struct PaginationTriggerTests {
  let pages = MessagePages(size: 20, total: 200)

  @Test func loadPageWhileLoadingDoesNothing() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    await store.send(.loadPage(.bottom))
    await store.send(.loadPage(.trailing))
    await store.send(.select(.trailing)) { $0.selection = 1 }
    await store.receive(.delegate(.didSelect(Message(1))))
    #expect(store.runningEffectCount == 1)
    store.skipInFlightEffects()
  }

  @Test func anElementFarFromTheEndLoadsNothing() async {
    let store = TestStore(initialState: pages.state(at: 3)) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.elementAppeared(70))
    await store.send(.elementAppeared(66))
  }

  @Test func anElementWithinThePrefetchDistanceLoadsTheNextPage() async {
    let store = TestStore(initialState: pages.state(at: 3)) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.elementAppeared(74)) { $0.endStatus = .loading(.bottom("page-4")) }
    await store.send(.elementAppeared(65)) { $0.startStatus = .loading(.top("page-2")) }
    store.skipInFlightEffects()
  }

  @Test func thePrefetchDistanceIsConfigurable() async {
    let store = TestStore(initialState: pages.state(at: 3)) {
      Feature(prefetchDistance: 10, loadPage: ControllablePageLoader().loadPage)
    }
    await store.send(.elementAppeared(71)) { $0.endStatus = .loading(.bottom("page-4")) }
    store.skipInFlightEffects()
  }

  /// Seed 002: a non-lazy grid "appears" every element at once.
  @Test func aContainerThatReportsEveryElementVisibleAtOnceLoadsOnePage() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.elementAppeared(0))
    for id in 1..<20 {
      if id == 14 {
        await store.send(.elementAppeared(id)) { $0.endStatus = .loading(.bottom("page-1")) }
      } else {
        await store.send(.elementAppeared(id))
      }
    }
    #expect(store.runningEffectCount == 1)
    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(1))
      $0.pages.append(pages.info(1))
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
    await store.finish()
    #expect(loader.requests == [.bottom("page-1")])
    #expect(store.state.elements.count == 40)
  }

  @Test func anUnknownElementAppearingLoadsNothing() async {
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.elementAppeared(12345))
  }
}
