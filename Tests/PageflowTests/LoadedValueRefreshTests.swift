import Pageflow
import PageflowTesting
import Testing

/// After the list's filter changes, every way of refreshing loads the current filter: a loaded
/// list whose feature refreshes itself gets its own `refresh` (it owns its filter), and a failed
/// load of a new filter is retried through `load`.
@MainActor
struct LoadedValueRefreshTests {
  let open = DocTaskList.State(filter: "open", tasks: ["open 1"])
  let closed = DocTaskList.State(filter: "closed", tasks: ["closed 1"])

  func board(_ gate: Gate<[String]>) -> TestStore<DocTaskBoard.State, DocTaskBoard.Action> {
    TestStore(initialState: DocTaskBoard.State(list: .loaded(open, request: "open"))) {
      DocTaskBoard(loadTasks: gate.load)
    }
  }

  @Test func aListThatResetItsFilterRefreshesThatFilterItself() async {
    let gate = Gate<[String]>()
    let store = board(gate)
    await store.send(.list(.loaded(.showFilter("closed")))) {
      $0.list = DocTaskList.State(filter: "closed", tasks: [], isRefreshing: true)
    }
    gate.answer("closed", with: .success(["closed 1"]))
    await store.receive(.list(.loaded(.tasksLoaded(filter: "closed", ["closed 1"])))) { $0.list = closed }

    await store.send(.list(.refresh)) { $0.list?.isRefreshing = true }
    #expect(store.state.$list.isRefreshing)  // the list's refresh, read through the loadable state
    #expect(store.state.$list.status == .success("closed"))  // the list's own filter; no load through the board
    gate.answer("closed", with: .success(["closed 1", "closed 2"]))
    await store.receive(.list(.loaded(.tasksLoaded(filter: "closed", ["closed 1", "closed 2"])))) {
      $0.list?.tasks = ["closed 1", "closed 2"]
      $0.list?.isRefreshing = false
    }
    #expect(!store.state.$list.isRefreshing)
    #expect(gate.requests == ["closed", "closed"])
  }

  @Test func aListLoadedForANewRequestRefreshesThatRequest() async {
    let gate = Gate<[String]>()
    let store = board(gate)
    await store.send(.list(.load("closed"))) { $0.$list.becomeActive("closed") }
    gate.answer("closed", with: .success(["closed 1"]))
    await store.receive(.list(.finished("closed", didRefresh: false, .success(closed)))) {
      $0.$list = .loaded(closed, request: "closed")
    }

    await store.send(.list(.refresh)) { $0.list?.isRefreshing = true }
    gate.answer("closed", with: .success(["closed 2"]))
    await store.receive(.list(.loaded(.tasksLoaded(filter: "closed", ["closed 2"])))) {
      $0.list?.tasks = ["closed 2"]
      $0.list?.isRefreshing = false
    }
    #expect(gate.requests == ["closed", "closed"])
  }

  @Test func aFailedLoadOfANewRequestIsRetriedThroughLoad() async {
    let gate = Gate<[String]>()
    let store = board(gate)
    await store.send(.list(.load("closed"))) { $0.$list.becomeActive("closed") }
    gate.answer("closed", with: .failure(GateFailure()))
    await store.receive(.list(.finished("closed", didRefresh: false, .failure(LoadError(GateFailure()))))) {
      $0.$list.finish("closed", result: .failure(LoadError(GateFailure())))
    }
    #expect(store.state.list == open)  // the old list is still shown, under a failed "closed"

    await store.send(.list(.refresh)) { $0.$list.becomeActive("closed", isRefresh: true) }
    gate.answer("closed", with: .success(["closed 1"]))
    await store.receive(.list(.finished("closed", didRefresh: true, .success(closed)))) {
      $0.$list = .loaded(closed, request: "closed")
    }
    #expect(gate.requests == ["closed", "closed"])
  }

  @Test func aFailedFirstLoadIsRetriedThroughLoad() async {
    let gate = Gate<[String]>()
    let store = TestStore(initialState: DocTaskBoard.State(list: .failed(GateFailure(), request: "closed"))) {
      DocTaskBoard(loadTasks: gate.load)
    }
    await store.send(.list(.refresh)) { $0.$list.becomeActive("closed", isRefresh: true) }
    gate.answer("closed", with: .success(["closed 1"]))
    await store.receive(.list(.finished("closed", didRefresh: true, .success(closed)))) {
      $0.$list = .loaded(closed, request: "closed")
    }
  }

  @Test func isRefreshingReadsTheStateOrTheValue() {
    var refreshingList = open
    refreshingList.isRefreshing = true
    #expect(LoadableStateWith.loaded(refreshingList, request: "open").isRefreshing)
    #expect(LoadableStateWith.refreshing(open, request: "open").isRefreshing)
    #expect(!LoadableStateWith.loaded(open, request: "open").isRefreshing)
    #expect(!LoadableStateWith<String, String>.loaded("a value that reports nothing", request: "open").isRefreshing)
  }

  @Test func cancelStopsARefreshHandedToTheLoadedListAndRestoresItsState() async {
    typealias Screen = FilterChangeRefreshTests.Screen
    let general = FilterChangeRefreshTests.Channel(name: "general")
    let loader = ControllablePageLoader<Message>()
    let list = PaginationFeature<Message>.State(
      context: general, selection: 0, next: "page-1", elements: [Message(0), Message(1)])
    let store = TestStore(initialState: Screen.State(messages: .loaded(list, request: general))) {
      Screen(loadPage: loader.loadPage)
    }
    let refresh = PageRequest(.around("0"), context: general, isRefresh: true)
    await store.send(.messages(.refresh)) { $0.messages?.reloadStatus = .loading(refresh) }
    await loader.waitForRequests(count: 1)
    #expect(store.state.$messages.isRefreshing)

    await store.send(.messages(.cancel)) { $0.messages?.reloadStatus = .idle }
    #expect(!store.state.$messages.isRefreshing)
    #expect(store.state.$messages.status == .success(general))
    #expect(loader.pendingRequests.isEmpty)  // the refresh's request was cancelled at the loader
    loader.respond(to: refresh, with: Page(elements: [Message(7)]))  // too late: nothing changes
    await store.finish()
  }
}
