import Pageflow
import PageflowTesting
import Testing

/// A view that reads a field of the store's state is redrawn when that field changes, and only
/// then: scrolling (`elementAppeared`) redraws neither a spinner nor a row that did not change.
@MainActor
struct StoreObservationTests {
  let server = DocWindowServer(pageSize: 20, total: 1_000)

  func store() -> StoreOf<PaginationFeature<DocMessage>> {
    let server = self.server
    return Store(initialState: server.firstPage) { PaginationFeature<DocMessage> { server.page($0) } }
  }

  /// Scrolls through the whole list, each row appearing in turn, redrawing after each action.
  func scroll(_ store: StoreOf<PaginationFeature<DocMessage>>, redrawing views: [Invalidations]) async {
    for id in 0..<server.total {
      await store.send(.elementAppeared(id)).finish()
      for view in views { view.redraw() }
    }
  }

  @Test func scrollingRedrawsTheRowsOncePerPageAndNothingElse() async {
    let store = store()
    let rows = Invalidations { _ = store.elements }
    let spinner = Invalidations { _ = store.isRefreshing }
    let reload = Invalidations { _ = store.reloadStatus }
    let message = Invalidations { _ = store.read(\.elements[id: 5]) }
    let footer = Invalidations { _ = store.loadMore(.bottom) }
    await scroll(store, redrawing: [rows, spinner, reload, message, footer])
    #expect(store.elements.count == 1_000)
    #expect(rows.count == 49)  // the 49 pages after the first
    #expect(spinner.count == 0)
    #expect(reload.count == 0)
    #expect(message.count == 0)
    #expect(footer.count == 49)  // loading and back to more (the end, last) between two redraws
  }

  @Test func aViewOfTheWholeStateIsRedrawnForEveryAction() async {
    let store = store()
    let whole = Invalidations { _ = store.state }
    for id in 0..<10 {
      await store.send(.elementAppeared(id)).finish()
      whole.redraw()
    }
    #expect(whole.count == 10)
  }

  @Test func oneElementsViewIsRedrawnWhenThatElementChanges() async {
    let store = store()
    let five = Invalidations { _ = store.read(\.elements[id: 5]) }
    let six = Invalidations { _ = store.read(\.elements[id: 6]) }
    await store.send(.update(DocMessage(id: 5, text: "edited"))).finish()
    five.redraw()
    six.redraw()
    #expect(five.count == 1)
    #expect(six.count == 0)
    await store.send(.remove(5)).finish()
    five.redraw()
    #expect(five.count == 2)
    #expect(store.read(\.elements[id: 5]) == nil)
  }

  @Test func aFieldThatChangesAndChangesBackBeforeTheNextActionEndsRedrawsOnce() async {
    let store = store()
    let selection = Invalidations { _ = store.selection }
    await store.send(.selectElement(3)).finish()
    await store.send(.selectElement(4)).finish()  // not redrawn in between: one invalidation
    selection.redraw()
    #expect(selection.count == 1)
  }

  @Test func aStoreNobodyReadsTracksNothing() async {
    let store = store()
    await scroll(store, redrawing: [])
    #expect(store.elements.count == 1_000)
  }
}
