import Pageflow
import PageflowTesting
import Testing

// The code of every snippet in Documentation/Migration.md that is not in DocumentationSnippetTests,
// compiled and run; ArticleSnippetTests checks that the article shows it as written.

@MainActor
struct MigrationSnippetTests {
  @Test func theNamesAndCursorsAfterTheMove() {
    typealias Messages = LoadableState<DocMessageRequest, PaginationFeature<DocMessage>.State>
    typealias MessagesAction = LoadingActionOf<DocMessageRequest, PaginationFeature<DocMessage>>
    let literal: PaginationCursor = "page-2"  // a string literal is a cursor, as before
    let computed = PaginationCursor("page-\(1 + 1)")  // a computed String needs the initializer
    #expect(literal == computed && literal.rawValue == "page-2")
    #expect(Messages.pending.isPending && Messages.pending.wrappedValue == nil)
    #expect(MessagesAction.refresh == .refresh)
  }

  @Test func oneStatusAtATimeAndTheValueStays() {
    let ada = DocProfile(name: "Ada")
    var profile = LoadableState<String, DocProfile>.loaded(ada, request: "ada")
    profile.becomeActive("ada", isRefresh: true)
    #expect(profile.isRefreshing && !profile.isSuccess)  // refreshing is not success
    #expect(profile.wrappedValue == ada)  // the value stays on screen
    profile.finish("ada", result: .failure(LoadError(DocNotFound(username: "ada"))))
    #expect(profile.isFailure && profile.wrappedValue == ada)  // and after a failed refresh
  }

  @Test func theMessagesFeatureInATestStore() async {
    let store = TestStore(initialState: DocMessagesFeature.State()) {
      DocMessagesFeature(api: DocMessagesAPI())
    }
    let request = DocMessageRequest(channel: "general")
    let first = PaginationFeature<DocMessage>.State(
      context: request, selection: 0, next: "page-1", elements: [DocMessage(0), DocMessage(1), DocMessage(2)])
    await store.send(.onAppear)
    await store.receive(.messages(.load(request))) { $0.$messages.becomeActive(request) }
    await store.receive(.messages(.finished(request, didRefresh: false, .success(first)))) {
      $0.$messages.finish(request, result: .success(first))
    }

    let next = PageRequest(direction: .bottom, context: request, cursor: "page-1")
    await store.send(.messages(.loaded(.loadPage(.bottom)))) { $0.messages?.endStatus = .loading(next) }
    await store.receive(case: { .messages(.loaded(.pageResponse($0))) }) {
      $0.messages?.elements.append(contentsOf: [DocMessage(3), DocMessage(4), DocMessage(5)])
      $0.messages?.pages.append(PageInfo(next: "page-2", count: 3))
      $0.messages?.endStatus = .idle
    }
    await store.receive(case: { .messages(.loaded(.delegate($0))) })  // didUpdate

    await store.send(.messages(.loaded(.select(.bottom)))) { $0.messages?.selection = 1 }
    await store.receive(.messages(.loaded(.delegate(.didSelect(DocMessage(1)))))) { $0.lastSelectedID = 1 }

    let around = PageRequest(.around("1"), context: request, isRefresh: true)  // the list refreshes itself
    await store.send(.messages(.refresh)) { $0.messages?.reloadStatus = .loading(around) }
    await store.receive(case: { .messages(.loaded(.pageResponse($0))) }) {
      $0.messages?.elements = [DocMessage(0), DocMessage(1), DocMessage(2)]
      $0.messages?.pages = PageList([PageInfo(next: "page-1", count: 3)])
      $0.messages?.reloadStatus = .idle
    }
    await store.receive(case: { .messages(.loaded(.delegate($0))) })  // didUpdate
  }
}
