import Pageflow
import PageflowTesting
import Testing

// The README's snippets, compiled and run. When one changes, change the other.

/// The README's types, in a namespace of their own.
enum Readme {
  struct MessageRequest: Equatable, Sendable {
    var channel: String
  }

  struct NoMessages: Error {}

  /// A server of 12 messages, 3 to a page.
  struct MessagesAPI: Sendable {
    struct Response: Sendable {
      var messages: [Message]
      var nextPage: PaginationCursor?
    }

    let pages = MessagePages()

    func loadMessages(cursor: PaginationCursor? = nil) async throws -> Response {
      let index = cursor.flatMap { Int($0.rawValue.dropFirst("page-".count)) } ?? 0
      let page = pages.page(index)
      return Response(messages: page.elements, nextPage: page.next)
    }
  }

  // README: Quick start.
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
}

@MainActor
struct ReadmeSnippetTests {
  @Test func theQuickStartLoadsPagesAndPrefetches() async {
    let api = Readme.MessagesAPI()
    typealias MessagesFeature = Readme.MessagesFeature
    // README: Run it in a `Store`.
    let store = Store(initialState: MessagesFeature.State()) { MessagesFeature(api: api) }
    await store.send(.onAppear).finish()  // first page loaded
    #expect(store.state.messages?.elements.map(\.id) == [0, 1, 2])
    await store.send(.messages(.loaded(.loadPage(.bottom)))).finish()  // next page appended
    #expect(store.state.messages?.elements.map(\.id) == Array(0...5))
    await store.send(.messages(.loaded(.elementAppeared(3)))).finish()  // prefetch as rows appear
    #expect(store.state.messages?.elements.map(\.id) == Array(0...8))
  }

  @Test func theTestingSnippetReceivesThePage() async {
    let firstPage = PaginationFeature<Message>.State(
      selection: 0, next: "page-1", elements: [Message(0), Message(1), Message(2)])
    // README: Testing.
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: firstPage) { PaginationFeature<Message>(loadPage: loader.loadPage) }
    let request = PageRequest(direction: .bottom, cursor: "page-1")
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(request) }
    loader.respond(to: request, with: Page(previous: "page-0", elements: [Message(3)]))
    await store.receive(case: PaginationFeature<Message>.Action.pageResponse) {
      $0.elements.append(contentsOf: [Message(3)])
      $0.pages.append(PageInfo(previous: "page-0", count: 1))
      $0.endStatus = .endReached(.noMoreCursor)
    }
    await store.receive(case: PaginationFeature<Message>.Action.delegate)
  }
}
