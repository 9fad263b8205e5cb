import Pageflow
import PageflowTesting
import Testing

/// One retry for a list: `.retryFailed` sends again whatever failed (the failed reload, else each
/// failed edge), each once, and does nothing when nothing failed.
@MainActor
struct RetryFailedTests {
  let pages = MessagePages()
  let loader = ControllablePageLoader<Message>()
  struct Offline: Error, Equatable {}
  let offline = LoadError(Offline())

  func store(at page: Int = 1) -> TestStore<Feature.State, Feature.Action> {
    TestStore(initialState: pages.state(at: page)) { Feature(loadPage: loader.loadPage) }
  }

  /// Fails `request`, the load in flight at `edge`, and expects the edge to show it.
  func fail(
    _ request: PageRequest, at edge: WritableKeyPath<Feature.State, PaginationStatus>,
    in store: TestStore<Feature.State, Feature.Action>
  ) async {
    loader.fail(request, with: Offline())
    await store.receive(.pageResponse(.init(request: request, result: .failure(offline)))) {
      $0[keyPath: edge] = .failed(offline, retryable: true)
    }
  }

  /// Answers the load of page 2 at the bottom, in flight, with its page.
  func answerPage2(_ store: TestStore<Feature.State, Feature.Action>) async {
    loader.respond(to: .bottom("page-2"), with: pages.page(2))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(2))
      $0.pages.append(pages.info(2))
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func aFailedBottomEdgeIsRetriedAndItsPageLands() async {
    let store = store()
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await fail(.bottom("page-2"), at: \.endStatus, in: store)

    await store.send(.retryFailed) { $0.endStatus = .loading(.bottom("page-2")) }
    await answerPage2(store)
    #expect(loader.requests == [.bottom("page-2"), .bottom("page-2")])
  }

  @Test func aFailedTopEdgeIsRetriedWithTheRequestThatFailed() async {
    let store = store()
    let leading = PageRequest(direction: .leading, cursor: "page-0")
    await store.send(.loadPage(.leading)) { $0.startStatus = .loading(leading) }
    await fail(leading, at: \.startStatus, in: store)

    await store.send(.retryFailed) { $0.startStatus = .loading(leading) }  // .leading, as it was sent
    await fail(leading, at: \.startStatus, in: store)
    #expect(loader.requests == [leading, leading])
  }

  @Test func bothFailedEdgesAreRetriedOnceEach() async {
    let store = store()
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-0")) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await loader.waitForRequests(count: 2)
    await fail(.bottom("page-2"), at: \.endStatus, in: store)
    await fail(.top("page-0"), at: \.startStatus, in: store)

    await store.send(.retryFailed) {
      $0.startStatus = .loading(.top("page-0"))
      $0.endStatus = .loading(.bottom("page-2"))
    }
    await store.send(.retryFailed)  // both in flight again: nothing more
    await fail(.top("page-0"), at: \.startStatus, in: store)
    await fail(.bottom("page-2"), at: \.endStatus, in: store)
    #expect(loader.requests.filter { $0 == .top("page-0") }.count == 2)
    #expect(loader.requests.filter { $0 == .bottom("page-2") }.count == 2)
  }

  /// A refresh, a reset and a jump: each reload that failed is sent again as it was.
  enum Reload: CaseIterable {
    case refresh, reset, jump

    var action: Feature.Action {
      switch self {
      case .refresh: .refresh
      case .reset: .reset(context: RetryFilter.open)
      case .jump: .jump(to: .element(42))
      }
    }

    var request: PageRequest {
      switch self {
      case .refresh: PageRequest(.around("3"), isRefresh: true)
      case .reset: PageRequest(.first, context: RetryFilter.open)
      case .jump: PageRequest(.around("42"))
      }
    }

    /// What sending the reload changes in a list showing page 1.
    func start(_ state: inout Feature.State) {
      state.reloadStatus = .loading(request)
      guard self == .reset else { return }
      state.context = RetryFilter.open
      state.elements = []
      state.pages = PageList()
      state.startStatus = .idle
      state.endStatus = .idle
    }
  }

  enum RetryFilter: PaginationContext { case open }

  @Test(arguments: Reload.allCases)
  func aFailedReloadIsRetriedAsItWasSent(reload: Reload) async {
    let store = store()
    await store.send(reload.action) { reload.start(&$0) }
    await failReload(reload.request, in: store)

    await store.send(.retryFailed) { $0.reloadStatus = .loading(reload.request) }
    await failReload(reload.request, in: store)
    #expect(loader.requests == [reload.request, reload.request])
  }

  /// Fails `request`, the reload in flight.
  func failReload(_ request: PageRequest, in store: TestStore<Feature.State, Feature.Action>) async {
    loader.fail(request, with: Offline())
    await store.receive(.pageResponse(.init(request: request, result: .failure(offline)))) {
      $0.reloadStatus = .failed(request, offline)
    }
  }

  /// The failed reload's page replaces both edges, so only the reload is retried; the failed edge
  /// is settled by its page.
  @Test func aFailedReloadIsRetriedAloneWhenAnEdgeFailedToo() async {
    let store = store()
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await fail(.bottom("page-2"), at: \.endStatus, in: store)
    let refresh = PageRequest(.around("3"), isRefresh: true)
    await store.send(.refresh) { $0.reloadStatus = .loading(refresh) }
    await failReload(refresh, in: store)

    await store.send(.retryFailed) { $0.reloadStatus = .loading(refresh) }
    loader.respond(to: refresh, with: pages.page(1))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.reloadStatus = .idle
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
    #expect(loader.requests == [.bottom("page-2"), refresh, refresh])
  }

  /// A cursor that came back fails its edge for good: retrying would loop.
  @Test func aCursorCycleIsNotRetried() async {
    let store = store()
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    loader.respond(to: .bottom("page-2"), with: Page(previous: "page-1", next: "page-2", elements: [Message(6)]))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: [Message(6)])
      $0.pages.append(PageInfo(previous: "page-1", next: "page-2", count: 1))
      $0.endStatus = .failed(LoadError(PaginationError.cursorCycle("page-2")), retryable: false)
    }
    await store.receive(case: Feature.Action.delegate)

    await store.send(.retryFailed)
    #expect(store.runningEffectCount == 0)
    #expect(loader.requests == [.bottom("page-2")])
  }

  @Test func nothingFailedNothingLoads() async {
    let store = store()
    await store.send(.retryFailed)
    #expect(store.runningEffectCount == 0)
    #expect(loader.requests.isEmpty)

    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await store.send(.retryFailed)  // in flight, not failed
    await answerPage2(store)
    await store.finish()
    #expect(loader.requests == [.bottom("page-2")])
  }

  @Test func retryFailedEqualsOnlyItself() {
    #expect(Feature.Action.retryFailed == .retryFailed)
    #expect(Feature.Action.retryFailed != .retryReload)
    #expect(Feature.Action.retryFailed != .retry(.bottom))
  }
}
