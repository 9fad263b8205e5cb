import Pageflow
import PageflowTesting
import Testing

/// An empty first page handled with a results enum with a `.noResults` case (the Pagination
/// article's `DocInbox`), so that the list's selection is never dangling.
@MainActor
struct NoResultsTests {
  @Test func anEmptyFirstPageBecomesNoResultsWhichIgnoresListActions() async {
    let request = DocMessageRequest(channel: "empty")
    let store = TestStore(initialState: DocInbox.State()) {
      DocInbox(api: DocMessagesAPI(channels: ["empty": DocMessageServer(total: 0)]))
    }
    await store.send(.results(.load(request))) { $0.$results.becomeActive(request) }
    await store.receive(.results(.finished(request, didRefresh: false, .success(.noResults)))) {
      $0.$results.finish(request, result: .success(.noResults))
    }
    await store.send(.results(.loaded(.loadPage(.bottom))))
  }

  @Test func aNonEmptyFirstPageBecomesAListWithTheFirstElementSelected() async {
    let request = DocMessageRequest(channel: "general")
    let store = TestStore(initialState: DocInbox.State()) { DocInbox(api: DocMessagesAPI()) }
    let list = PaginationFeature<DocMessage>.State(
      context: request, selection: 0, next: "page-1", elements: [DocMessage(0), DocMessage(1), DocMessage(2)])
    await store.send(.results(.load(request))) { $0.$results.becomeActive(request) }
    await store.receive(.results(.finished(request, didRefresh: false, .success(.messages(list))))) {
      $0.$results.finish(request, result: .success(.messages(list)))
    }
    await store.send(.results(.loaded(.select(.bottom)))) {
      guard case .messages(var list) = $0.results else { return }
      list.selection = 1
      $0.results = .messages(list)
    }
    await store.receive(.results(.loaded(.delegate(.didSelect(DocMessage(1))))))
  }

  @Test func theFailableInitializerSelectsTheFirstElement() {
    #expect(
      PaginationFeature<DocMessage>.State(selectingFirstOf: [DocMessage(4), DocMessage(5)], next: "p")?.selection == 4)
  }
}
