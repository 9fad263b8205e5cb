import Pageflow
import PageflowTesting
import Testing

/// The basic scenario of a paginated list: a first page, selection, horizontal paging across a page
/// boundary, loading to the end, loading backwards, duplicates, and bad input.
@MainActor
struct PaginationScenarioTests {
  let pages = MessagePages()

  @Test func selectingDownMovesOneElementAtATimeAndTellsTheParent() async {
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.select(.bottom)) { $0.selection = 1 }
    await store.receive(.delegate(.didSelect(Message(1))))
    await store.send(.select(.bottom)) { $0.selection = 2 }
    await store.receive(.delegate(.didSelect(Message(2))))
    #expect(store.state.selectionIndex == 2)
    #expect(store.state.selectedElement == Message(2))
    await store.send(.select(.top)) { $0.selection = 1 }
    await store.receive(.delegate(.didSelect(Message(1))))
  }

  @Test func selectingTrailingAcrossAPageBoundaryLoadsThenContinuesTheSelection() async {
    let loader = ControllablePageLoader<Message>()
    var initial = pages.state(at: 0)
    initial.selection = 2
    let store = TestStore(initialState: initial) { Feature(loadPage: loader.loadPage) }

    await store.send(.select(.trailing)) {
      $0.endStatus = .loading(.trailing("page-1"))
      $0.pendingSelection = .end
    }
    loader.respond(to: .trailing("page-1"), with: pages.page(1))
    await store.receive(.pageResponse(.init(request: .trailing("page-1"), result: .success(pages.page(1))))) {
      $0.elements.append(contentsOf: pages.messages(1))
      $0.pages = PageList([pages.info(0), pages.info(1)])
      $0.endStatus = .idle
      $0.pendingSelection = nil
      $0.selection = 3
    }
    // The parent hears of the page before it hears of the element selected on it.
    await store.receive(.delegate(.didUpdate(context: .none, pages: PageList([pages.info(0), pages.info(1)]))))
    await store.receive(.delegate(.didSelect(Message(3))))
    #expect(loader.requests == [.trailing("page-1")])
  }

  @Test func selectingLeadingAcrossAPageBoundaryLoadsThenContinuesTheSelection() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 1)) { Feature(loadPage: loader.loadPage) }
    let leading = PageRequest(direction: .leading, cursor: "page-0")
    await store.send(.select(.leading)) {
      $0.startStatus = .loading(leading)
      $0.pendingSelection = .start
    }
    loader.respond(to: leading, with: pages.page(0))
    await store.receive(.pageResponse(.init(request: leading, result: .success(pages.page(0))))) {
      $0.elements = IdentifiedElements(pages.messages(0) + pages.messages(1))
      $0.pages = PageList([pages.info(0), pages.info(1)])
      $0.startStatus = .endReached(.noMoreCursor)
      $0.pendingSelection = nil
      $0.selection = 2
    }
    // As at the end: the page first, then the element selected on it.
    await store.receive(.delegate(.didUpdate(context: .none, pages: PageList([pages.info(0), pages.info(1)]))))
    await store.receive(.delegate(.didSelect(Message(2))))
  }

  @Test func selectingBottomAtTheEdgeLoadsButDoesNotMoveTheSelection() async {
    let loader = ControllablePageLoader<Message>()
    var initial = pages.state(at: 0)
    initial.selection = 2
    let store = TestStore(initialState: initial) { Feature(loadPage: loader.loadPage) }
    await store.send(.select(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(1))
      $0.pages = PageList([pages.info(0), pages.info(1)])
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func loadingBottomUntilThereIsNoCursorStopsRequesting() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    store.exhaustivity = .off
    for page in 1...pages.lastPage {
      loader.respond(to: .bottom(pages.cursor(page)), with: pages.page(page))
      await store.send(.loadPage(.bottom))
      await store.receive(case: Feature.Action.pageResponse)
    }
    #expect(store.state.elements.map(\.id) == Array(0..<pages.total))
    #expect(store.state.endStatus == .endReached(.noMoreCursor))
    #expect(store.state.next == nil)
    store.exhaustivity = .on
    store.skipReceivedActions()
    await store.send(.loadPage(.bottom))
    await store.finish()
    #expect(loader.requests.count == pages.lastPage)
  }

  @Test func loadingTopFromAPreviousCursorPrependsThePage() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 2)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-1")) }
    loader.respond(to: .top("page-1"), with: pages.page(1))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.prepend(contentsOf: pages.messages(1))
      $0.pages = PageList([pages.info(1), pages.info(2)])
      $0.startStatus = .idle
    }
    await store.receive(.delegate(.didUpdate(context: .none, pages: PageList([pages.info(1), pages.info(2)]))))
    #expect(store.state.elements.map(\.id) == [3, 4, 5, 6, 7, 8])
    #expect(store.state.selectionIndex == 3)
    #expect(store.state.previous == "page-0")
  }

  @Test func duplicateIdsAcrossAndWithinPagesKeepTheFirstCopy() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    let overlapping = Page(
      previous: "page-0", next: "page-2",
      elements: [Message(2, "changed"), Message(3), Message(3, "again"), Message(4)])
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    loader.respond(to: .bottom("page-1"), with: overlapping)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: [Message(3), Message(4)])
      $0.pages = PageList([pages.info(0), PageInfo(previous: "page-0", next: "page-2", count: 2)])
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
    #expect(store.state.elements[id: 2]?.text == "message 2")
    #expect(store.state.elements[id: 3]?.text == "message 3")
  }

  @Test func selectingAnUnknownIdChangesNothing() async {
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.selectElement(999))
    await store.send(.selectElement(2)) { $0.selection = 2 }
    await store.receive(.delegate(.didSelect(Message(2))))
  }

  @Test func loadingInADirectionWithNoCursorMakesNoRequest() async {
    let loader = ControllablePageLoader<Message>()
    var initial = pages.state(at: 0)
    initial.startStatus = .idle
    let store = TestStore(initialState: initial) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.top)) { $0.startStatus = .endReached(.noMoreCursor) }
    await store.send(.select(.leading))
    await store.finish()
    #expect(loader.requests.isEmpty)
  }

  @Test func aStateStartsWithItsEndsReachedWhereItHasNoCursor() {
    let state = pages.state(at: 0)
    #expect(state.startStatus == .endReached(.noMoreCursor))
    #expect(state.endStatus == .idle)
    #expect(state.status(.leading) == state.startStatus)
    #expect(state.status(.trailing) == state.endStatus)
  }
}
