import Pageflow
import PageflowTesting
import Testing

/// Live updates: insert, update and remove elements in loaded pages; an insert beyond an edge that
/// is not the end of the list is counted, never placed where it would hide a hole.
@MainActor
struct PaginationLiveUpdateTests {
  let pages = MessagePages()

  func twoPages() -> Feature.State {
    var state = pages.state(at: 0)
    state.elements.append(contentsOf: pages.messages(1))
    state.pages = PageList([pages.info(0), pages.info(1)])
    return state
  }

  func feature() -> Feature {
    Feature(areInIncreasingOrder: { $0.id < $1.id }, loadPage: ControllablePageLoader().loadPage)
  }

  @Test func insertAtAnEdgeThatIsTheEndOfTheListGrowsTheEdgePage() async {
    var initial = twoPages()
    initial.pages[1].next = nil
    initial.endStatus = .endReached(.noMoreCursor)
    let store = TestStore(initialState: initial) { feature() }
    await store.send(.insert(Message(-1), at: .top)) {
      $0.elements.prepend(contentsOf: [Message(-1)])
      $0.pages[0].count = 4
      $0.unseenAboveScreen = 1
    }
    await store.send(.insert(Message(99), at: .bottom)) {
      $0.elements.append(contentsOf: [Message(99)])
      $0.pages[1].count = 4
      $0.unseenBelowScreen = 1
    }
    #expect(store.state.elements.first?.id == -1)
    #expect(store.state.elements.last?.id == 99)
  }

  @Test func insertBeyondAnEdgeThatIsNotTheEndOfTheListIsCountedNotPlaced() async {
    // Two pages of even ids, [10, 12, 14] and [16, 18, 20], with more of the list on both sides.
    var initial = Feature.State(
      selection: 10, previous: "page-0", elements: [10, 12, 14, 16, 18, 20].map { Message($0) })
    initial.pages = PageList([
      PageInfo(previous: "page-0", next: "page-2", count: 3), PageInfo(previous: "page-1", next: "page-3", count: 3),
    ])
    initial.endStatus = .idle
    let store = TestStore(initialState: initial) { feature() }
    await store.send(.insert(Message(-1), at: .top)) {
      $0.unseenAtStart = 1
      $0.unseenAboveScreen = 1
    }
    await store.send(.insert(Message(2), at: .sorted)) {
      $0.unseenAtStart = 2
      $0.unseenAboveScreen = 2
    }
    await store.send(.insert(Message(99), at: .bottom)) {
      $0.unseenAtEnd = 1
      $0.unseenBelowScreen = 1
    }
    await store.send(.insert(Message(50), at: .sorted)) {
      $0.unseenAtEnd = 2
      $0.unseenBelowScreen = 2
    }
    await store.send(.insert(Message(15), at: .sorted)) {  // between loaded elements: placed
      $0.elements = IdentifiedElements([10, 12, 14, 15, 16, 18, 20].map { Message($0) })
      $0.pages[0].count = 4  // before the second page's first element: the first page's
      $0.unseenBelowScreen = 3  // below the selection, the row on screen
    }
    await store.send(.insert(Message(17), at: .sorted)) {
      $0.elements = IdentifiedElements([10, 12, 14, 15, 16, 17, 18, 20].map { Message($0) })
      $0.pages[1].count = 4
      $0.unseenBelowScreen = 4
    }
    // Updates and removals of elements outside the window change nothing.
    await store.send(.update(Message(0, "edited")))
    await store.send(.remove(30))
    #expect(store.state.unseen(.start) == 2)
  }

