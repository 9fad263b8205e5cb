import Pageflow
import PageflowTesting
import Testing

/// Triggers that fire often (a row's appear handler, a load-more footer in a non-lazy container)
/// load at most one page per edge.
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

  @Test func anElementFarFromTheEdgesLoadsNothing() async {
    let store = TestStore(initialState: pages.state(at: 3)) {
      Feature(prefetchDistance: 5, loadPage: ControllablePageLoader().loadPage)
    }
    await store.send(.elementAppeared(70)) { $0.lastVisible = 70 }
    await store.send(.elementAppeared(66)) { $0.lastVisible = 66 }
  }

  @Test func anElementAtMostThePrefetchDistanceFromAnEdgeLoadsTheNextPage() async {
    let store = TestStore(initialState: pages.state(at: 3)) {
      Feature(prefetchDistance: 5, loadPage: ControllablePageLoader().loadPage)
    }
    await store.send(.elementAppeared(73)) { $0.lastVisible = 73 }  // 6 from the last element
    await store.send(.elementAppeared(74)) {  // 5 from it
      $0.lastVisible = 74
      $0.endStatus = .loading(.bottom("page-4"))
    }
    await store.send(.elementAppeared(65)) {
      $0.lastVisible = 65
      $0.startStatus = .loading(.top("page-2"))
    }
    store.skipInFlightEffects()
  }

  @Test func byDefaultThePrefetchDistanceIsOnePage() async {
    var threePages = pages.state(at: 3)
    threePages.elements.append(contentsOf: pages.messages(4) + pages.messages(5))
    threePages.pages = PageList([pages.info(3), pages.info(4), pages.info(5)])
    let store = TestStore(initialState: threePages) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.elementAppeared(98)) { $0.lastVisible = 98 }  // 21 from the last element
    await store.send(.elementAppeared(99)) {  // 20 from it: one page of 20
      $0.lastVisible = 99
      $0.endStatus = .loading(.bottom("page-6"))
    }
    await store.send(.elementAppeared(80)) {
      $0.lastVisible = 80
      $0.startStatus = .loading(.top("page-2"))
    }
    store.skipInFlightEffects()
  }

  @Test func aNegativePrefetchDistanceIsZeroWhetherGivenToTheInitializerOrSetLater() async {
    var feature = Feature(prefetchDistance: -3, loadPage: ControllablePageLoader().loadPage)
    #expect(feature.prefetchDistance == 0)
    feature.prefetchDistance = Int.min
    #expect(feature.prefetchDistance == 0)
    feature.maxConsecutiveEmptyPages = -1
    #expect(feature.maxConsecutiveEmptyPages == 1)
    feature.maxElements = Int.min
    #expect(feature.maxElements == 1)
    let store = TestStore(initialState: pages.state(at: 3)) { feature }
    await store.send(.elementAppeared(78)) { $0.lastVisible = 78 }
    await store.send(.elementAppeared(79)) {
      $0.lastVisible = 79
      $0.endStatus = .loading(.bottom("page-4"))
    }
    store.skipInFlightEffects()
  }

  @Test func thePrefetchDistanceIsConfigurable() async {
    let store = TestStore(initialState: pages.state(at: 3)) {
      Feature(prefetchDistance: 10, loadPage: ControllablePageLoader().loadPage)
    }
    await store.send(.elementAppeared(71)) {
      $0.lastVisible = 71
      $0.endStatus = .loading(.bottom("page-4"))
    }
    store.skipInFlightEffects()
  }

  /// A non-lazy grid "appears" every element at once.
  @Test func aContainerThatReportsEveryElementVisibleAtOnceLoadsOnePage() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(prefetchDistance: 5, loadPage: loader.loadPage) }
    await store.send(.elementAppeared(0)) { $0.lastVisible = 0 }
    for id in 1..<20 {
      if id == 14 {
        await store.send(.elementAppeared(id)) {
          $0.lastVisible = id
          $0.endStatus = .loading(.bottom("page-1"))
        }
      } else {
        await store.send(.elementAppeared(id)) { $0.lastVisible = id }
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
