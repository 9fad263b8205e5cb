import Pageflow
import PageflowTesting
import Testing

// The README's quick start shows the code from here to the end of MessagesFeature as it is here
// (ReadmeSnippetTests checks it): when one changes, change the other.

/// Which channel to load; the loaded list keeps it as its context, so every page comes from it.
struct MessageRequest: PaginationContext {
  var channel: String
}

/// A channel's messages: the first page loaded by `LoadableState`, the next ones by
/// `PaginationFeature`.
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
        let request = try pageRequest.context(as: MessageRequest.self)
        let response = try await api.loadMessages(channel: request.channel, cursor: pageRequest.cursor)
        return Page(next: response.nextPage, elements: response.messages)
      }
    } load: { request, state in
      let response = try await api.loadMessages(channel: request.channel)
      guard let firstMessage = response.messages.first else { throw NoMessages() }
      return PaginationFeature.State(
        context: request, selection: firstMessage.id, next: response.nextPage, elements: response.messages)
    }
  }
}

/// A simulated API answering at once from fixed pages, one set per channel.
struct MessagesAPI: Sendable {
  struct Response: Sendable {
    var messages: [Message]
    var nextPage: PaginationCursor?
  }

  /// A channel the API does not know.
  struct UnknownChannel: Error, Equatable {
    var name: String
  }

  var channels = ["general": MessagePages()]

  func loadMessages(channel: String, cursor: PaginationCursor? = nil) async throws -> Response {
    guard let pages = channels[channel] else { throw UnknownChannel(name: channel) }
    let index = cursor.flatMap { Int($0.rawValue.dropFirst("page-".count)) } ?? 0
    return Response(messages: pages.messages(index), nextPage: pages.cursor(index + 1))
  }
}

/// The first page was empty.
struct NoMessages: Error {}

@MainActor
struct MessagesFeatureTests {
  let pages = MessagePages()

  @Test func theQuickStartLoadsTheFirstPageThenPagesThroughTheChild() async {
    let store = TestStore(initialState: MessagesFeature.State()) { MessagesFeature(api: MessagesAPI()) }
    let request = MessageRequest(channel: "general")
    let first = PaginationFeature<Message>.State(
      context: request, selection: 0, next: "page-1", elements: pages.messages(0))

    await store.send(.onAppear)
    await store.receive(.messages(.load(request))) { $0.$messages.becomeActive(request) }
    await store.receive(.messages(.finished(request, didRefresh: false, .success(first)))) {
      $0.$messages.finish(request, result: .success(first))
    }
    #expect(store.state.messages?.elements.map(\.id) == [0, 1, 2])

    let next = PageRequest(direction: .bottom, context: request, cursor: "page-1")
    await store.send(.messages(.loaded(.loadPage(.bottom)))) { $0.messages?.endStatus = .loading(next) }
    await store.receive(
      .messages(
        .loaded(
          .pageResponse(
            .init(
              request: next, result: .success(Page(next: "page-2", elements: pages.messages(1)))))))
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

  @Test func theRequestNamesTheChannelThatEveryPageComesFrom() async {
    let random = MessagePages(size: 2, total: 5)
    let store = Store(initialState: MessagesFeature.State()) {
      MessagesFeature(api: MessagesAPI(channels: ["general": pages, "random": random]))
    }
    await store.send(.messages(.load(MessageRequest(channel: "random")))).finish()
    #expect(store.state.messages?.elements.map(\.id) == random.messages(0).map(\.id))
    await store.send(.messages(.loaded(.loadPage(.bottom)))).finish()
    #expect(store.state.messages?.elements.map(\.id) == (random.messages(0) + random.messages(1)).map(\.id))

    await store.send(.messages(.load(MessageRequest(channel: "nowhere")))).finish()
    #expect(store.state.$messages.error == LoadError(MessagesAPI.UnknownChannel(name: "nowhere")))
  }

  @Test func aPageThatArrivesForAListThatWasReloadedIsDropped() async {
    let loader = ControllablePageLoader<Message>()
    let initial = PaginationFeature<Message>.State(selection: 0, next: "page-1", elements: pages.messages(0))
    let request = MessageRequest(channel: "general")
    let store = TestStore(
      initialState: MessagesFeature.State(messages: .loaded(initial, request: request))
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
    await store.send(.messages(.load(request))) { $0.$messages.becomeActive(request) }
    await store.receive(.messages(.finished(request, didRefresh: false, .success(reloaded)))) {
      $0.$messages.finish(request, result: .success(reloaded))
    }
    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    await store.receive(case: MessagesFeature.Action.messages)
    #expect(store.state.messages?.elements.map(\.id) == [100])
  }
}

/// An empty first page handled with a results enum with a `.noResults` case, so that the list's
/// selection is never dangling.
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
          return PaginationFeature<Message> { pageRequest in
            let request = try pageRequest.context(as: MessageRequest.self)
            let response = try await api.loadMessages(channel: request.channel, cursor: pageRequest.cursor)
            return Page(next: response.nextPage, elements: response.messages)
          }
          .reduce(into: &list, action: action)
        }
      } load: { request, _ in
        let response = try await api.loadMessages(channel: request.channel)
        let list = PaginationFeature<Message>.State(
          selectingFirstOf: response.messages, context: request, next: response.nextPage)
        guard let list else { return .noResults }
        return .messages(list)
      }
  }
}

@MainActor
struct NoResultsTests {
  @Test func anEmptyFirstPageBecomesNoResults() async {
    let request = MessageRequest(channel: "empty")
    let store = TestStore(initialState: InboxFeature.State()) {
      InboxFeature(api: MessagesAPI(channels: ["empty": MessagePages(total: 0)]))
    }
    await store.send(.results(.load(request))) { $0.$results.becomeActive(request) }
    await store.receive(.results(.finished(request, didRefresh: false, .success(.noResults)))) {
      $0.$results.finish(request, result: .success(.noResults))
    }
    await store.send(.results(.loaded(.loadPage(.bottom))))
  }

  @Test func aNonEmptyFirstPageBecomesAListWithTheFirstElementSelected() async {
    let request = MessageRequest(channel: "general")
    let store = TestStore(initialState: InboxFeature.State()) { InboxFeature(api: MessagesAPI()) }
    let list = PaginationFeature<Message>.State(
      context: request, selection: 0, next: "page-1", elements: MessagePages().messages(0))
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
    #expect(PaginationFeature<Message>.State(selectingFirstOf: []) == nil)
    #expect(PaginationFeature<Message>.State(selectingFirstOf: [Message(4), Message(5)], next: "p")?.selection == 4)
  }
}
