import Foundation
import Pageflow
import PageflowTesting
import Testing

// The code of every snippet in Documentation/*.md, compiled and run. Each article names the test
// that its snippet mirrors (`<!-- mirrors: DocumentationSnippetTests.testName -->`); when you change
// one, change the other. Types are prefixed `Doc` so that they do not clash with other test files.

// MARK: - GettingStarted.md

/// A client that fetches a fact about a number. A real app would call a server here.
struct DocNumberFacts: Sendable {
  var fetch: @Sendable (Int) async throws -> String

  /// Answers at once, without a network.
  static let example = DocNumberFacts { number in "\(number) is a good number." }
}

/// A counter that can fetch a fact about its count.
struct DocCounter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
    var isLoadingFact = false
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case factButtonTapped
    case factLoaded(String)
    case factFailed
  }

  let facts: DocNumberFacts

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .decrement:
        state.count -= 1
        return .none
      case .factButtonTapped:
        state.isLoadingFact = true
        let count = state.count
        return .run { send in
          let fact = try await facts.fetch(count)
          send(.factLoaded(fact))
        } catch: { error, send in
          send(.factFailed)
        }
      case .factLoaded(let fact):
        state.isLoadingFact = false
        state.fact = fact
        return .none
      case .factFailed:
        state.isLoadingFact = false
        state.fact = nil
        return .none
      }
    }
  }
}

struct DocFactsUnavailable: Error {}

/// A parent with a counter that is always there and a detail counter that is sometimes there.
struct DocApp: Reducer {
  struct State: Equatable, Sendable {
    var counter = DocCounter.State()
    var detail: DocCounter.State?
    var incrementsSeen = 0
  }

  enum Action: Equatable, Sendable {
    case counter(DocCounter.Action)
    case detail(DocCounter.Action)
    case showDetail
    case hideDetail
  }

  let facts: DocNumberFacts

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: Action.counter) {
      DocCounter(facts: facts)
    }
    Reduce { state, action in
      switch action {
      case .counter(.increment):
        // Runs after the child: the counter has already changed.
        state.incrementsSeen += 1
        return .none
      case .showDetail:
        state.detail = DocCounter.State()
        return .none
      case .hideDetail:
        state.detail = nil
        return .none
      case .counter, .detail:
        return .none
      }
    }
    .ifLet(\.detail, action: Action.detail) {
      DocCounter(facts: facts)
    }
  }
}

// MARK: - Loading.md

struct DocProfile: Equatable, Sendable {
  var name: String
}

struct DocNotFound: Error, Equatable {
  var username: String
}

/// A user directory that answers at once from a dictionary.
struct DocDirectory: Sendable {
  var profiles: [String: DocProfile] = [
    "ada": DocProfile(name: "Ada Lovelace"),
    "bob": DocProfile(name: "Bob Barker"),
  ]

  func profile(_ username: String) async throws -> DocProfile {
    guard let profile = profiles[username] else { throw DocNotFound(username: username) }
    return profile
  }
}

/// A profile loaded by user name.
struct DocProfileFeature: Reducer {
  struct State: Equatable, Sendable {
    @LoadableStateWith<String, DocProfile> var profile
  }

  enum Action: Equatable, Sendable {
    case profile(LoadingAction<String, DocProfile, Never>)
  }

  let directory: DocDirectory

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .loadable(\.$profile, action: Action.profile) { username, state in
        try await directory.profile(username)
      }
  }
}

/// A score that is loaded without a request, then changed by a child feature (the counter).
struct DocScoreboard: Reducer {
  struct State: Equatable, Sendable {
    @LoadableState<EmptyLoadRequest, DocCounter.State> var score
  }

  enum Action: Equatable, Sendable {
    case score(LoadingAction<EmptyLoadRequest, DocCounter.State, DocCounter.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .loadable(\.$score, action: Action.score) {
        DocCounter(facts: .example)
      } load: { state in
        DocCounter.State(count: 10)
      }
  }
}

/// Tasks under a filter that the list itself can change; it reloads itself from that filter.
struct DocTaskList: Reducer {
  struct State: Equatable, Sendable, RefreshReporting, ContextReporting {
    var filter: String
    var tasks: [String]
    var isRefreshing = false

    /// The filter the list loads: the board's request follows it.
    var context: String { filter }
  }

  enum Action: Equatable, Sendable, RefreshableAction {
    case refresh
    case showFilter(String)
    case tasksLoaded(filter: String, [String])
  }

  let loadTasks: @Sendable (_ filter: String) async throws -> [String]

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .refresh:
        return reload(&state)
      case .showFilter(let filter):
        state.filter = filter
        state.tasks = []
        return reload(&state)
      case .tasksLoaded(let filter, let tasks):
        guard filter == state.filter else { return .none }  // an answer for a filter left behind
        state.tasks = tasks
        state.isRefreshing = false
        return .none
      }
    }
  }

  func reload(_ state: inout State) -> Effect<Action> {
    state.isRefreshing = true
    let filter = state.filter
    return .run { send in
      send(.tasksLoaded(filter: filter, try await loadTasks(filter)))
    }
  }
}

/// A board whose task list is loaded for a filter, then changes its filter itself.
struct DocTaskBoard: Reducer {
  struct State: Equatable, Sendable {
    @LoadableStateWith<String, DocTaskList.State> var list
  }

  enum Action: Equatable, Sendable {
    case list(LoadingActionOf<String, DocTaskList>)
  }

  let loadTasks: @Sendable (_ filter: String) async throws -> [String]

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .loadable(\.$list, action: Action.list) {
        DocTaskList(loadTasks: loadTasks)
      } load: { filter, state in
        DocTaskList.State(filter: filter, tasks: try await loadTasks(filter))
      }
  }
}

// MARK: - Pagination.md

struct DocMessage: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String

  init(id: Int, text: String) {
    self.id = id
    self.text = text
  }

  init(_ id: Int) { self.init(id: id, text: "message \(id)") }
}

/// A fake server: `total` messages, `pageSize` to a page, pages named "page-0", "page-1", …
struct DocMessageServer: Sendable {
  var pageSize = 3
  var total = 9

  func page(_ cursor: PaginationCursor?) async throws -> Page<DocMessage> {
    let number = cursor.flatMap { Int($0.rawValue.dropFirst("page-".count)) } ?? 0
    let ids = (number * pageSize)..<min(total, (number + 1) * pageSize)
    return Page(
      previous: number > 0 ? PaginationCursor("page-\(number - 1)") : nil,
      next: ids.upperBound < total ? PaginationCursor("page-\(number + 1)") : nil,
      elements: ids.map { DocMessage($0) }
    )
  }
}

/// An HTTP API that takes a limit: the messages after a cursor (a message's id), `limit` of them.
final class DocLimitedAPI: Sendable {
  let total: Int
  private let received = Lock<[Int]>([])

  init(total: Int) { self.total = total }

  /// The limits asked for so far.
  var limits: [Int] { received.withLock { $0 } }

  func messages(after cursor: PaginationCursor?, limit: Int) async throws -> Page<DocMessage> {
    received.withLock { $0.append(limit) }
    let start = cursor.flatMap { Int($0.rawValue) }.map { $0 + 1 } ?? 0
    let ids = start..<min(total, start + limit)
    return Page(
      previous: start > 0 ? "\(start)" : nil, next: ids.upperBound < total ? "\(ids.upperBound - 1)" : nil,
      elements: ids.map { DocMessage($0) })
  }
}

