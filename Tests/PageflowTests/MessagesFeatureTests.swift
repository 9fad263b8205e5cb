import Pageflow
import PageflowTesting
import Testing

/// The request of seed 004's example: which channel to load.
struct MessageRequest: Equatable, Sendable {
  var channel: String
}

/// A simulated API answering at once from fixed data.
struct MessagesAPI: Sendable {
  struct Response: Sendable {
    var messages: [Message]
    var nextPage: PaginationCursor?
  }

  var pages = MessagePages()

  func loadMessages(cursor: PaginationCursor? = nil) async throws -> Response {
    let index = cursor.flatMap { Int($0.rawValue.dropFirst("page-".count)) } ?? 0
    return Response(messages: pages.messages(index), nextPage: pages.cursor(index + 1))
  }
}

/// Seed 004's `MessagesFeature`, written with this project's spelling of action paths. The README's
/// quick start shows it as it is here: when one changes, change the other.
struct MessagesFeature: Reducer {
  struct State: Equatable, Sendable {
    @LoadableStateWith<MessageRequest, PaginationFeature<Message>.State> var messages
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case messages(
      LoadingAction<MessageRequest, PaginationFeature<Message>.State, PaginationFeature<Message>.Action>
    )
  }

  let api: MessagesAPI

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .send(.messages(.load(MessageRequest(channel: "general"))))
      case .messages:
        return .none
      }
    }
    .loadable(\.$messages, action: Action.messages) {
      PaginationFeature<Message> { pageRequest in
        let response = try await api.loadMessages(cursor: pageRequest.cursor)
        return Page(next: response.nextPage, elements: response.messages)
      }
    } load: { request, state in
      let response = try await api.loadMessages()
      guard let firstMessage = response.messages.first else { throw NoMessages() }
      return PaginationFeature.State(selection: firstMessage.id, next: response.nextPage, elements: response.messages)
    }
  }
}

/// The first page was empty.
struct NoMessages: Error {}

@MainActor
struct MessagesFeatureTests {
  let pages = MessagePages()

  @Test func theSeedExampleLoadsTheFirstPageThenPagesThroughTheChild() async {
    let store = TestStore(initialState: MessagesFeature.State()) { MessagesFeature(api: MessagesAPI()) }
    let request = MessageRequest(channel: "general")
    let first = PaginationFeature<Message>.State(selection: 0, next: "page-1", elements: pages.messages(0))

    await store.send(.onAppear)
    await store.receive(.messages(.load(request))) { $0.$messages.becomeActive(request) }
    await store.receive(.messages(.finished(request, didRefresh: false, .success(first)))) {
      $0.$messages.finish(request, result: .success(first))
    }
    #expect(store.state.messages?.elements.map(\.id) == [0, 1, 2])

    await store.send(.messages(.loaded(.loadPage(.bottom)))) {
      $0.messages?.endStatus = .loading(.bottom("page-1"))
    }
    await store.receive(
      .messages(
        .loaded(
          .pageResponse(
            .init(
              request: .bottom("page-1"), result: .success(Page(next: "page-2", elements: pages.messages(1)))))))
    ) {
      $0.messages?.elements.append(contentsOf: pages.messages(1))
      $0.messages?.pages.append(PageInfo(next: "page-2", count: 3))
      $0.messages?.endStatus = .idle
    }
    await store.receive { action in
      if case .messages(.loaded(.delegate(.didUpdate))) = action { true } else { false }
    }
    #expect(store.state.messages?.elements.count == 6)
  }

