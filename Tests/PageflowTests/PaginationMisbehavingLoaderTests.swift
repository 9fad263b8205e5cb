import Pageflow
import PageflowTesting
import Testing

/// A loader that returns empty pages, repeats a cursor, or answers after being cancelled cannot
/// make the list loop or lose what it has.
@MainActor
struct PaginationMisbehavingLoaderTests {
  let pages = MessagePages()

  @Test func emptyPagesWithACursorAreFollowedABoundedNumberOfTimes() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) {
      Feature(maxConsecutiveEmptyPages: 3, loadPage: loader.loadPage)
    }
    for k in 1...3 {
      loader.respond(
        to: .bottom(PaginationCursor("page-\(k)")), with: Page(next: PaginationCursor("page-\(k + 1)"), elements: []))
    }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    await store.receive(case: Feature.Action.pageResponse) {
      $0.pages.append(PageInfo(next: "page-2", count: 0))
      $0.endStatus = .loading(.bottom("page-2"))
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.pages.append(PageInfo(next: "page-3", count: 0))
      $0.endStatus = .loading(.bottom("page-3"))
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.pages.append(PageInfo(next: "page-4", count: 0))
      $0.endStatus = .endReached(.tooManyEmptyPages(3))
    }
    await store.receive(case: Feature.Action.delegate)
    await store.send(.loadPage(.bottom))
    await store.finish()
    #expect(loader.requests.count == 3)
  }

  @Test func aPageOfOnlyDuplicatesCountsAsEmpty() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) {
      Feature(maxConsecutiveEmptyPages: 1, loadPage: loader.loadPage)
    }
    loader.respond(to: .bottom("page-1"), with: Page(next: "page-2", elements: pages.messages(0)))
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    await store.receive(case: Feature.Action.pageResponse) {
      $0.pages.append(PageInfo(next: "page-2", count: 0))
      $0.endStatus = .endReached(.tooManyEmptyPages(1))
    }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func aCursorThatComesBackFailsTheEndInsteadOfLooping() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    loader.respond(to: .bottom("page-2"), with: Page(next: "page-1", elements: pages.messages(2)))
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(1))
      $0.pages.append(pages.info(1))
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-2")) }
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(2))
      $0.pages.append(PageInfo(next: "page-1", count: 3))
      $0.endStatus = .failed(LoadError(PaginationError.cursorCycle("page-1")), retryable: false)
    }
    await store.receive(case: Feature.Action.delegate)
    await store.send(.retry(.bottom))
    await store.send(.loadPage(.bottom))
    #expect(store.state.elements.count == 9)
  }

  @Test func aPageWhoseNextCursorIsItsOwnFailsAtOnce() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    loader.respond(to: .bottom("page-1"), with: Page(next: "page-1", elements: pages.messages(1)))
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(1))
      $0.pages.append(PageInfo(next: "page-1", count: 3))
      $0.endStatus = .failed(LoadError(PaginationError.cursorCycle("page-1")), retryable: false)
    }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func aLoaderThatNeverAnswersCanBeCancelled() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    await store.send(.cancel(.bottom)) { $0.endStatus = .idle }
    await store.finish()
    #expect(loader.pendingRequests.isEmpty)
  }

  @Test func anAnswerForARequestNobodyMadeIsIgnored() async {
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.pageResponse(.init(request: .bottom("page-7"), result: .success(pages.page(3)))))
  }

  @Test func aContextOfAnotherTypeIsAClearError() {
    struct Search: PaginationContext { var query: String }
    struct Folder: PaginationContext { var name: String }
    let request = PageRequest(direction: .bottom, context: Search(query: "swift"), cursor: "c")
    #expect(throws: PaginationError.contextTypeMismatch(expected: "Folder", actual: "Search")) {
      try request.context(as: Folder.self)
    }
    #expect((try? request.context(as: Search.self)) == Search(query: "swift"))
  }
}
