import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// Gaps: a page is served from disk only as far as a known range reaches; where it stops short at
/// a range's edge, the cursor on that side is where the network takes over, and what the network
/// returns from there closes the gap.
struct GapTests {
  let folder: TemporaryFolder
  let store: SQLitePageStore<Note>
  let server = NoteServer(count: 100)

  /// Notes 0–9 (from the start of the list) and 20–29 are on disk; 10–19 is a gap.
  init() throws {
    folder = try TemporaryFolder()
    store = try SQLitePageStore<Note>(path: folder.path())
    try fetch(.first, limit: 10)
    try fetch(.after(Self.cursor(19)), limit: 10)
  }

  func fetch(_ position: PageRequest.Position, limit: Int) throws {
    try store.write(try server.page(at: position, limit: limit), at: position, in: "all")
  }

  static func cursor(_ id: Int64) throws -> PaginationCursor { try PaginationCursor(key: Note(id).key) }

  @Test func theRangesAndTheGapBetweenThemAreKnown() throws {
    let ranges = try store.ranges(in: "all")
    #expect(
      ranges == [
        KeyRange(lower: .open, upper: .included(Note(9).key)),
        KeyRange(lower: .excluded(Note(19).key), upper: .included(Note(29).key)),
      ])
    #expect(
      KnownRanges(ranges).gaps == [
        KeyRange(lower: .excluded(Note(9).key), upper: .included(Note(19).key)),
        KeyRange(lower: .excluded(Note(29).key), upper: .open),
      ])
  }

  @Test func aPageStopsAtTheEdgeOfItsRangeWithACursorIntoTheGap() throws {
    let stored = try #require(try store.page(at: .after(Self.cursor(4)), limit: 10, in: "all"))
    #expect(stored.records.map(\.id) == [5, 6, 7, 8, 9])
    #expect(stored.gapAfter && !stored.gapBefore && !stored.isComplete)
    #expect(try stored.page.next?.decode(Note.Key.self) == Note(9).key)
    let backward = try #require(try store.page(at: .before(Self.cursor(25)), limit: 10, in: "all"))
    #expect(backward.records.map(\.id) == [20, 21, 22, 23, 24])
    #expect(backward.gapBefore && !backward.gapAfter)
    #expect(try backward.page.previous?.decode(Note.Key.self) == Note(20).key)
  }

  @Test func aFullPageEndingAtARangesEdgeIsComplete() throws {
    let stored = try #require(try store.page(at: .after(Self.cursor(4)), limit: 5, in: "all"))
    #expect(stored.records.map(\.id) == [5, 6, 7, 8, 9] && stored.isComplete)
  }

  @Test func aPageThatStartsInAGapGoesToTheNetwork() throws {
    #expect(try store.page(at: .after(Self.cursor(9)), limit: 10, in: "all") == nil)
    #expect(try store.page(at: .after(Self.cursor(12)), limit: 10, in: "all") == nil)
    // Between 19 (excluded) and 20 the range knows there is no row: no record before a gap.
    #expect(try store.page(at: .before(Self.cursor(20)), limit: 10, in: "all") == nil)
    #expect(try store.page(at: .around(Self.cursor(15)), limit: 10, in: "all") == nil)
    #expect(try store.page(at: .last, limit: 10, in: "all") == nil)
  }

  @Test func aPageAroundAKeyCanStopAtGapsOnBothSides() throws {
    try fetch(.around(Self.cursor(60)), limit: 6)
    let stored = try #require(try store.page(at: .around(Self.cursor(60)), limit: 20, in: "all"))
    #expect(stored.records.map(\.id) == [57, 58, 59, 60, 61, 62])
    #expect(stored.gapBefore && stored.gapAfter)
    #expect(try stored.page.previous?.decode(Note.Key.self) == Note(57).key)
    #expect(try stored.page.next?.decode(Note.Key.self) == Note(62).key)
  }

  @Test func theNetworksPageFromTheGapsCursorClosesTheGap() throws {
    let stored = try #require(try store.page(at: .after(Self.cursor(4)), limit: 10, in: "all"))
    let next = try #require(stored.page.next)
    try fetch(.after(next), limit: 10)
    #expect(try store.ranges(in: "all") == [KeyRange(lower: .open, upper: .included(Note(29).key))])
    let whole = try #require(try store.page(at: .after(Self.cursor(4)), limit: 20, in: "all"))
    #expect(whole.records.map(\.id) == Array(5...24) && whole.isComplete)
  }
}
