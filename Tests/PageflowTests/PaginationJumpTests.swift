import Pageflow
import PageflowTesting
import Testing

/// Jumps: the window opens at any element (or either end of the list) without loading what lies
/// between; the old window stays on screen until the new one arrives; late answers are dropped.
@MainActor
struct PaginationJumpTests {
  let pages = MessagePages(size: 10, total: 1_000)

  struct Offline: Error {}

  @Test func aJumpLoadsThePageAroundTheElementAndSelectsItThenPagesBothWays() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    let around = PageRequest(.around("505"))
    await store.send(.jump(to: .element(505))) { $0.reloadStatus = .loading(around) }
    #expect(store.state.elements.map(\.id) == Array(0..<10))  // the old window, until the answer

    loader.respond(to: around, with: pages.page(50))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(50))
      $0.pages = PageList([pages.info(50)])
      $0.startStatus = .idle
      $0.reloadStatus = .idle
      $0.selection = 505
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(505))))

    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-49")) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-51")) }
    await loader.waitForRequests(count: 3)
    #expect(loader.requests == [around, .top("page-49"), .bottom("page-51")])
    store.skipInFlightEffects()
  }

  @Test func anAnswerFromBeforeTheJumpIsDropped() async {
    let loader = ControllablePageLoader<Message>(ignoresCancellation: true)
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    await store.send(.jump(to: .element(505))) {
      $0.endStatus = .idle
      $0.reloadStatus = .loading(PageRequest(.around("505")))
    }
    loader.respond(to: .bottom("page-1"), with: pages.page(1))  // late: dropped
    loader.respond(to: PageRequest(.around("505")), with: pages.page(50))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(50))
      $0.pages = PageList([pages.info(50)])
      $0.startStatus = .idle
      $0.reloadStatus = .idle
      $0.selection = 505
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(505))))
    await store.finish()
    #expect(store.state.elements.map(\.id) == Array(500..<510))
  }

  @Test func aJumpToAnElementInTheWindowOnlySelectsIt() async {
    let store = TestStore(initialState: pages.state(at: 0)) {
      Feature(prefetchDistance: 0, loadPage: ControllablePageLoader().loadPage)
    }
    await store.send(.elementAppeared(1)) { $0.lastVisible = 1 }
    await store.send(.jump(to: .element(7))) {
      $0.selection = 7
      $0.lastVisible = nil
    }
    await store.receive(.delegate(.didSelect(Message(7))))
  }

  @Test func aJumpAsksWithTheFeaturesAnchorCursor() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) {
      Feature(anchorCursor: { id in PaginationCursor("message-\(id)") }, loadPage: loader.loadPage)
    }
    await store.send(.jump(to: .element(42))) { $0.reloadStatus = .loading(PageRequest(.around("message-42"))) }
    store.skipInFlightEffects()
  }

  @Test func whenThePageDoesNotHoldTheElementTheFirstElementIsSelected() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.jump(to: .element(505))) { $0.reloadStatus = .loading(PageRequest(.around("505"))) }
    let withoutIt = Page(previous: "page-49", next: "page-51", elements: pages.messages(50).filter { $0.id != 505 })
    loader.respond(to: PageRequest(.around("505")), with: withoutIt)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(withoutIt.elements)
      $0.pages = PageList([PageInfo(previous: "page-49", next: "page-51", count: 9)])
      $0.startStatus = .idle
      $0.reloadStatus = .idle
      $0.selection = 500
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(500))))
  }

  @Test func aJumpToTheEndLoadsTheLastPageAndSelectsItsLastElement() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.jump(to: .end)) { $0.reloadStatus = .loading(PageRequest(.last)) }
    loader.respond(to: PageRequest(.last), with: pages.page(99))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(99))
      $0.pages = PageList([pages.info(99)])
      $0.startStatus = .idle
      $0.endStatus = .endReached(.noMoreCursor)
      $0.reloadStatus = .idle
      $0.selection = 999
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(999))))
    // The window now holds the end of the list: jumping there again only selects.
    await store.send(.selectElement(995)) { $0.selection = 995 }
    await store.receive(.delegate(.didSelect(Message(995))))
    await store.send(.jump(to: .end)) { $0.selection = 999 }
    await store.receive(.delegate(.didSelect(Message(999))))
  }

  @Test func aJumpToTheStartOfAWindowThatHoldsItOnlySelectsTheFirstElement() async {
    var initial = pages.state(at: 0)
    initial.selection = 4
    let store = TestStore(initialState: initial) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.jump(to: .start)) { $0.selection = 0 }
    await store.receive(.delegate(.didSelect(Message(0))))
  }

  @Test func aFailedJumpKeepsTheWindowAndIsRetried() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    let around = PageRequest(.around("505"))
    await store.send(.jump(to: .element(505))) { $0.reloadStatus = .loading(around) }
    loader.fail(around, with: Offline())
    await store.receive(case: Feature.Action.pageResponse) { $0.reloadStatus = .failed(around, LoadError(Offline())) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }  // the old window works
    await store.send(.retryReload) {
      $0.endStatus = .idle
      $0.reloadStatus = .loading(around)
    }
    loader.respond(to: around, with: pages.page(50))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(50))
      $0.pages = PageList([pages.info(50)])
      $0.startStatus = .idle
      $0.reloadStatus = .idle
      $0.selection = 505  // the retry jumps where the first try meant to
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(505))))
    store.skipInFlightEffects()
  }

  @Test func cancelReloadLeavesTheWindowAsItIs() async {
    let loader = ControllablePageLoader<Message>(ignoresCancellation: true)
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.jump(to: .element(505))) { $0.reloadStatus = .loading(PageRequest(.around("505"))) }
    await store.send(.cancelReload) { $0.reloadStatus = .idle }
    loader.respond(to: PageRequest(.around("505")), with: pages.page(50))
    await store.finish()
    #expect(store.state.elements.map(\.id) == Array(0..<10))
  }
}