  @Test func aPageThatArrivesForAListThatWasReloadedIsDropped() async {
    let loader = ControllablePageLoader<Message>()
    let initial = PaginationFeature<Message>.State(selection: 0, next: "page-1", elements: pages.messages(0))
    let request = MessageRequest(channel: "general")
    let store = TestStore(
      initialState: MessagesFeature.State(messages: .init(request: request, value: initial))
    ) {
      EmptyReducer()
        .loadable(\.$messages, action: MessagesFeature.Action.messages) {
          PaginationFeature<Message>(loadPage: loader.loadPage)
        } load: { _, _ in
          PaginationFeature<Message>.State(selection: 100, elements: [Message(100)])
        }
    }
    await store.send(.messages(.loaded(.loadPage(.bottom)))) {
      $0.messages?.endStatus = .loading(.bottom("page-1"))
    }
    let reloaded = PaginationFeature<Message>.State(selection: 100, elements: [Message(100)])
    await store.send(.messages(.refresh)) { $0.$messages.becomeActive(request, isRefresh: true) }
    await store.receive(.messages(.finished(request, didRefresh: true, .success(reloaded)))) {
      $0.$messages.finish(request, result: .success(reloaded))
    }
    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    await store.receive(case: MessagesFeature.Action.messages)
    #expect(store.state.messages?.elements.map(\.id) == [100])
  }
}

/// Seed 004's advice for an empty first page: a results enum with a `.noResults` case, so that the
/// list's selection is never dangling.
struct InboxFeature: Reducer {
  enum Results: Equatable, Sendable {
    case noResults
    case messages(PaginationFeature<Message>.State)
  }

  struct State: Equatable, Sendable {
    @LoadableStateWith<MessageRequest, Results> var results
  }

  enum Action: Equatable, Sendable {
    case results(LoadingAction<MessageRequest, Results, PaginationFeature<Message>.Action>)
  }

  let api: MessagesAPI

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .loadable(\.$results, action: Action.results) {
        Reduce { results, action in
          // Move the list out of the enum while the child runs, so it is mutated in place.
          guard case .messages(var list) = results else { return .none }
          results = .noResults
          defer { results = .messages(list) }
          return PaginationFeature<Message> { request in
            let response = try await api.loadMessages(cursor: request.cursor)
            return Page(next: response.nextPage, elements: response.messages)
          }
          .reduce(into: &list, action: action)
        }
      } load: { request, _ in
        let response = try await api.loadMessages()
        guard let list = PaginationFeature<Message>.State(next: response.nextPage, elements: response.messages)
        else { return .noResults }
        return .messages(list)
      }
  }
}

@MainActor
struct NoResultsTests {
  let request = MessageRequest(channel: "empty")

  @Test func anEmptyFirstPageBecomesNoResults() async {
    let store = TestStore(initialState: InboxFeature.State()) {
      InboxFeature(api: MessagesAPI(pages: MessagePages(size: 3, total: 0)))
    }
    await store.send(.results(.load(request))) { $0.$results.becomeActive(request) }
    await store.receive(.results(.finished(request, didRefresh: false, .success(.noResults)))) {
      $0.$results.finish(request, result: .success(.noResults))
    }
    await store.send(.results(.loaded(.loadPage(.bottom))))
  }

  @Test func aNonEmptyFirstPageBecomesAListWithTheFirstElementSelected() async {
    let store = TestStore(initialState: InboxFeature.State()) { InboxFeature(api: MessagesAPI()) }
    let list = PaginationFeature<Message>.State(selection: 0, next: "page-1", elements: MessagePages().messages(0))
    await store.send(.results(.load(request))) { $0.$results.becomeActive(request) }
    await store.receive(.results(.finished(request, didRefresh: false, .success(.messages(list))))) {
      $0.$results.finish(request, result: .success(.messages(list)))
    }
    await store.send(.results(.loaded(.select(.bottom)))) {
      guard case .messages(var list) = $0.results else { return }
      list.selection = 1
      $0.results = .messages(list)
    }
    await store.receive(.results(.loaded(.delegate(.didSelect(Message(1))))))
  }

  @Test func theFailableInitializerIsNilForAnEmptyPage() {
    #expect(PaginationFeature<Message>.State(elements: []) == nil)
    #expect(PaginationFeature<Message>.State(next: "p", elements: [Message(4), Message(5)])?.selection == 4)
  }
}
