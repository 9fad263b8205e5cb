import Pageflow
import PageflowTesting
import Testing

/// The "3 new messages" pill counts every live insert below the row on screen that the user has not
/// reached, placed in the window or counted beyond it, and reads it in the change stream.
@MainActor
struct UnseenPastScreenTests {
  /// Messages `ids`, the first selected, with a cursor toward newer ones when `more`.
  func state(_ ids: [Int], more: Bool) -> Feature.State {
    Feature.State(selection: ids[0], next: more ? "newer" : nil, elements: ids.map { Message($0) })
  }

  func store(_ state: Feature.State) -> Store<Feature.State, Feature.Action> {
    Store(initialState: state) {
      Feature(areInIncreasingOrder: { $0.id < $1.id }, loadPage: ControllablePageLoader<Message>().loadPage)
    }
  }

  @Test func aMessagePlacedBelowTheRowOnScreenIsCountedUntilARowAtOrPastItAppears() {
    let store = store(state([0, 2, 4, 6, 8], more: false))
    _ = store.send(.elementAppeared(2))
    _ = store.send(.insert(Message(9), at: .sorted))  // the newest: placed, at the end
    #expect(store.state.elements.last?.id == 9)
    #expect(store.state.unseenAtEnd == 0)  // the count beyond the window misses it
    #expect(store.state.unseenBelowScreen == 1 && store.state.unseenAboveScreen == 0)
    _ = store.send(.elementAppeared(6))
    #expect(store.state.unseenBelowScreen == 1)
    _ = store.send(.elementAppeared(9))
    #expect(store.state.unseenBelowScreen == 0)
  }

  @Test func placedAndCountedArrivalsBelowTheScreenAddUpAndThoseAboveAreTheirOwn() {
    let store = store(state([0, 2, 4, 6, 8], more: true))
    _ = store.send(.elementAppeared(2))
    _ = store.send(.insert(Message(5), at: .sorted))  // in the window, below the screen
    _ = store.send(.insert(Message(100), at: .bottom))  // beyond an end that is not the list's
    _ = store.send(.insert(Message(1), at: .sorted))  // in the window, above the screen
    #expect(store.state.elements.map(\.id) == [0, 1, 2, 4, 5, 6, 8])
    #expect(store.state.unseenAtEnd == 1)
    #expect(store.state.unseenBelowScreen == 2)
    #expect(store.state.unseenAboveScreen == 1)
    _ = store.send(.elementAppeared(1))  // scrolled up to it
    #expect(store.state.unseenAboveScreen == 0 && store.state.unseenBelowScreen == 2)
    _ = store.send(.elementAppeared(8))  // the window's last row, not the list's
    #expect(store.state.unseenBelowScreen == 1)  // 100 is still beyond the window
  }

  @Test func theListsNewestRowAppearingSeesEveryArrivalBelowIncludingThoseThatLeftTheWindow() {
    let store = store(state([0, 2, 4, 6, 8], more: false))
    _ = store.send(.elementAppeared(0))
    for id in [9, 10, 11] { _ = store.send(.insert(Message(id), at: .bottom)) }
    #expect(store.state.unseenBelowScreen == 3)
    _ = store.send(.elementAppeared(11))
    #expect(store.state.unseenBelowScreen == 0)
  }

  @Test func aRemovedArrivalLeavesTheCountAndAResetToAnotherListClearsIt() {
    let store = store(state([0, 2, 4, 6, 8], more: false))
    _ = store.send(.elementAppeared(0))
    _ = store.send(.insert(Message(9), at: .bottom))
    _ = store.send(.insert(Message(10), at: .bottom))
    _ = store.send(.remove(9))
    #expect(store.state.unseenBelowScreen == 1)
    _ = store.send(.reset(context: DocFilter(unreadOnly: true)))
    #expect(store.state.unseenBelowScreen == 0)
  }

  @Test func selectingAnArrivalSeesItAndWhatLiesBetween() {
    let store = store(state([0, 2, 4, 6, 8], more: false))
    _ = store.send(.insert(Message(5), at: .sorted))  // below the selection, nothing on screen
    _ = store.send(.insert(Message(9), at: .sorted))
    #expect(store.state.unseenBelowScreen == 2)
    _ = store.send(.selectElement(5))
    #expect(store.state.unseenBelowScreen == 1)
  }

  @Test func tappingThePillLoadsTheNewMessageSelectsItAndSeesIt() async {
    let loader = ControllablePageLoader<Message>()
    let store = Store(initialState: state([0, 2, 4, 6, 8], more: true)) {
      Feature(areInIncreasingOrder: { $0.id < $1.id }, loadPage: loader.loadPage)
    }
    _ = store.send(.insert(Message(100), at: .bottom))  // beyond the window: the end is not loaded
    #expect(store.state.unseenBelowScreen == 1)
    let jump = store.send(.jump(to: .end))  // the pill's action
    await loader.waitForRequests(count: 1)
    loader.respond(to: loader.requests[0], with: Page(previous: "older", elements: [Message(90), Message(100)]))
    await jump.finish()
    #expect(store.state.selection == 100)
    #expect(store.state.unseenBelowScreen == 0)  // selected, before any row is reported on screen
  }

  @Test func anExhaustiveTestThatLeavesThePillUndescribedFailsAndOneThatWritesItPasses() async {
    let store = TestStore(initialState: state([0, 2, 4, 6, 8], more: false)) {
      Feature(areInIncreasingOrder: { $0.id < $1.id }, loadPage: ControllablePageLoader<Message>().loadPage)
    }
    await store.send(.elementAppeared(2)) { $0.lastVisible = 2 }
    let failures = await FailureReporter.$capture.collecting {
      await store.send(.insert(Message(5), at: .sorted)) {
        $0.elements.insert(Message(5), at: 3)
        $0.pages[0].count = 6
      }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.contains("+   unseenBelowScreen: 1") == true)
    await store.send(.insert(Message(7), at: .sorted)) {
      $0.elements.insert(Message(7), at: 5)
      $0.pages[0].count = 7
      $0.unseenBelowScreen = 2
    }
    await store.send(.elementAppeared(5)) {
      $0.lastVisible = 5
      $0.unseenBelowScreen = 1
    }
  }

  @Test func theChangeStreamCarriesTheCountsWithTheRowsThatArrived() throws {
    let store = store(state([0, 2, 4, 6, 8], more: false))
    _ = store.send(.elementAppeared(4))
    var reader = ListChangeReader<Int>()
    _ = reader.read(store.state)
    _ = store.send(.insert(Message(3), at: .sorted))
    _ = store.send(.insert(Message(9), at: .sorted))
    let changes = reader.read(store.state)
    #expect(changes.elements?.inserted == [2..<3, 6..<7])
    #expect(changes.unseenAboveScreen == 1 && changes.unseenBelowScreen == 1)
    #expect(changes.anchor == ListChanges.Anchor(id: 4, before: 2, after: 3))
  }
}
