import Pageflow
import PageflowTesting
import Testing

// The README's snippets, compiled and run. When one changes, change the other. The quick start's
// `MessagesFeature`, `MessageRequest` and `MessagesAPI` are in MessagesFeatureTests.swift.

@MainActor
struct ReadmeSnippetTests {
  @Test func theQuickStartLoadsPagesAndPrefetches() async {
    let api = MessagesAPI()
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
