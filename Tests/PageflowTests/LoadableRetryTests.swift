import Pageflow
import PageflowTesting
import Testing

/// One retry for a screen: `.retry` of a loadable state sends again its own failed load, as it was,
/// or else hands the loaded list its `retryFailed`; when nothing failed, nothing loads.
@MainActor
struct LoadableRetryTests {
  typealias Screen = FilterChangeRefreshTests.Screen
  let general = FilterChangeRefreshTests.Channel(name: "general")
  let closed = FilterChangeRefreshTests.Channel(name: "closed")
  let loader = ControllablePageLoader<Message>()
  struct Offline: Error, Equatable {}
  let offline = LoadError(Offline())

  /// Page 1 of "general", with pages on both sides.
  var middle: PaginationFeature<Message>.State {
    PaginationFeature<Message>.State(
      context: general, selection: 3, previous: "page-0", next: "page-2", elements: MessagePages().messages(1))
  }

  func screen(_ messages: LoadableStateWith<FilterChangeRefreshTests.Channel, PaginationFeature<Message>.State>)
    -> TestStore<Screen.State, Screen.Action>
  {
    TestStore(initialState: Screen.State(messages: messages)) { Screen(loadPage: loader.loadPage) }
  }

  /// The first page of `channel`, as the screen's load asks for it.
  func first(_ channel: FilterChangeRefreshTests.Channel) -> PageRequest { PageRequest(.first, context: channel) }

  /// Fails the screen's own load of `channel`.
  func failLoad(of channel: FilterChangeRefreshTests.Channel, in store: TestStore<Screen.State, Screen.Action>) async {
    loader.fail(first(channel), with: Offline())
    await store.receive(.messages(.finished(channel, didRefresh: false, .failure(offline)))) {
      $0.$messages.finish(channel, result: .failure(self.offline))
    }
  }

  @Test func aFailedFirstLoadIsLoadedAgain() async {
    let store = screen(.pending)
    await store.send(.messages(.load(general))) { $0.$messages.becomeActive(general) }
    await failLoad(of: general, in: store)

    await store.send(.messages(.retry)) { $0.$messages.becomeActive(general) }  // loading, not refreshing
    loader.respond(to: first(general), with: Page(elements: [Message(0)]))
    let list = PaginationFeature<Message>.State(context: general, selection: 0, elements: [Message(0)])
    await store.receive(.messages(.finished(general, didRefresh: false, .success(list)))) {
      $0.$messages.finish(general, result: .success(list))
    }
    #expect(loader.requests == [first(general), first(general)])
  }

  @Test func aFailedNewRequestIsLoadedAgainOverTheValueStillShown() async {
    let store = screen(.loaded(middle, request: general))
    await store.send(.messages(.load(closed))) { $0.$messages.becomeActive(closed) }
    await failLoad(of: closed, in: store)

    await store.send(.messages(.retry)) { $0.$messages.becomeActive(closed) }
    #expect(store.state.messages == middle)  // still shown
    await failLoad(of: closed, in: store)
    #expect(loader.requests == [first(closed), first(closed)])
  }

  @Test func theFailedEdgesOfTheLoadedListAreRetriedByTheList() async {
    let store = screen(.loaded(middle, request: general))
    let top = PageRequest(direction: .top, context: general, cursor: "page-0")
    let bottom = PageRequest(direction: .bottom, context: general, cursor: "page-2")
    await store.send(.messages(.loaded(.loadPage(.top)))) { $0.messages?.startStatus = .loading(top) }
    await store.send(.messages(.loaded(.loadPage(.bottom)))) { $0.messages?.endStatus = .loading(bottom) }
    await loader.waitForRequests(count: 2)
    await failEdges(top: top, bottom: bottom, in: store)

    await store.send(.messages(.retry)) {
      $0.messages?.startStatus = .loading(top)
      $0.messages?.endStatus = .loading(bottom)
    }
    await failEdges(top: top, bottom: bottom, in: store)
    #expect(loader.requests == [top, bottom, top, bottom])
  }

