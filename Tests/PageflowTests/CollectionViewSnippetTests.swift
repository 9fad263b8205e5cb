import Pageflow
import PageflowTesting
import Testing

/// The platform-free parts of the "Collection views" article, as written: a view's reader applying
/// each frame's change set to its rows, and the snapshot steps of a diffable data source.
@MainActor
struct CollectionViewSnippetTests {
  let server = DocMessageServer(pageSize: 20, total: 200)

  /// A view of the list: its rows as the data source answers them, kept up to date from change sets.
  struct DocRowsView {
    var rows = ElementsCopy<DocMessage>()
    var reader = ListChangeReader<Int>()
    var reloads = 0
    var kept: ListChanges<Int>.Anchor?

    /// What a view does once per frame when the list's elements changed.
    mutating func render(_ list: PaginationFeature<DocMessage>.State) {
      let changes = reader.read(list)
      guard !changes.reloadsEverything, (try? rows.apply(changes, from: list.elements)) != nil else {
        rows = ElementsCopy(list.elements)  // the first frame, a history too old, a copy out of date
        reloads += 1
        return
      }
      kept = changes.anchor  // the row to keep where it is on screen: moved by `shift` rows
    }
  }

  @Test func aViewAppliesEachFramesChangesAndKeepsTheRowOnScreen() async {
    let store = Store(initialState: PaginationFeature<DocMessage>.State.notLoaded(selection: 0)) {
      PaginationFeature<DocMessage>(prefetchDistance: 5, maxElements: 60) { request in
        try await server.page(request.cursor)
      }
    }
    var view = DocRowsView()
    // A window of 60 rows is below what a scroll with pages of 20 needs: kept small to show a page
    // leaving, and the feature says so.
    let warnings = await RuntimeWarning.$sink.collecting {
      await store.send(.loadPage(.bottom)).finish()
      view.render(store.state)  // the first frame: every row
      for id in [15, 35, 55] {  // the user scrolls down the rows the view shows
        await store.send(.elementAppeared(id)).finish()  // a page arrives (and, at 55, one leaves)
        await store.send(.update(DocMessage(id: id - 1, text: "edited"))).finish()
        view.render(store.state)  // one change set for both actions
      }
      #expect(view.rows.elements == Array(store.state.elements))
      #expect(view.reloads == 1)
      #expect(view.kept?.id == 55 && view.kept?.shift == -20)  // a page left above the row on screen
    }
    #expect(!warnings.isEmpty && warnings.allSatisfy { $0.hasPrefix("maxElements 60 is below what a scroll needs") })
  }

  @Test func theViewControllersReadCarriesThePill() async {
    let store = Store(initialState: PaginationFeature<DocMessage>.State.notLoaded(selection: 0)) {
      PaginationFeature<DocMessage> { request in try await server.page(request.cursor) }
    }
    await store.send(.loadPage(.bottom)).finish()
    var reader = ListChangeReader<Int>()
    _ = reader.read(store)  // as the view controller reads
    await store.send(.elementAppeared(3)).finish()
    _ = store.send(.insert(DocMessage(id: 1_000, text: "new"), at: .bottom))  // beyond the window
    let changes = reader.read(store)
    #expect(changes.unseenBelowScreen == 1)
    #expect(changes.anchor?.id == 3)
  }

  @Test func aDiffableSnapshotIsEditedFromTheChanges() async throws {
    let store = Store(initialState: PaginationFeature<DocMessage>.State.notLoaded(selection: 0)) {
      PaginationFeature<DocMessage> { request in try await server.page(request.cursor) }
    }
    await store.send(.loadPage(.bottom)).finish()
    var reader = ListChangeReader<Int>()
    var snapshot = Array(store.state.elements.ids)  // what the data source shows
    _ = reader.read(store.state)
    await store.send(.loadPage(.bottom)).finish()
    await store.send(.update(DocMessage(id: 3, text: "edited"))).finish()

    let changes = try #require(reader.read(store.state).elements)
    let edits = changes.snapshotEdits(in: store.state.elements)
    #expect(edits.steps == [.insert(Array(20..<40), before: nil), .reconfigure([3])])
    edits.apply(to: &snapshot)  // on Apple platforms: snapshot.apply(edits), then dataSource.apply(snapshot)
    #expect(snapshot == Array(store.state.elements.ids))
  }
}