struct DocServerDown: Error, Equatable {}

/// A filter, sent with every page request of a list.
struct DocFilter: PaginationContext {
  var unreadOnly: Bool
}

/// A folder, sent with every page request of a list.
struct DocFolder: PaginationContext {
  var name: String
}

/// A keyset cursor: the last message's creation date, then its id.
/// The issues a list shows: an enum works as a context.
enum DocIssueFilter: PaginationContext {
  case open, closed
}

struct DocMessageKey: Codable, Equatable {
  var created: Date
  var id: Int
}

/// Which channel to load; the loaded list keeps it as its context, so every page comes from it.
struct DocMessageRequest: PaginationContext {
  var channel: String
}

/// A messages API with one channel, answering from a `DocMessageServer`.
struct DocMessagesAPI: Sendable {
  struct Response: Sendable {
    var messages: [DocMessage]
    var nextPage: PaginationCursor?
  }

  /// A channel the API does not know.
  struct UnknownChannel: Error {}

  var channels = ["general": DocMessageServer()]

  func loadMessages(channel: String, cursor: PaginationCursor? = nil) async throws -> Response {
    guard let server = channels[channel] else { throw UnknownChannel() }
    let page = try await server.page(cursor)
    return Response(messages: page.elements, nextPage: page.next)
  }
}

/// A channel's messages: the first page loaded by `LoadableState`, the next ones by
/// `PaginationFeature`.
struct DocMessagesFeature: Reducer {
  struct State: Equatable, Sendable {
    // Wrap PaginationFeature state with LoadableState.
    @LoadableStateWith<DocMessageRequest, PaginationFeature<DocMessage>.State> var messages
    var lastSelectedID: Int?
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case messages(
      LoadingAction<
        DocMessageRequest,
        PaginationFeature<DocMessage>.State,
        PaginationFeature<DocMessage>.Action
      >
    )
  }

  struct NoMessages: Error {}

  let api: DocMessagesAPI

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .send(.messages(.load(DocMessageRequest(channel: "general"))))
      case .messages(.loaded(.delegate(.didSelect(let message)))):
        state.lastSelectedID = message.id
        return .none
      case .messages:
        return .none
      }
    }
    .loadable(\.$messages, action: Action.messages) {
      PaginationFeature<DocMessage> { pageRequest in
        let request = try pageRequest.context(as: DocMessageRequest.self)
        let response = try await api.loadMessages(channel: request.channel, cursor: pageRequest.cursor)
        return Page(next: response.nextPage, elements: response.messages)
      }
    } load: { request, state in
      let response = try await api.loadMessages(channel: request.channel)
      guard let firstMessage = response.messages.first else { throw NoMessages() }
      return PaginationFeature.State(
        context: request,
        selection: firstMessage.id,
        next: response.nextPage,
        elements: response.messages
      )
    }
  }
}

/// An empty first page handled with a results enum with a `.noResults` case.
struct DocInbox: Reducer {
  enum Results: Equatable, Sendable {
    case noResults
    case messages(PaginationFeature<DocMessage>.State)
  }

  struct State: Equatable, Sendable {
    @LoadableStateWith<DocMessageRequest, Results> var results
  }

  enum Action: Equatable, Sendable {
    case results(LoadingAction<DocMessageRequest, Results, PaginationFeature<DocMessage>.Action>)
  }

  let api: DocMessagesAPI

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .loadable(\.$results, action: Action.results) {
        Reduce { results, action in
          // Run the list feature on the list inside `.messages`; `.noResults` ignores list actions.
          guard case .messages(var list) = results else { return .none }
          results = .noResults  // move the list out, so it is changed in place, not copied
          defer { results = .messages(list) }
          return PaginationFeature<DocMessage> { pageRequest in
            let channel = try pageRequest.context(as: DocMessageRequest.self).channel
            let response = try await api.loadMessages(channel: channel, cursor: pageRequest.cursor)
            return Page(next: response.nextPage, elements: response.messages)
          }
          .reduce(into: &list, action: action)
        }
      } load: { request, state in
        let response = try await api.loadMessages(channel: request.channel)
        let list = PaginationFeature<DocMessage>.State(
          selectingFirstOf: response.messages, context: request, next: response.nextPage)
        guard let list else { return .noResults }
        return .messages(list)
      }
  }
}

// MARK: - Testing.md

/// A search field that waits for typing to pause for 300 ms before it searches.
struct DocSearch: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var searches: [String] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case search
  }

  let clock: any Clock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .queryChanged(let query):
        state.query = query
        return .run { send in
          try await clock.sleep(for: .milliseconds(300))
          send(.search)
        }
        .cancellable(id: "search-debounce", cancelInFlight: true)
      case .search:
        state.searches.append(state.query)
        return .none
      }
    }
  }
}

/// Starts three effects at once.
struct DocFanOut: Reducer {
  enum Action: Equatable, Sendable {
    case start
    case arrived(String)
  }

  var body: some Reducer<[String], Action> {
    Reduce { log, action in
      switch action {
      case .start:
        return .merge(
          .run { send in send(.arrived("a")) },
          .run { send in send(.arrived("b")) },
          .run { send in send(.arrived("c")) }
        )
      case .arrived(let name):
        log.append(name)
        return .none
      }
    }
  }
}

@MainActor
struct DocumentationSnippetTests {
  typealias List = PaginationFeature<DocMessage>

  /// Messages 0, 1, 2 — the first page of `DocMessageServer()` — with message 0 selected.
  var firstPage: List.State {
    List.State(selection: 0, next: "page-1", elements: [DocMessage(0), DocMessage(1), DocMessage(2)])
  }

  /// Messages 3, 4, 5 — the second page of `DocMessageServer()` — with message 3 selected.
  var middlePage: List.State {
    List.State(
      selection: 3, previous: "page-0", next: "page-2", elements: [DocMessage(3), DocMessage(4), DocMessage(5)])
  }

  // MARK: GettingStarted.md

  @Test func aStoreRunsTheReducerAndItsEffects() async {
    let store = Store(initialState: DocCounter.State()) {
      DocCounter(facts: .example)
    }
    store.send(.increment)
    store.send(.increment)
    #expect(store.state.count == 2)

    let task = store.send(.factButtonTapped)
    #expect(store.state.isLoadingFact)
    await task.finish()
    #expect(store.state.isLoadingFact == false)
    #expect(store.state.fact == "2 is a good number.")
  }

  @Test func anErrorThrownByAnEffectGoesToItsCatchHandler() async {
    let store = Store(initialState: DocCounter.State()) {
      DocCounter(facts: DocNumberFacts { _ in throw DocFactsUnavailable() })
    }
    await store.send(.factButtonTapped).finish()
    #expect(store.state.isLoadingFact == false)
    #expect(store.state.fact == nil)
  }

  @Test func scopeRunsAChildFeatureOnPartOfTheState() async {
    let store = Store(initialState: DocApp.State()) { DocApp(facts: .example) }
    store.send(.counter(.increment))
    #expect(store.state.counter.count == 1)
    #expect(store.state.incrementsSeen == 1)

    // The child's effect sends `.factLoaded`; it comes back as `.counter(.factLoaded(...))`.
    await store.send(.counter(.factButtonTapped)).finish()
    #expect(store.state.counter.fact == "1 is a good number.")
  }

