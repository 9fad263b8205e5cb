import Pageflow
import PageflowTesting
import Testing

/// What a view reads of a list's changes: one change set for every action since its last read, the
/// row on screen and how far rows above it moved it, and a reload when the record cannot tell.
@MainActor
struct ListChangesTests {
  let pages = MessagePages(size: 10, total: 100)

  /// A list of pages 4 and 5 (rows 40..<60) with row 45 on screen, in a window of at most 30.
  func store() async -> StoreOf<Feature> {
    let pages = pages
    var feature = Feature(prefetchDistance: 2, maxElements: 30) { @MainActor request in
      if case .around(let anchor) = request.position { return pages.page((Int(anchor.rawValue) ?? 0) / 10) }
      return pages.page(Int(request.cursor?.rawValue.dropFirst(5) ?? "") ?? 0)
    }
    feature.loadSize = .fixed
    let store = Store(initialState: pages.state(at: 4)) { feature }
    await store.send(.loadPage(.bottom)).finish()
    await store.send(.elementAppeared(45)).finish()
    return store
  }

  @Test func aPageArrivingAboveTheRowOnScreenShiftsItDownByThePage() async throws {
    let store = await store()
    var reader = ListChangeReader<Int>()
    #expect(reader.read(store.state).reloadsEverything)  // the first read: everything
    await store.send(.elementAppeared(41)).finish()  // near the top: page 3 arrives above
    let changes = reader.read(store.state)
    #expect(changes.elements?.inserted == [0..<10])
    #expect(changes.anchor == .init(id: 41, before: 1, after: 11))
    #expect(changes.anchor?.shift == 10)
  }

  @Test func pagesEvictedAboveTheRowOnScreenShiftItUp() async throws {
    // Four pages do not fit a window of 30 when it scrolls with pages of 10 and a prefetch distance
    // of 2: it holds 34, and the feature says so.
    let warnings = try await RuntimeWarning.$sink.collecting {
      let store = await store()
      var reader = ListChangeReader<Int>()
      await store.send(.elementAppeared(58)).finish()  // near the bottom: page 6 arrives (40..<70)
      _ = reader.read(store.state)
      await store.send(.elementAppeared(68)).finish()  // page 7 arrives, and the window evicts page 4
      let changes = reader.read(store.state)
      let elements = try #require(changes.elements)
      #expect(elements.removed == [0..<10] && elements.removedIDs == Array(40..<50))
      #expect(elements.inserted == [20..<30])
      #expect(changes.anchor == .init(id: 68, before: 28, after: 18))
      var mirror = (40..<70).map { Message($0) }
      try elements.apply(to: &mirror, from: store.state.elements)
      #expect(mirror == Array(store.state.elements))
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("maxElements 30 is below what a scroll needs with pages of 10") == true)
  }

  @Test func aRefreshThatReplacesTheWindowIsReadAsAChangeSetById() async throws {
    let store = await store()
    var reader = ListChangeReader<Int>()
    _ = reader.read(store.state)
    await store.send(.refresh).finish()  // the page around row 45: rows 40..<50
    let changes = reader.read(store.state)
    #expect(changes.elements?.removed == [10..<20])
    #expect(changes.elements?.inserted == [])
    #expect(changes.anchor == .init(id: 45, before: 5, after: 5))
  }

  @Test func aReaderThatReadsNothingNewGetsNoChange() async {
    let store = await store()
    var reader = ListChangeReader<Int>()
    _ = reader.read(store.state)
    let changes = reader.read(store.state)
    #expect(changes.elements?.isEmpty == true)
    #expect(changes.anchor == .init(id: 45, before: 5, after: 5))
  }
}
