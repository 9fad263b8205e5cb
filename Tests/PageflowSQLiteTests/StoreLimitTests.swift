import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// The row and byte limits: past one, the ranges viewed least recently (read or written) are
/// dropped with their rows, in any list; the range just written is kept, giving up rows at its ends
/// (never inside the page just written) if it alone is too large — for a page written at any
/// position, so that the store never holds more than the larger of the limit and that page.
struct StoreLimitTests {
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
      _ = try store.page(at: .first, limit: 5, in: "all")  // the last thing the store does
    }
    let reopened = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 20)
    try fetch(.around(Self.cursor(100)), limit: 10, into: reopened)
    #expect(try reopened.page(at: .last, limit: 4, in: "all") == nil)
    #expect(try reopened.page(at: .first, limit: 4, in: "all") != nil)
    #expect(try reopened.status().rows == 20)
  }

  @Test func aRangeAloneOverTheLimitGivesUpRowsAtItsFarEnd() throws {
    let store = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 25)
    try fetch(.first, limit: 10, into: store)
    try fetch(.after(Self.cursor(9)), limit: 10, into: store)
    try fetch(.after(Self.cursor(19)), limit: 10, into: store)
    #expect(try store.ranges(in: "all") == [KeyRange(lower: .excluded(Note(4).key), upper: .included(Note(29).key))])
    #expect(try store.status().rows == 25)
    try fetch(.before(Self.cursor(5)), limit: 5, into: store)
    #expect(try store.ranges(in: "all") == [KeyRange(lower: .open, upper: .excluded(Note(25).key))])
    let disk = try DiskContents(path: folder.path())
    #expect(try disk.notes(in: "all").map(\.id) == Array(0...24))
  }

  @Test func aPageLargerThanTheLimitIsKeptWhole() throws {
    let store = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 5)
    try fetch(.around(Self.cursor(50)), limit: 12, into: store)
    #expect(try (store.status().rows, store.status().ranges) == (12, 1))
    #expect(try store.page(at: .around(Self.cursor(50)), limit: 12, in: "all")?.records.count == 12)
  }

  /// The case: pages around keys further and further down a list, each overlapping the
  /// last, make one range that grows at both ends; it gave up rows only ahead of the page, and the
  /// store held 810 rows for a limit of 100.
  @Test func overlappingPagesAroundKeysKeepTheStoreAtTheLimit() throws {
    let server = NoteServer(count: 1_000)
    let store = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 100)
    for step in 0..<20 {
      let position = PageRequest.Position.around(try PaginationCursor(key: Note(Int64(100 + 20 * step)).key))
      try store.write(try server.page(at: position, limit: 50), at: position, in: "all")
      #expect(try store.status().rows <= 100, "step \(step)")
      #expect(try store.page(at: position, limit: 50, in: "all")?.page == server.page(at: position, limit: 50))
    }
    #expect(try store.ranges(in: "all").count == 1)
    let disk = try DiskContents(path: folder.path())
    #expect(try disk.problems(in: "all", ranges: store.ranges(in: "all"), truth: server.notes).isEmpty)
  }

  /// The positions of a scroll through a list and its jumps, one kind at a time.
  enum Kind: String, CaseIterable {
    case first, last, after, before, around
  }

  /// Twenty writes of one kind at random places (overlapping the ranges already held or not), in
  /// both list orders, under a row limit and a byte limit: after each, the store holds at most the
  /// larger of each limit and the page just written, the page reads back whole, every range holds
  /// exactly the server's rows, and the counted bytes are those of the rows.
  @Test(arguments: Kind.allCases, [SQLiteSortOrder.ascending, .descending])
  func everyPositionKeepsTheStoreWithinItsLimits(kind: Kind, order: SQLiteSortOrder) throws {
    let seed = testSeed("StoreLimitTests.everyPositionKeepsTheStoreWithinItsLimits(\(kind), \(order))")
    var random = SeededRandom(seed: seed)
    let server = NoteServer(count: 600, order: order)
    for (rowLimit, byteLimit) in [(100, nil), (nil, 2_000), (100, 2_000)] as [(Int?, Int?)] {
      let path = folder.path("\(rowLimit ?? 0)-\(byteLimit ?? 0).sqlite")
      let store = try SQLitePageStore<Note>(path: path, order: order, rowLimit: rowLimit, byteLimit: byteLimit)
      let disk = try DiskContents(path: path)
      for step in 0..<20 {
        let cursor = try PaginationCursor(key: server.notes[Int.random(in: 0..<600, using: &random)].key)
        let position: PageRequest.Position =
          switch kind {
          case .first: .first
          case .last: .last
          case .after: .after(cursor)
          case .before: .before(cursor)
          case .around: .around(cursor)
          }
        let limit = Int.random(in: 1...60, using: &random)
        let page = try server.page(at: position, limit: limit)
        try store.write(page, at: position, in: "all")
        let status = try store.status()
        let pageBytes = page.elements.reduce(0) { $0 + $1.storedBytes(in: "all") }
        let context =
          "seed \(seed), \(rowLimit.map(String.init) ?? "-") rows, \(byteLimit.map(String.init) ?? "-") bytes, step \(step): \(position) limit \(limit)"
        #expect(status.rows <= max(rowLimit ?? .max, page.elements.count), "\(context): \(status)")
        #expect(status.bytes <= max(byteLimit ?? .max, pageBytes), "\(context): \(status)")
        #expect(try store.page(at: position, limit: limit, in: "all")?.page == page, "\(context)")
        let held = try disk.notes(in: "all")
        #expect(status.bytes == held.reduce(0) { $0 + $1.storedBytes(in: "all") }, "\(context)")
        let problems = try disk.problems(in: "all", ranges: store.ranges(in: "all"), truth: server.notes)
        #expect(problems.isEmpty, "\(context): \(problems)")
      }
    }
  }

  @Test func theBytesCountedAreThoseOfTheValues() throws {
    let store = try SQLitePageStore<Note>(path: folder.path())
    let notes = [Note(1, text: ""), Note(2, text: "é🧭"), Note(3)]
    try store.write(notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "café")
    #expect(try store.status().bytes == (5 + 16 + 0) + (5 + 16 + 6) + (5 + 16 + 6))
    try store.write(
      [Note(2, text: "x")], at: .around(PaginationCursor(key: Note(2).key)), hasMoreBefore: true, hasMoreAfter: true,
      in: "café")
    #expect(try store.status().bytes == (5 + 16 + 0) + (5 + 16 + 1) + (5 + 16 + 6))
    try store.write([], at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "café")
    #expect(try store.status() == SQLitePageStoreStatus(rows: 0, ranges: 1, bytes: 0))
  }

  @Test func aByteLimitDropsTheLeastRecentlyViewedRangeFirst() throws {
    let perNote = Note(100).storedBytes(in: "all")
    let store = try SQLitePageStore<Note>(path: folder.path(), byteLimit: 25 * perNote)
    try fetch(.first, limit: 10, into: store)  // 0–9
    try fetch(.around(Self.cursor(150)), limit: 10, into: store)  // 145–154
    _ = try store.page(at: .first, limit: 5, in: "all")  // 0–9 viewed again
    try fetch(.around(Self.cursor(120)), limit: 10, into: store)  // 115–124: 30 notes, 5 too many
    #expect(try store.page(at: .around(Self.cursor(150)), limit: 4, in: "all") == nil)
    #expect(try store.status().rows == 20)
  }
}