  @Test func ifLetRunsAChildOnlyWhileItsStateIsPresent() async {
    let store = Store(initialState: DocApp.State()) { DocApp(facts: .example) }
    let warnings = await RuntimeWarning.$sink.collecting {
      store.send(.detail(.increment))  // no detail yet: ignored (with a warning in a debug build)
    }
    #expect(warnings == ["An action for DocCounter arrived while its state was nil; ignored: increment"])
    #expect(store.state.detail == nil)

    store.send(.showDetail)
    store.send(.detail(.increment))
    #expect(store.state.detail?.count == 1)

    store.send(.hideDetail)
    #expect(store.state.detail == nil)
  }

  @Test func anActionPathCanBeSpelledOut() {
    let counter = ActionPath<DocApp.Action, DocCounter.Action>(
      embed: { .counter($0) },
      extract: { action in
        guard case .counter(let child) = action else { return nil }
        return child
      }
    )
    let store = Store(initialState: DocApp.State()) {
      Scope(state: \DocApp.State.counter, action: counter) {
        DocCounter(facts: .example)
      }
    }
    store.send(.counter(.increment))
    #expect(store.state.counter.count == 1)

    #expect(counter.extract(.counter(.decrement)) == .decrement)
    #expect(counter.extract(.detail(.decrement)) == nil)
    // The enum case alone makes the same path; its extraction is derived by reflection.
    #expect(ActionPath(DocApp.Action.counter).extract(.detail(.decrement)) == nil)
  }

  // MARK: Loading.md

  @Test func aLoadGoesFromPendingToActiveToSuccess() async {
    let store = Store(initialState: DocProfileFeature.State()) {
      DocProfileFeature(directory: DocDirectory())
    }
    #expect(store.state.$profile.isPending)
    #expect(store.state.profile == nil)

    let load = store.send(.profile(.load("ada")))
    #expect(store.state.$profile.isActive)
    #expect(store.state.$profile.request == "ada")

    await load.finish()
    #expect(store.state.$profile.isSuccess)
    #expect(store.state.profile == DocProfile(name: "Ada Lovelace"))
    #expect(store.state.$profile.name == "Ada Lovelace")  // reads through to the value
  }

  @Test func aRefreshKeepsTheOldValueVisible() async {
    let loaded = DocProfileFeature.State(profile: .loaded(DocProfile(name: "Ada"), request: "ada"))
    let store = Store(initialState: loaded) {
      DocProfileFeature(directory: DocDirectory())
    }
    let refresh = store.send(.profile(.refresh))
    #expect(store.state.$profile.isRefreshing)
    #expect(store.state.profile == DocProfile(name: "Ada"))

    await refresh.finish()
    #expect(store.state.$profile.isSuccess)
    #expect(store.state.profile == DocProfile(name: "Ada Lovelace"))
  }

  @Test func aFailureKeepsThePreviousValueAndTheError() async {
    let loaded = DocProfileFeature.State(profile: .loaded(DocProfile(name: "Ada"), request: "ada"))
    let store = Store(initialState: loaded) {
      DocProfileFeature(directory: DocDirectory())
    }
    await store.send(.profile(.load("nobody"))).finish()
    #expect(store.state.$profile.isFailure)
    #expect(store.state.$profile.error == LoadError(DocNotFound(username: "nobody")))
    #expect(store.state.$profile.request == "nobody")
    #expect(store.state.profile == DocProfile(name: "Ada"))
  }

  @Test func cancelGoesBackToTheStatusBeforeTheLoad() async {
    let loaded = DocProfileFeature.State(profile: .loaded(DocProfile(name: "Ada"), request: "ada"))
    let store = Store(initialState: loaded) {
      DocProfileFeature(directory: DocDirectory())
    }
    let load = store.send(.profile(.load("bob")))
    store.send(.profile(.cancel))
    #expect(store.state.$profile.status == .success("ada"))

    await load.finish()  // the cancelled load's result never lands
    #expect(store.state.profile == DocProfile(name: "Ada"))
  }

  @Test func aNewLoadReplacesTheLoadInFlight() async {
    let store = Store(initialState: DocProfileFeature.State()) {
      DocProfileFeature(directory: DocDirectory())
    }
    let ada = store.send(.profile(.load("ada")))
    let bob = store.send(.profile(.load("bob")))
    await ada.finish()
    await bob.finish()
    #expect(store.state.$profile.status == .success("bob"))
    #expect(store.state.profile == DocProfile(name: "Bob Barker"))
  }

  @Test func aFinishedForAnotherRequestIsIgnored() async {
    let store = Store(initialState: DocProfileFeature.State()) {
      DocProfileFeature(directory: DocDirectory())
    }
    let load = store.send(.profile(.load("bob")))
    store.send(.profile(.finished("ada", didRefresh: false, .success(DocProfile(name: "stale")))))
    #expect(store.state.$profile.status == .active("bob", isRefresh: false))
    #expect(store.state.profile == nil)

    await load.finish()
    #expect(store.state.profile == DocProfile(name: "Bob Barker"))
  }

  @Test func theStatusLifeCycleCanBeDrivenByHand() {
    var profile = LoadableStateWith<String, DocProfile>()
    #expect(profile.status == .pending)

    profile.becomeActive("ada")
    #expect(profile.status == .active("ada", isRefresh: false))

    profile.finish("ada", result: .success(DocProfile(name: "Ada")))
    #expect(profile.status == .success("ada"))
    #expect(profile.wrappedValue == DocProfile(name: "Ada"))

    profile.becomeActive("ada", isRefresh: true)
    #expect(profile.isRefreshing)
    #expect(profile.wrappedValue == DocProfile(name: "Ada"))

    profile.finish("ada", result: .failure(LoadError(DocNotFound(username: "ada"))))
    #expect(profile.isFailure)
    #expect(profile.wrappedValue == DocProfile(name: "Ada"))
  }

  @Test func aStateCanBeBuiltInEachStatus() {
    let ada = DocProfile(name: "Ada")
    let notFound = DocNotFound(username: "ada")
    #expect(LoadableStateWith<String, DocProfile>.pending.status == .pending)
    #expect(LoadableStateWith<String, DocProfile>.loading("ada").status == .active("ada", isRefresh: false))
    #expect(LoadableStateWith.refreshing(ada, request: "ada").status == .active("ada", isRefresh: true))
    #expect(LoadableStateWith.loaded(ada, request: "ada").status == .success("ada"))
    #expect(LoadableStateWith.failed(notFound, request: "ada", previous: ada).wrappedValue == ada)

    // In a feature's state, through its memberwise initializer:
    let state = DocProfileFeature.State(profile: .failed(notFound, request: "ada"))
    #expect(state.$profile.error == LoadError(notFound))

    // Without a request:
    #expect(LoadableState<EmptyLoadRequest, DocProfile>.loaded(ada).status == .success(EmptyLoadRequest()))
  }

  @Test func dismissingAnErrorGoesBackToTheValueFromBefore() async {
    let loaded = DocProfileFeature.State(profile: .loaded(DocProfile(name: "Ada"), request: "ada"))
    let store = Store(initialState: loaded) {
      DocProfileFeature(directory: DocDirectory())
    }
    await store.send(.profile(.load("nobody"))).finish()
    #expect(store.state.$profile.isFailure)

    store.send(.profile(.dismissError))  // no reload
    #expect(store.state.$profile.status == .success("ada"))
    #expect(store.state.profile == DocProfile(name: "Ada"))
  }

