import Pageflow
import PageflowTesting
import Testing

@testable import QuickStart

/// The quick start with an empty first page handled by a results enum with a `.noResults` case, so
/// that the list's selection is never dangling.
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
      InboxFeature(api: MessagesAPI(channels: ["empty": 0]))
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
    let list = PaginationFeature<Message>.State(context: request, selection: 0, next: "3", elements: messages(0..<3))
    await store.send(.results(.load(request))) { $0.$results.becomeActive(request) }
    await store.receive(.results(.finished(request, didRefresh: false, .success(.messages(list))))) {
      $0.$results.finish(request, result: .success(.messages(list)))
    }
    await store.send(.results(.loaded(.select(.bottom)))) {
      guard case .messages(var list) = $0.results else { return }
      list.selection = 1
      $0.results = .messages(list)
    }
    await store.receive(.results(.loaded(.delegate(.didSelect(Message(id: 1, text: "message 1"))))))
  }

  @Test func theFailableInitializerIsNilForAnEmptyPage() {
    #expect(PaginationFeature<Message>.State(selectingFirstOf: []) == nil)
    #expect(PaginationFeature<Message>.State(selectingFirstOf: messages(4..<6), next: "p")?.selection == 4)
  }
}