  /// Fails the loads in flight at both edges of the loaded list.
  func failEdges(top: PageRequest, bottom: PageRequest, in store: TestStore<Screen.State, Screen.Action>) async {
    for (request, edge) in [(top, \PaginationFeature<Message>.State.startStatus), (bottom, \.endStatus)] {
      loader.fail(request, with: Offline())
      await store.receive(.messages(.loaded(.pageResponse(.init(request: request, result: .failure(offline)))))) {
        $0.messages?[keyPath: edge] = .failed(self.offline, retryable: true)
      }
    }
  }

  @Test func aFailedRefreshOfTheLoadedListIsRetriedByTheList() async {
    let store = screen(.loaded(middle, request: general))
    let refresh = PageRequest(.around("3"), context: general, isRefresh: true)
    await store.send(.messages(.refresh)) { $0.messages?.reloadStatus = .loading(refresh) }
    await failReload(refresh, in: store)

    await store.send(.messages(.retry)) { $0.messages?.reloadStatus = .loading(refresh) }
    await failReload(refresh, in: store)
    #expect(loader.requests == [refresh, refresh])
  }

  /// Fails `request`, the reload of the loaded list in flight.
  func failReload(_ request: PageRequest, in store: TestStore<Screen.State, Screen.Action>) async {
    loader.fail(request, with: Offline())
    await store.receive(.messages(.loaded(.pageResponse(.init(request: request, result: .failure(offline)))))) {
      $0.messages?.reloadStatus = .failed(request, self.offline)
    }
  }

  /// The state's own failure comes first: the list it still shows is about to be replaced.
  @Test func theStatesOwnFailedLoadIsRetriedBeforeTheListsFailures() async {
    var failedBottom = middle
    failedBottom.endStatus = .failed(offline, retryable: true)
    let store = screen(.loaded(failedBottom, request: general))
    await store.send(.messages(.load(closed))) { $0.$messages.becomeActive(closed) }
    await failLoad(of: closed, in: store)

    await store.send(.messages(.retry)) { $0.$messages.becomeActive(closed) }
    await failLoad(of: closed, in: store)
    #expect(loader.requests == [first(closed), first(closed)])
  }

  @Test func aFailedRefreshOfAValueWithoutAFeatureIsRefreshedAgain() async {
    let gate = Gate<String>()
    let store = TestStore(initialState: ProfileFeature.State(profile: .loaded("Ada", request: "ada"))) {
      ProfileFeature(gate: gate)
    }
    await store.send(.profile(.refresh)) { $0.$profile.becomeActive("ada", isRefresh: true) }
    gate.answer("ada", with: .failure(GateFailure()))
    await store.receive(.profile(.finished("ada", didRefresh: true, .failure(LoadError(GateFailure()))))) {
      $0.$profile.finish("ada", result: .failure(LoadError(GateFailure())))
    }

    await store.send(.profile(.retry)) { $0.$profile.becomeActive("ada", isRefresh: true) }
    #expect(store.state.$profile.isRefreshing)
    gate.answer("ada", with: .success("Ada L."))
    await store.receive(.profile(.finished("ada", didRefresh: true, .success("Ada L.")))) {
      $0.$profile.finish("ada", result: .success("Ada L."))
    }
    #expect(gate.requests == ["ada", "ada"])
  }

  @Test func nothingFailedNothingLoads() async {
    let pending = screen(.pending)
    await pending.send(.messages(.retry))

    let loaded = screen(.loaded(middle, request: general))
    await loaded.send(.messages(.retry))
    #expect(loaded.runningEffectCount == 0)

    let loading = screen(.loaded(middle, request: general))
    await loading.send(.messages(.load(closed))) { $0.$messages.becomeActive(closed) }
    await loading.send(.messages(.retry))  // in flight, not failed
    loader.respond(to: first(closed), with: Page(elements: [Message(10)]))
    let list = PaginationFeature<Message>.State(context: closed, selection: 0, elements: [Message(10)])
    await loading.receive(.messages(.finished(closed, didRefresh: false, .success(list)))) {
      $0.$messages.finish(closed, result: .success(list))
    }
    await loading.finish()
    #expect(loader.requests == [first(closed)])
  }
}