  @Test func retryLoadsWhatFailedAgainAndNothingElse() async {
    let store = Store(initialState: DocProfileFeature.State()) {
      DocProfileFeature(directory: DocDirectory())
    }
    store.send(.profile(.retry))  // nothing failed: nothing loads
    #expect(store.state.$profile.isPending)

    await store.send(.profile(.load("nobody"))).finish()
    #expect(store.state.$profile.isFailure)
    let retry = store.send(.profile(.retry))  // the failed load, as it was: a load, not a refresh
    #expect(store.state.$profile.status == .active("nobody", isRefresh: false))
    await retry.finish()
    #expect(store.state.$profile.error == LoadError(DocNotFound(username: "nobody")))
  }

  @Test func aListThatChangedItsFilterRefreshesThatFilter() async {
    let store = Store(initialState: DocTaskBoard.State()) {
      DocTaskBoard(loadTasks: { filter in ["\(filter) task 1", "\(filter) task 2"] })
    }
    await store.send(.list(.load("open"))).finish()
    await store.send(.list(.loaded(.showFilter("closed")))).finish()  // the list changes its own filter
    #expect(store.state.list?.tasks == ["closed task 1", "closed task 2"])

    let refresh = store.send(.list(.refresh))  // the list reloads its own filter
    #expect(store.state.$list.isRefreshing)  // the list says so
    await refresh.finish()
    #expect(store.state.list?.tasks == ["closed task 1", "closed task 2"])
    #expect(store.state.$list.request == "closed")  // the request follows the list's own filter
  }

  @Test func aLoadWithoutARequestRunsItsChildOnTheLoadedValue() async {
    let store = Store(initialState: DocScoreboard.State()) { DocScoreboard() }
    let warnings = await RuntimeWarning.$sink.collecting {
      store.send(.score(.loaded(.increment)))  // nothing loaded yet: ignored
    }
    #expect(warnings == ["An action for State arrived before it was loaded; ignored: increment"])
    #expect(store.state.score == nil)

    await store.send(.score(.load)).finish()
    #expect(store.state.score?.count == 10)
    #expect(store.state.$score.request == EmptyLoadRequest())

    store.send(.score(.loaded(.increment)))
    #expect(store.state.score?.count == 11)

    // The child's effects come back wrapped in `.loaded`.
    await store.send(.score(.loaded(.factButtonTapped))).finish()
    #expect(store.state.score?.fact == "11 is a good number.")
  }

  // MARK: Pagination.md

  @Test func aListStartsFromOnePageAndItsCursors() {
    let list = PaginationFeature<DocMessage>.State(
      selection: 1,
      previous: nil,
      next: "page-1",
      elements: [DocMessage(0), DocMessage(1), DocMessage(2)]
    )
    #expect(list.elements.map(\.id) == [0, 1, 2])
    #expect(list.elements[id: 1]?.text == "message 1")  // O(1) by id
    #expect(list.elements.index(id: 2) == 2)  // O(1) by id
    #expect(list.selectionIndex == 1)
    #expect(list.selectedElement == DocMessage(1))
    #expect(list.pages == PageList([PageInfo(previous: nil, next: "page-1", count: 3)]))
    #expect(list.next == "page-1")
    #expect(list.previous == nil)
    #expect(list.startStatus == .endReached(.noMoreCursor))
    #expect(list.endStatus == .idle)
  }

  @Test func aListNothingHasLoadedShowsMoreToLoad() async {
    let list = PaginationFeature<DocMessage>.State.notLoaded(selection: 0)
    #expect(list.loadMore(.bottom).status == .more)  // not .end: nothing was asked of the server yet
    #expect(list.elements.isEmpty && list.pages.isEmpty)
    #expect(PaginationFeature<DocMessage>.State(selection: 0, elements: []) == list)  // the same list

    let server = DocMessageServer()
    let store = Store(initialState: list) {
      PaginationFeature<DocMessage> { request in try await server.page(request.cursor) }
    }
    await store.send(.loadPage(.bottom)).finish()  // the first page
    #expect(store.state.elements.map(\.id) == [0, 1, 2])
  }