  @Test func theUnseenCountEndsWhenItsEdgeReachesTheEndOfTheList() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 2)) {
      Feature(areInIncreasingOrder: { $0.id < $1.id }, loadPage: loader.loadPage)
    }
    await store.send(.insert(Message(12), at: .bottom)) {
      $0.unseenAtEnd = 1
      $0.unseenBelowScreen = 1
    }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-3")) }
    loader.respond(to: .bottom("page-3"), with: Page(previous: "page-2", elements: pages.messages(3) + [Message(12)]))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(3) + [Message(12)])
      $0.pages.append(PageInfo(previous: "page-2", count: 4))
      $0.endStatus = .endReached(.noMoreCursor)
      $0.unseenAtEnd = 0
    }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func insertBySortKeyFindsItsPlaceAndItsPage() async {
    // Two pages of even ids: [0, 2, 4] and [6, 8, 10].
    var initial = Feature.State(selection: 0, elements: [0, 2, 4, 6, 8, 10].map { Message($0) })
    initial.pages = PageList([PageInfo(next: "page-1", count: 3), PageInfo(previous: "page-0", count: 3)])
    let store = TestStore(initialState: initial) { feature() }
    await store.send(.insert(Message(7), at: .sorted)) {
      $0.elements = IdentifiedElements([0, 2, 4, 6, 7, 8, 10].map { Message($0) })
      $0.pages[1].count = 4
      $0.unseenBelowScreen = 1
    }
    await store.send(.insert(Message(3), at: .sorted)) {
      $0.elements = IdentifiedElements([0, 2, 3, 4, 6, 7, 8, 10].map { Message($0) })
      $0.pages[0].count = 4
      $0.unseenBelowScreen = 2
    }
    #expect(store.state.elements.index(id: 8) == 6)
  }

  @Test func insertingAnIdThatIsLoadedUpdatesItInstead() async {
    let store = TestStore(initialState: twoPages()) { feature() }
    await store.send(.insert(Message(1, "edited"), at: .top)) {
      $0.elements = IdentifiedElements([Message(0), Message(1, "edited")] + (2...5).map { Message($0) })
    }
  }

  @Test func updateReplacesInPlaceAndIgnoresUnknownIds() async {
    let store = TestStore(initialState: twoPages()) { feature() }
    await store.send(.update(Message(4, "edited"))) {
      $0.elements = IdentifiedElements((0...3).map { Message($0) } + [Message(4, "edited"), Message(5)])
    }
    await store.send(.update(Message(42)))
  }

  @Test func removingTheSelectedElementMovesTheSelectionToANeighbour() async {
    var initial = twoPages()
    initial.selection = 3
    let store = TestStore(initialState: initial) { feature() }
    await store.send(.remove(3)) {
      $0.elements = IdentifiedElements([0, 1, 2, 4, 5].map { Message($0) })
      $0.pages[1].count = 2
      $0.selection = 4
    }
    await store.receive(.delegate(.didSelect(Message(4))))
    #expect(store.state.elements.index(id: 5) == 4)
    await store.send(.remove(5)) {
      $0.elements = IdentifiedElements([0, 1, 2, 4].map { Message($0) })
      $0.pages[1].count = 1
    }
    await store.send(.remove(4)) {
      $0.elements = IdentifiedElements([0, 1, 2].map { Message($0) })
      $0.pages[1].count = 0
      $0.selection = 2
    }
    await store.receive(.delegate(.didSelect(Message(2))))
    await store.send(.remove(77))
  }

  @Test func manyElementsRemovedAtOnceLeaveTheirPagesAndSelectionAsRemovedOneByOneAndAreOneEdit() async throws {
    var initial = twoPages()  // [0, 1, 2] and [3, 4, 5]
    initial.selection = 2
    let store = TestStore(initialState: initial) { feature() }
    var reader = ListChangeReader<Int>()
    _ = reader.read(store.state)
    await store.send(.removeAll([1, 2, 4, 77])) {
      $0.elements = IdentifiedElements([0, 3, 5].map { Message($0) })
      $0.pages[0].count = 1
      $0.pages[1].count = 2
      $0.selection = 3  // the element that took its place
    }
    await store.receive(.delegate(.didSelect(Message(3))))
    let changes = try #require(reader.read(store.state).elements)
    #expect(changes.removed == [1..<3, 4..<5] && changes.removedIDs == [1, 2, 4])
    var oneByOne = initial
    for id in [1, 2, 4, 77] { _ = feature().reduce(into: &oneByOne, action: .remove(id)) }
    #expect(oneByOne == store.state)
  }

  @Test func anElementInsertedIntoAnEmptyListIsSelected() async {
    let store = TestStore(initialState: Feature.State(selection: 1, elements: [Message(1)])) { feature() }
    await store.send(.remove(1)) {
      $0.elements = []
      $0.pages[0].count = 0
    }
    #expect(store.state.selectionIndex == nil)
    await store.send(.insert(Message(2), at: .bottom)) {
      $0.elements = [Message(2)]
      $0.pages[0].count = 1
      $0.selection = 2
      $0.unseenBelowScreen = 1  // nothing on screen: below it
    }
    await store.receive(.delegate(.didSelect(Message(2))))
  }

  @Test(arguments: [PaginationEdge.start, .end])
  func anInsertAtAReachedEdgeOfAWindowEmptiedByRemovalsIsPlaced(edge: PaginationEdge) async {
    // One element, the list's end reached at `edge` and more beyond the other edge; then emptied.
    let initial =
      edge == .start
      ? Feature.State(selection: 0, next: "page-1", elements: [Message(0)])
      : Feature.State(selection: 0, previous: "page-1", elements: [Message(0)])
    let store = TestStore(initialState: initial) { feature() }
    await store.send(.remove(0)) {
      $0.elements = []
      $0.pages[0].count = 0
    }
    let inserted = Message(edge == .start ? -1 : 1)
    await store.send(.insert(inserted, at: edge == .start ? .top : .bottom)) {
      $0.elements = [inserted]
      $0.pages[0].count = 1
      $0.selection = inserted.id
      $0.unseenBelowScreen = 1  // nothing on screen: below it
    }
    await store.receive(.delegate(.didSelect(inserted)))
    // At the edge that is not the list's end, an insert is counted there, never at the other one.
    await store.send(.insert(Message(edge == .start ? 5 : -5), at: edge == .start ? .bottom : .top)) {
      if edge == .start { $0.unseenAtEnd = 1 } else { $0.unseenAtStart = 1 }
      if edge == .start { $0.unseenBelowScreen = 2 } else { $0.unseenAboveScreen = 1 }
    }
  }
}
