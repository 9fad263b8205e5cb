import Pageflow
import Testing

/// The row a view keeps at the top of its screen (what a SwiftUI `scrollPosition(id:)` binds to):
/// the row the user scrolled to stays as pages arrive and leave around it and as the list refreshes
/// in place; a jump, a restore and a landing move it where the list went.
@MainActor
struct RowOnScreenTests {
  let pages = MessagePages(size: 10, total: 1_000)

  /// A list at `page` whose loader answers at once with the page a request names (around an
  /// element: the page that holds it).
  func store(at page: Int) -> Store<Feature.State, Feature.Action> {
    let pages = pages
    return Store(initialState: pages.state(at: page)) {
      Feature { request in
        let id: Int? =
          switch request.position {
          case .around(let cursor): Int(cursor.rawValue)
          default: request.cursor.flatMap { Int($0.rawValue.dropFirst("page-".count)) }.map { $0 * 10 }
          }
        return pages.page((id ?? 0) / 10)
      }
    }
  }

  @Test func theRowTheUserScrolledToStaysAsPagesArriveAboveItAndTheListRefreshes() async {
    let store = store(at: 5)
    #expect(store.state.rowOnScreen == 50)  // nothing reported yet: the selection
    await store.send(.elementAppeared(52)).finish()  // the scroll view reports its top row
    #expect(store.state.elements.first?.id == 40)  // a page arrived above it
    #expect(store.state.rowOnScreen == 52)
    await store.send(.refresh).finish()
    #expect(store.state.rowOnScreen == 52)
  }

  @Test func aJumpMovesItToTheElementJumpedTo() async {
    let store = store(at: 0)
    await store.send(.elementAppeared(3)).finish()
    let jump = store.send(.jump(to: .element(505)))
    #expect(store.state.rowOnScreen == 3)  // the old window, until the answer
    await jump.finish()
    #expect(store.state.rowOnScreen == 505)
  }

  @Test func aRestoreMovesItToThePlacesRow() async throws {
    var saved = pages.state(at: 70)
    saved.lastVisible = 707
    let place = try #require(saved.place)
    let store = store(at: 0)
    await store.send(.restore(place)).finish()
    #expect(store.state.rowOnScreen == 707)
  }

  @Test func nothingIsOnScreenWhileTheWindowHoldsNeitherRow() {
    var state = pages.state(at: 0)
    state.lastVisible = 999
    #expect(state.rowOnScreen == 0)  // a stale report gives way to the selection
    state.selection = 999
    #expect(state.rowOnScreen == nil)
  }
}