  @Test func eachPageKnowsItsElements() async {
    let server = DocMessageServer()
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage> { request in try await server.page(request.cursor) }
    }
    await store.send(.loadPage(.bottom)).finish()
    let list = store.state
    #expect(list.elements(ofPage: 1).map(\.id) == [3, 4, 5])  // a slice of `elements`, found in O(1)
    #expect(list.pages.range(ofPage: 1) == 3..<6)
    #expect(list.page(containing: 4) == 1)  // O(log pages)
    #expect(list.pages.page(containingOffset: 2) == 0)
  }

  @Test func loadPageAppendsPagesUntilThereIsNoCursor() async {
    let server = DocMessageServer()
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage> { request in
        try await server.page(request.cursor)
      }
    }
    let load = store.send(.loadPage(.bottom))
    #expect(store.state.endStatus == .loading(PageRequest(direction: .bottom, cursor: "page-1")))
    await load.finish()
    #expect(store.state.elements.map(\.id) == [0, 1, 2, 3, 4, 5])
    #expect(store.state.pages.map(\.next) == ["page-1", "page-2"])
    #expect(store.state.endStatus == .idle)

    while store.state.endStatus == .idle {
      await store.send(.loadPage(.bottom)).finish()
    }
    #expect(store.state.elements.count == 9)
    #expect(store.state.endStatus == .endReached(.noMoreCursor))
  }

  @Test func aRequestSaysWhereItsPageLies() {
    #expect(PageRequest(direction: .bottom, cursor: "page-2").position == .after("page-2"))
    #expect(PageRequest(direction: .top, cursor: "page-0").position == .before("page-0"))
    #expect(PageRequest(direction: .bottom, cursor: nil).position == .first)
    #expect(PageRequest(.last).direction == .top)
    #expect(PageRequest(.last).cursor == nil)
    #expect(PageRequest(.around("42")).cursor == nil)  // the anchor is in `position`
    #expect(PageRequest(.around("42")).position.replacesWindow)
  }

  @Test func theFourDirectionsLoadAtTwoEnds() {
    #expect(PaginationDirection.top.edge == .start)
    #expect(PaginationDirection.leading.edge == .start)
    #expect(PaginationDirection.bottom.edge == .end)
    #expect(PaginationDirection.trailing.edge == .end)
    #expect(PaginationDirection.trailing.isHorizontal)
    #expect(!PaginationDirection.bottom.isHorizontal)

    let list = firstPage
    #expect(list.status(.top) == list.startStatus)
    #expect(list.status(.leading) == list.startStatus)
    #expect(list.status(.trailing) == list.endStatus)
    #expect(list.status(.end) == list.endStatus)  // an edge works too
  }

  @Test func eachEndLoadsFailsAndRetriesOnItsOwn() async throws {
    let server = DocMessageServer()
    let loader = ControllablePageLoader<DocMessage>()
    let store = Store(initialState: middlePage) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    let top = PageRequest(direction: .top, cursor: "page-0")
    let bottom = PageRequest(direction: .bottom, cursor: "page-2")

    let loadTop = store.send(.loadPage(.top))
    let loadBottom = store.send(.loadPage(.bottom))
    #expect(store.state.startStatus == .loading(top))
    #expect(store.state.endStatus == .loading(bottom))

    loader.fail(top, with: DocServerDown())
    loader.respond(to: bottom, with: try await server.page("page-2"))
    await loadTop.finish()
    await loadBottom.finish()
    #expect(store.state.startStatus == .failed(LoadError(DocServerDown()), retryable: true))
    #expect(store.state.endStatus == .endReached(.noMoreCursor))
    #expect(store.state.elements.map(\.id) == [3, 4, 5, 6, 7, 8])

    store.send(.loadPage(.top))  // a failed end ignores triggers…
    #expect(store.state.startStatus.isFailed)

    loader.respond(to: top, with: try await server.page("page-0"))
    await store.send(.retry(.top)).finish()  // …until it is retried
    #expect(store.state.elements.map(\.id) == Array(0...8))
    #expect(store.state.startStatus == .endReached(.noMoreCursor))
  }

  @Test func oneRetryFailedRetriesWhateverFailed() async throws {
    let server = DocMessageServer()
    let loader = ControllablePageLoader<DocMessage>()
    let store = Store(initialState: middlePage) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    let top = PageRequest(direction: .top, cursor: "page-0")
    let bottom = PageRequest(direction: .bottom, cursor: "page-2")
    loader.fail(top, with: DocServerDown())
    loader.fail(bottom, with: DocServerDown())
    await store.send(.loadPage(.top)).finish()
    await store.send(.loadPage(.bottom)).finish()
    #expect(store.state.startStatus.isFailed && store.state.endStatus.isFailed)

    loader.respond(to: top, with: try await server.page("page-0"))
    loader.respond(to: bottom, with: try await server.page("page-2"))
    await store.send(.retryFailed).finish()  // both ends, once each
    #expect(store.state.elements.map(\.id) == Array(0...8))

    await store.send(.retryFailed).finish()  // nothing failed: nothing loads
    #expect(loader.requests.count == 4)
  }

  @Test func selectMovesOneElementAndTellsTheParent() async {
    let store = TestStore(initialState: firstPage) {
      PaginationFeature<DocMessage>(loadPage: ControllablePageLoader().loadPage)
    }
    await store.send(.select(.bottom)) { $0.selection = 1 }
    await store.receive(.delegate(.didSelect(DocMessage(1))))

    await store.send(.selectElement(0)) { $0.selection = 0 }
    await store.receive(.delegate(.didSelect(DocMessage(0))))

    await store.send(.selectElement(42))  // not loaded: nothing changes
  }

  @Test func selectTrailingAtTheLastElementLoadsThenContinuesTheSelection() async {
    let server = DocMessageServer()
    var list = firstPage
    list.selection = 2  // the last loaded message
    let store = Store(initialState: list) {
      PaginationFeature<DocMessage> { request in try await server.page(request.cursor) }
    }
    await store.send(.select(.trailing)).finish()
    #expect(store.state.elements.count == 6)
    #expect(store.state.selection == 3)  // the first message of the new page
  }

  @Test func selectBottomAtTheLastElementLoadsButStays() async {
    let server = DocMessageServer()
    var list = firstPage
    list.selection = 2
    let store = Store(initialState: list) {
      PaginationFeature<DocMessage> { request in try await server.page(request.cursor) }
    }
    await store.send(.select(.bottom)).finish()
    #expect(store.state.elements.count == 6)
    #expect(store.state.selection == 2)

    store.send(.select(.bottom))
    #expect(store.state.selection == 3)
  }

  @Test func aGridThatShowsEveryElementAtOnceLoadsOnePage() async {
    let loader = ControllablePageLoader<DocMessage>()
    let list = PaginationFeature<DocMessage>.State(
      selection: 0, next: "page-1", elements: (0..<20).map { DocMessage($0) })
    let store = Store(initialState: list) {
      PaginationFeature<DocMessage>(prefetchDistance: 5, loadPage: loader.loadPage)
    }
    for id in 0..<14 { store.send(.elementAppeared(id)) }
    #expect(store.state.endStatus == .idle)  // 0…13 are more than 5 from the end

    store.send(.elementAppeared(14))  // within 5 of the last element (19): load
    for id in 15..<20 { store.send(.elementAppeared(id)) }  // already loading: nothing
    #expect(store.state.endStatus == .loading(PageRequest(direction: .bottom, cursor: "page-1")))

    await loader.waitForRequests(count: 1)
    #expect(loader.requests == [PageRequest(direction: .bottom, cursor: "page-1")])
    store.send(.cancel(.bottom))
  }

  @Test func theDefaultPrefetchDistanceIsOnePage() async {
    let server = DocMessageServer(pageSize: 20, total: 100)
    let list = PaginationFeature<DocMessage>.State(
      selection: 0, next: "page-1", elements: (0..<20).map { DocMessage($0) })
    let store = Store(initialState: list) {
      PaginationFeature<DocMessage> { request in try await server.page(request.cursor) }
    }
    await store.send(.loadPage(.bottom)).finish()  // 40 loaded, in pages of 20
    store.send(.elementAppeared(18))  // 21 rows after it: more than a page from the end
    #expect(store.state.endStatus == .idle)
    await store.send(.elementAppeared(19)).finish()  // 20 rows after it: within one page
    #expect(store.state.elements.count == 60)
  }

  @Test func anHTTPLoaderPassesTheRequestedCountAsItsLimit() async {
    let api = DocLimitedAPI(total: 100)
    let list = PaginationFeature<DocMessage>.State(
      selection: 0, next: "19", elements: (0..<20).map { DocMessage($0) })
    var feature = PaginationFeature<DocMessage> { request in
      // `GET /messages?after=…&limit=…`: the count the feature asks for is the limit.
      try await api.messages(after: request.cursor, limit: request.count ?? 20)
    }
    feature.loadSize = .adaptive(maxCount: 100)  // the largest limit the server accepts
    let store = Store(initialState: list) { feature }
    await store.send(.loadPage(.bottom)).finish()
    #expect(api.limits == [20])  // no scroll measured yet: the page size seen
    #expect(store.state.elements.count == 40)

    feature.loadSize = .fixed  // always the page size seen
    #expect(feature.loadSize.description == "fixed")
  }

  @Test func cancelStopsALoadAndDropsItsLateAnswer() async {
    let loader = ControllablePageLoader<DocMessage>(ignoresCancellation: true)
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    let load = store.send(.loadPage(.bottom))
    store.send(.cancel(.bottom))
    #expect(store.state.endStatus == .idle)

    // The loader ignores cancellation and answers anyway: the answer is never sent.
    loader.respond(
      to: PageRequest(direction: .bottom, cursor: "page-1"),
      with: Page(previous: "page-0", next: "page-2", elements: [DocMessage(3)]))
    await load.finish()
    #expect(store.state.elements.map(\.id) == [0, 1, 2])
  }

  @Test func theFooterShowsWhatLiesBeyondTheEdgeAndTheActionsToSend() async {
    let loader = ControllablePageLoader<DocMessage>()
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    let request = PageRequest(direction: .bottom, cursor: "page-1")
    var footer = store.state.loadMore(.bottom)
    #expect(footer.status == .more)
    #expect(footer.trigger == .loadPage(.bottom))  // sent when the footer appears

    loader.fail(request, with: DocServerDown())
    await store.send(.loadPage(.bottom)).finish()
    footer = store.state.loadMore(.bottom)
    #expect(footer.status == .failed(LoadError(DocServerDown())))  // the error…
    #expect(footer.retry == .retry(.bottom))  // …and its retry button
    #expect(footer.trigger == nil)  // appearing again loads nothing

    loader.respond(to: request, with: Page(previous: "page-0", elements: [DocMessage(3)]))
    if let retry = footer.retry { await store.send(retry).finish() }
    #expect(store.state.loadMore(.bottom).status == .end)  // the end of the list
    #expect(store.state.loadMore(.top).status == .end)
  }

  @Test func theFooterCountsNewElementsBeyondItsEdge() async {
    let store = Store(initialState: middlePage) {
      PaginationFeature<DocMessage>(loadPage: ControllablePageLoader().loadPage)
    }
    store.send(.insert(DocMessage(100), at: .bottom))  // beyond an end that is not the list's: counted
    let footer = store.state.loadMore(.bottom)
    #expect(footer.unseen == 1)  // a "1 new message" pill…
    #expect(footer.jump == .jump(to: .end))  // …that opens the end of the list
    #expect(!footer.isStale)  // no page came from a cache offline
  }

  @Test func refreshReloadsInPlaceAroundTheLastVisibleElement() async {
    let loader = ControllablePageLoader<DocMessage>()
    let store = TestStore(initialState: middlePage) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    await store.send(.elementAppeared(4)) {  // on screen, and within a page of both edges
      $0.lastVisible = 4
      $0.startStatus = .loading(PageRequest(direction: .top, cursor: "page-0"))
      $0.endStatus = .loading(PageRequest(direction: .bottom, cursor: "page-2"))
    }
    let around = PageRequest(.around("4"), isRefresh: true)
    await store.send(.refresh) {  // the edges' loads are cancelled; the window stays on screen
      $0.startStatus = .idle
      $0.endStatus = .idle
      $0.reloadStatus = .loading(around)
    }
    #expect(store.state.isRefreshing)

    // Message 3 was deleted on the server, and 4 edited.
    let fresh = [DocMessage(id: 4, text: "edited"), DocMessage(5), DocMessage(6)]
    loader.respond(to: around, with: Page(previous: "page-0", next: "page-2", elements: fresh))
    await store.receive(case: PaginationFeature<DocMessage>.Action.pageResponse) {
      $0.elements = IdentifiedElements(fresh)
      $0.pages = PageList([PageInfo(previous: "page-0", next: "page-2", count: 3)])
      $0.reloadStatus = .idle
      $0.selection = 4  // 3 is gone: its nearest neighbour from the old window
    }
    await store.receive(.delegate(.didUpdate(context: .none, pages: store.state.pages)))
    await store.receive(.delegate(.didSelect(DocMessage(id: 4, text: "edited"))))
    await store.finish()
  }

  @Test func refreshKeepsTheOldElementsUntilTheFirstPageArrives() async {
    let loader = ControllablePageLoader<DocMessage>()
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    let refresh = store.send(.refreshFromStart)
    #expect(store.state.isRefreshing)
    #expect(store.state.reloadStatus == .loading(PageRequest(.first, isRefresh: true)))
    #expect(store.state.elements.map(\.id) == [0, 1, 2])

    loader.respond(
      to: PageRequest(.first, isRefresh: true),
      with: Page(next: "page-1", elements: [DocMessage(100), DocMessage(0), DocMessage(1)]))
    await refresh.finish()
    #expect(store.state.elements.map(\.id) == [100, 0, 1])
    #expect(store.state.selection == 0)  // still loaded, so still selected
  }

  @Test func aFailedReloadKeepsTheWindowAndItsEdgesWorking() async throws {
    let server = DocMessageServer()
    let loader = ControllablePageLoader<DocMessage>()
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    let refresh = store.send(.refreshFromStart)
    store.send(.loadPage(.bottom))  // nothing loads at an edge while a reload is in flight
    #expect(store.state.endStatus == .idle)
    loader.fail(PageRequest(.first, isRefresh: true), with: DocServerDown())
    await refresh.finish()
    #expect(store.state.reloadStatus == .failed(PageRequest(.first, isRefresh: true), LoadError(DocServerDown())))
    #expect(store.state.elements.map(\.id) == [0, 1, 2])  // the window stays…

    let next = PageRequest(direction: .bottom, cursor: "page-1")
    loader.respond(to: next, with: try await server.page("page-1"))
    await store.send(.loadPage(.bottom)).finish()  // …and its edges work
    #expect(store.state.elements.map(\.id) == [0, 1, 2, 3, 4, 5])

    loader.respond(to: PageRequest(.first, isRefresh: true), with: try await server.page(nil))
    await store.send(.retryReload).finish()
    #expect(store.state.reloadStatus == .idle)
    #expect(store.state.elements.map(\.id) == [0, 1, 2])  // one page again
  }

  @Test func resetSwitchesTheContextAndDropsAnswersForTheOldOne() async {
    let all = DocFilter(unreadOnly: false)
    let unread = DocFilter(unreadOnly: true)
    let loader = ControllablePageLoader<DocMessage>(ignoresCancellation: true)
    let list = PaginationFeature<DocMessage>.State(
      context: all, selection: 0, next: "page-1", elements: [DocMessage(0), DocMessage(1), DocMessage(2)])
    let store = Store(initialState: list) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    let oldLoad = store.send(.loadPage(.bottom))

    let reset = store.send(.reset(context: unread))
    #expect(store.state.elements.isEmpty)
    #expect(store.state.reloadStatus == .loading(PageRequest(.first, context: unread)))
    #expect(store.state.startStatus == .idle && store.state.endStatus == .idle)

    // The old filter's page arrives late: its load was cancelled, so it is never sent.
    loader.respond(
      to: PageRequest(direction: .bottom, context: all, cursor: "page-1"),
      with: Page(previous: "page-0", next: "page-2", elements: [DocMessage(3)]))
    loader.respond(
      to: PageRequest(direction: .bottom, context: unread, cursor: nil),
      with: Page(elements: [DocMessage(4), DocMessage(7)]))
    await oldLoad.finish()
    await reset.finish()
    #expect(store.state.elements.map(\.id) == [4, 7])
    #expect(store.state.selection == 4)
    #expect(store.state.context as? DocFilter == unread)
  }

  @Test func duplicateIdsKeepTheFirstCopy() async {
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage> { request in
        Page(
          previous: "page-0", next: "page-2",
          elements: [
            DocMessage(id: 2, text: "changed"), DocMessage(3), DocMessage(id: 3, text: "again"), DocMessage(4),
          ])
      }
    }
    await store.send(.loadPage(.bottom)).finish()
    #expect(store.state.elements.map(\.id) == [0, 1, 2, 3, 4])
    #expect(store.state.elements[id: 2]?.text == "message 2")
    #expect(store.state.elements[id: 3]?.text == "message 3")
    #expect(store.state.pages.last?.count == 2)  // only the new elements count
  }

  @Test func emptyPagesWithACursorAreFollowedABoundedNumberOfTimes() async {
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage>(maxConsecutiveEmptyPages: 3) { request in
        // A broken server: always another cursor, never another message.
        Page(next: PaginationCursor((request.cursor?.rawValue ?? "") + "+"), elements: [])
      }
    }
    await store.send(.loadPage(.bottom)).finish()
    #expect(store.state.pages.count == 4)  // the first page and three empty ones
    #expect(store.state.endStatus == .endReached(.tooManyEmptyPages(3)))
  }

  @Test func aCursorThatComesBackFailsTheEnd() async {
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage> { request in
        // A broken server: page-1 says the next page is page-1.
        Page(next: "page-1", elements: [DocMessage(3), DocMessage(4), DocMessage(5)])
      }
    }
    await store.send(.loadPage(.bottom)).finish()
    #expect(store.state.elements.count == 6)  // the page itself is kept
    #expect(
      store.state.endStatus
        == .failed(LoadError(PaginationError.cursorCycle("page-1")), retryable: false))

    store.send(.retry(.bottom))  // not retryable: nothing happens
    #expect(store.state.endStatus.isFailed)
  }

  @Test func aLoadThatTakesTooLongTimesOutOnTheClock() async {
    let clock = TestClock()
    let loader = ControllablePageLoader<DocMessage>()  // never answers unless told to
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage>(timeout: .seconds(10), retry: .never, clock: clock, loadPage: loader.loadPage)
    }
    let load = store.send(.loadPage(.bottom))
    clock.advance(by: .seconds(10))
    await load.finish()
    #expect(
      store.state.endStatus
        == .failed(LoadError(PaginationError.timedOut(after: .seconds(10))), retryable: true))
  }

  @Test func liveUpdatesInsertUpdateAndRemoveLoadedElements() {
    let list = PaginationFeature<DocMessage>.State(
      selection: 4, elements: [DocMessage(2), DocMessage(4), DocMessage(6)])
    let store = Store(initialState: list) {
      PaginationFeature<DocMessage>(areInIncreasingOrder: { $0.id < $1.id }) { _ in Page(elements: []) }
    }
    store.send(.insert(DocMessage(5), at: .sorted))
    store.send(.insert(DocMessage(9), at: .bottom))
    #expect(store.state.elements.map(\.id) == [2, 4, 5, 6, 9])

    store.send(.update(DocMessage(id: 5, text: "edited")))
    #expect(store.state.elements[id: 5]?.text == "edited")

    store.send(.remove(4))  // the selected message: the selection moves to its neighbour
    #expect(store.state.elements.map(\.id) == [2, 5, 6, 9])
    #expect(store.state.selection == 5)
    #expect(store.state.pages[0].count == 4)
  }

  @Test func liveInsertsBeyondAnEdgeThatIsNotTheEndAreCounted() async {
    let store = Store(initialState: middlePage) {
      PaginationFeature<DocMessage>(areInIncreasingOrder: { $0.id < $1.id }) { _ in
        Page(previous: "page-1", elements: [DocMessage(6), DocMessage(100), DocMessage(101)])
      }
    }
    store.send(.insert(DocMessage(100), at: .bottom))  // beyond the end, which is not the list's
    store.send(.insert(DocMessage(101), at: .sorted))
    #expect(store.state.elements.map(\.id) == [3, 4, 5])
    #expect(store.state.unseenAtEnd == 2)  // "2 new messages"

    store.send(.update(DocMessage(id: 100, text: "edited")))  // not in the window: ignored
    store.send(.remove(0))  // likewise
    #expect(store.state.elements.map(\.id) == [3, 4, 5])

    await store.send(.loadPage(.bottom)).finish()  // the end of the list arrives, with them
    #expect(store.state.elements.map(\.id) == [3, 4, 5, 6, 100, 101])
    #expect(store.state.unseenAtEnd == 0)
  }

  @Test func cursorsAreStringsOrCompositeKeys() throws {
    let page2: PaginationCursor = "page-2"
    #expect(page2.rawValue == "page-2")

    let key = DocMessageKey(created: Date(timeIntervalSince1970: 1_756_720_920), id: 42)
    let cursor = try PaginationCursor(key: key)
    #expect(cursor.rawValue == #"{"created":778413720,"id":42}"#)
    #expect(try cursor.decode(DocMessageKey.self) == key)

    #expect(throws: PaginationError.self) {
      try page2.decode(DocMessageKey.self)  // not a key: PaginationError.invalidCursor
    }
  }

  @Test func theLoaderReadsTheContextOfEachRequest() async throws {
    let list = PaginationFeature<DocMessage>.State(
      context: DocFolder(name: "inbox"), selection: 0, next: "page-1", elements: [DocMessage(0)])
    let store = Store(initialState: list) {
      PaginationFeature<DocMessage> { request in
        let folder = try request.context(as: DocFolder.self)
        return Page(elements: [DocMessage(id: 1, text: "from \(folder.name)")])
      }
    }
    await store.send(.loadPage(.bottom)).finish()
    #expect(store.state.elements[id: 1]?.text == "from inbox")

    let request = PageRequest(direction: .bottom, context: DocFilter(unreadOnly: true), cursor: nil)
    #expect(throws: PaginationError.contextTypeMismatch(expected: "DocFolder", actual: "DocFilter")) {
      try request.context(as: DocFolder.self)
    }
  }

  @Test func anEnumIsAContextNamedWithItsType() async throws {
    let loader = ControllablePageLoader<DocMessage>()
    let list = PaginationFeature<DocMessage>.State(
      context: DocIssueFilter.open, selection: 0, elements: [DocMessage(0)])
    let store = Store(initialState: list) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    store.send(.reset(context: DocIssueFilter.closed))  // the filter picker
    #expect(try store.state.context(as: DocIssueFilter.self) == .closed)

    await loader.waitForRequests(count: 1)
    #expect(loader.requests == [PageRequest(.first, context: DocIssueFilter.closed)])
    #expect(try loader.requests[0].context(as: DocIssueFilter.self) == .closed)
    store.send(.cancelReload)
  }

  @Test func theMessagesFeatureLoadsThenPages() async {
    let store = Store(initialState: DocMessagesFeature.State()) {
      DocMessagesFeature(api: DocMessagesAPI())
    }
    await store.send(.onAppear).finish()
    #expect(store.state.$messages.isSuccess)
    #expect(store.state.messages?.elements.map(\.id) == [0, 1, 2])
    #expect(store.state.messages?.selection == 0)

    await store.send(.messages(.loaded(.loadPage(.bottom)))).finish()
    #expect(store.state.messages?.elements.map(\.id) == [0, 1, 2, 3, 4, 5])

    store.send(.messages(.loaded(.select(.bottom))))
    #expect(store.state.messages?.selection == 1)
    #expect(store.state.lastSelectedID == 1)  // the parent saw `.delegate(.didSelect)`

    let refresh = store.send(.messages(.refresh))  // the list reloads itself, around message 1
    #expect(store.state.$messages.isRefreshing)
    #expect(store.state.messages?.reloadStatus.request?.position == .around("1"))
    await refresh.finish()
    #expect(store.state.$messages.isSuccess)  // the load itself never left `success`
    #expect(store.state.$messages.request == DocMessageRequest(channel: "general"))
    #expect(store.state.messages?.elements.map(\.id) == [0, 1, 2])  // one page: the one around 1
    #expect(store.state.messages?.selection == 1)
  }

  @Test func anEmptyFirstPageBecomesNoResults() async {
    let request = DocMessageRequest(channel: "general")
    let empty = Store(initialState: DocInbox.State()) {
      DocInbox(api: DocMessagesAPI(channels: ["general": DocMessageServer(total: 0)]))
    }
    await empty.send(.results(.load(request))).finish()
    #expect(empty.state.results == .noResults)

    let full = Store(initialState: DocInbox.State()) { DocInbox(api: DocMessagesAPI()) }
    await full.send(.results(.load(request))).finish()
    guard case .messages(let list) = full.state.results else {
      Issue.record("expected messages")
      return
    }
    #expect(list.selection == 0)
    await full.send(.results(.loaded(.loadPage(.bottom)))).finish()
    guard case .messages(let longer) = full.state.results else {
      Issue.record("expected messages")
      return
    }
    #expect(longer.elements.count == 6)

    #expect(PaginationFeature<DocMessage>.State(selectingFirstOf: [], next: "page-1") == nil)
  }

  // MARK: Testing.md

  @Test func aTestStoreChecksEveryChangeAndEveryReceivedAction() async {
    let store = TestStore(initialState: DocCounter.State()) {
      DocCounter(facts: .example)
    }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive(.factLoaded("1 is a good number.")) {
      $0.isLoadingFact = false
      $0.fact = "1 is a good number."
    }
    await store.finish()
  }

  @Test func receiveMatchesByValueByPredicateOrByCase() async {
    let store = TestStore(initialState: DocCounter.State()) {
      DocCounter(facts: .example)
    }
    // By value (the action type is Equatable), with a longer timeout than the default second.
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive(.factLoaded("0 is a good number."), timeout: .seconds(5)) {
      $0.isLoadingFact = false
      $0.fact = "0 is a good number."
    }
    // By predicate.
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive({ action in
      if case .factLoaded(let fact) = action { fact.hasPrefix("1 ") } else { false }
    }) {
      $0.isLoadingFact = false
      $0.fact = "1 is a good number."
    }
    // By enum case, whatever the payload.
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive(case: DocCounter.Action.factLoaded) {
      $0.isLoadingFact = false
    }
  }

  @Test func aNonExhaustiveTestStoreChecksOnlyWhatItIsTold() async {
    let store = TestStore(initialState: DocCounter.State()) {
      DocCounter(facts: .example)
    }
    store.exhaustivity = .off
    await store.send(.increment)  // count changed; not described, and that is fine
    await store.send(.factButtonTapped)
    await store.receive(case: DocCounter.Action.factLoaded) {
      $0.fact = "1 is a good number."  // still checked
    }
    #expect(store.state.count == 1)
  }

  @Test func skipReceivedActionsAndSkipInFlightEffects() async {
    let store = TestStore(initialState: DocCounter.State()) {
      DocCounter(facts: .example)
    }
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }.finish(timeout: .seconds(10))
    store.skipReceivedActions()  // `.factLoaded` arrived; its change stays, unasserted
    #expect(store.state.fact == "0 is a good number.")
    await store.send(.increment) { $0.count = 1 }

    let loader = ControllablePageLoader<DocMessage>()  // never answers
    let list = TestStore(initialState: firstPage) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    await list.send(.loadPage(.bottom)) {
      $0.endStatus = .loading(PageRequest(direction: .bottom, cursor: "page-1"))
    }
    list.skipInFlightEffects()  // cancels the hung load, so the test can end
    await list.finish()
    #expect(list.runningEffectCount == 0)
  }

  @Test func aMissedStateChangeFailsWithALineByLineDiff() async {
    let store = TestStore(initialState: DocCounter.State()) {
      DocCounter(facts: .example)
    }
    let failures = await FailureReporter.$capture.collecting {
      await store.send(.increment) { $0.count = 2 }  // fails: the count is 1
    }
    #expect(
      failures == [
        """
        State after send(.increment) is not what was expected (- expected, + actual):
          State(
        -   count: 2
        +   count: 1
            fact: nil
          … (2 unchanged)
        """
      ])
  }

  @Test func anActionThatWasNotReceivedFailsAtFinish() async {
    let store = TestStore(initialState: DocCounter.State()) {
      DocCounter(facts: .example)
    }
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    let failures = await FailureReporter.$capture.collecting {
      await store.finish()  // fails: `.factLoaded` was never received
    }
    #expect(
      failures == [
        """
        finish() was called with 1 action(s) from effects not yet received:
          • .factLoaded("0 is a good number.")
        """
      ])
  }

  @Test func anAnswerGivenBeforeItsRequestIsKept() async {
    let loader = ControllablePageLoader<DocMessage>()
    let request = PageRequest(direction: .bottom, cursor: "page-1")
    loader.respond(to: request, with: Page(previous: "page-0", next: nil, elements: [DocMessage(3)]))

    let store = TestStore(initialState: firstPage) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(request) }
    await store.receive(case: PaginationFeature<DocMessage>.Action.pageResponse) {
      $0.elements.append(contentsOf: [DocMessage(3)])
      $0.pages.append(PageInfo(previous: "page-0", next: nil, count: 1))
      $0.endStatus = .endReached(.noMoreCursor)
    }
    await store.receive(case: PaginationFeature<DocMessage>.Action.delegate)
    #expect(loader.requests == [request])
  }

  @Test func theTestChoosesTheOrderOfConcurrentAnswers() async {
    let loader = ControllablePageLoader<DocMessage>()
    let middle = PaginationFeature<DocMessage>.State(
      selection: 3, previous: "page-0", next: "page-2",
      elements: [DocMessage(3), DocMessage(4), DocMessage(5)])
    let store = TestStore(initialState: middle) {
      PaginationFeature<DocMessage>(loadPage: loader.loadPage)
    }
    let top = PageRequest(direction: .top, cursor: "page-0")
    let bottom = PageRequest(direction: .bottom, cursor: "page-2")
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(top) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(bottom) }

    await loader.waitForRequests(count: 2)  // both loads are waiting now
    #expect(loader.pendingRequests == [top, bottom])

    // The bottom answers first, while the top is still waiting.
    loader.respond(to: bottom, with: Page(previous: "page-1", elements: [DocMessage(6)]))
    await store.receive({ action in
      if case .pageResponse(let response) = action { response.request == bottom } else { false }
    }) {
      $0.elements.append(contentsOf: [DocMessage(6)])
      $0.pages.append(PageInfo(previous: "page-1", count: 1))
      $0.endStatus = .endReached(.noMoreCursor)
    }
    await store.receive(case: PaginationFeature<DocMessage>.Action.delegate)
    #expect(store.state.startStatus == .loading(top))

    loader.respond(to: top, with: Page(next: "page-1", elements: [DocMessage(2)]))
    await store.receive({ action in
      if case .pageResponse(let response) = action { response.request == top } else { false }
    }) {
      $0.elements.prepend(contentsOf: [DocMessage(2)])
      $0.pages.prepend(PageInfo(next: "page-1", count: 1))
      $0.startStatus = .endReached(.noMoreCursor)
    }
    await store.receive(case: PaginationFeature<DocMessage>.Action.delegate)
    await store.finish()
  }

  @Test func aTestClockMovesOnlyWhenTheTestAdvancesIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: DocSearch.State()) {
      DocSearch(clock: clock)
    }
    await store.send(.queryChanged("s")) { $0.query = "s" }
    await store.send(.queryChanged("sw")) { $0.query = "sw" }  // cancels the first wait

    await clock.waitForSleepers()  // the effect is asleep on the clock now
    clock.advance(by: .milliseconds(299))
    #expect(clock.sleeperCount == 1)  // still asleep

    clock.advance(by: .milliseconds(1))
    await store.receive(.search) { $0.searches = ["sw"] }
    await store.finish()
  }

  @Test func effectsRunOnTheMainActorInTheOrderTheyStarted() async {
    let store = TestStore(initialState: [String]()) { DocFanOut() }
    await store.send(.start)
    await store.receive(.arrived("a")) { $0 = ["a"] }
    await store.receive(.arrived("b")) { $0 = ["a", "b"] }
    await store.receive(.arrived("c")) { $0 = ["a", "b", "c"] }
    await store.finish()
  }
}
