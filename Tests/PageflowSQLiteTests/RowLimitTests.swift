import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// The row limit: past it, the ranges viewed least recently (read or written) are dropped with their
/// rows, in any list; the range just written is kept, giving up rows at its far end if it alone is
/// too large.
struct RowLimitTests {
  let folder: TemporaryFolder
  let server = NoteServer(count: 200)

  init() throws {
    folder = try TemporaryFolder()
  }

  func fetch(_ position: PageRequest.Position, limit: Int, into store: SQLitePageStore<Note>, list: String = "all")
    throws
  {
    try store.write(try server.page(at: position, limit: limit), at: position, in: list)
  }

  static func cursor(_ id: Int64) throws -> PaginationCursor { try PaginationCursor(key: Note(id).key) }

  @Test func theLeastRecentlyViewedRangeIsDroppedFirst() throws {
    let store = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 30)
    try fetch(.first, limit: 10, into: store)  // 0–9
    try fetch(.around(Self.cursor(100)), limit: 10, into: store)  // 95–104
    try fetch(.last, limit: 10, into: store, list: "other")  // 190–199
    _ = try store.page(at: .first, limit: 5, in: "all")  // 0–9 viewed again
    try fetch(.around(Self.cursor(150)), limit: 10, into: store)  // 145–154: 40 rows, 10 too many
    #expect(try (store.status().rows, store.status().ranges) == (30, 3))
    #expect(try store.page(at: .around(Self.cursor(100)), limit: 4, in: "all") == nil)
    #expect(try store.page(at: .first, limit: 4, in: "all") != nil)
    #expect(try store.page(at: .last, limit: 4, in: "other") != nil)
    let disk = try DiskContents(path: folder.path())
    #expect(try disk.problems(in: "all", ranges: store.ranges(in: "all"), truth: server.notes).isEmpty)
  }

  @Test func readsAreRememberedAcrossReopening() throws {
    do {
      let store = try SQLitePageStore<Note>(path: folder.path())
      try fetch(.first, limit: 10, into: store)
      try fetch(.last, limit: 10, into: store)
      _ = try store.page(at: .first, limit: 5, in: "all")  // marked in memory…
      try fetch(.first, limit: 10, into: store, list: "other")  // …and stored with the next write
    }
    let reopened = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 30)
    try fetch(.around(Self.cursor(100)), limit: 10, into: reopened)
    #expect(try reopened.page(at: .last, limit: 4, in: "all") == nil)
    #expect(try reopened.page(at: .first, limit: 4, in: "all") != nil)
    #expect(try reopened.status().rows == 30)
  }

  @Test func aRangeAloneOverTheLimitGivesUpRowsAtItsFarEnd() throws {
    let store = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 25)
    try fetch(.first, limit: 10, into: store)
    try fetch(.after(Self.cursor(9)), limit: 10, into: store)
    try fetch(.after(Self.cursor(19)), limit: 10, into: store)
    #expect(try store.ranges(in: "all") == [KeyRange(lower: .included(Note(5).key), upper: .included(Note(29).key))])
    #expect(try store.status().rows == 25)
    try fetch(.before(Self.cursor(5)), limit: 5, into: store)
    #expect(try store.ranges(in: "all") == [KeyRange(lower: .open, upper: .included(Note(24).key))])
    let disk = try DiskContents(path: folder.path())
    #expect(try disk.notes(in: "all").map(\.id) == Array(0...24))
  }

  @Test func aPageLargerThanTheLimitIsKeptWhole() throws {
    let store = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 5)
    try fetch(.around(Self.cursor(50)), limit: 12, into: store)
    #expect(try (store.status().rows, store.status().ranges) == (12, 1))
    #expect(try store.page(at: .around(Self.cursor(50)), limit: 12, in: "all")?.records.count == 12)
  }
}
