import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// No public number of PageflowSQLite traps: every `Int` and `Duration` input, at its extremes, at
/// -1, 0 and 1, gives a defined result (clamped to what it can mean).
struct NumericInputTests {
  static let integers: [Int] = [.min, -1, 0, 1, .max]
  static let durations: [Duration] = [
    .seconds(Int64.min), .seconds(-1), .zero, .seconds(1), .seconds(Int64.max),
    Duration(secondsComponent: .max, attosecondsComponent: 999_999_999_999_999_999), .milliseconds(-1),
    .nanoseconds(1),
  ]

  let folder: TemporaryFolder
  let server = NoteServer(count: 40)

  init() throws {
    folder = try TemporaryFolder()
  }

  @Test(arguments: durations)
  func anyBusyTimeoutOpensAConnectionAndAStore(busyTimeout: Duration) throws {
    let connection = try SQLiteConnection(path: folder.path("connection.sqlite"), busyTimeout: busyTimeout)
    #expect(try connection.firstRow("SELECT 1")?[0] as Int? == 1)
    let store = try SQLitePageStore<Note>(path: folder.path(), busyTimeout: busyTimeout)
    #expect(try store.status().rows == 0)
  }

  /// A zero or negative limit keeps only the page just written; `.max` keeps everything.
  @Test(arguments: integers)
  func anyRowLimitKeepsThePageJustWritten(rowLimit: Int) throws {
    let store = try SQLitePageStore<Note>(path: folder.path(), rowLimit: rowLimit)
    try store.write(try server.page(at: .first, limit: 10), at: .first, in: "all")
    try store.write(try server.page(at: .last, limit: 10), at: .last, in: "all")
    #expect(try store.status().rows == (rowLimit >= 20 ? 20 : 10))
    #expect(try store.page(at: .last, limit: 10, in: "all")?.records == server.notes.suffix(10))
  }

  /// A zero or negative byte limit keeps only the page just written; `.max` keeps everything.
  @Test(arguments: integers)
  func anyByteLimitKeepsThePageJustWritten(byteLimit: Int) throws {
    let store = try SQLitePageStore<Note>(path: folder.path(), byteLimit: byteLimit)
    try store.write(try server.page(at: .first, limit: 10), at: .first, in: "all")
    try store.write(try server.page(at: .last, limit: 10), at: .last, in: "all")
    #expect(try store.status().rows == (byteLimit == .max ? 20 : byteLimit == 1 ? 10 : 10))
    #expect(try store.page(at: .last, limit: 10, in: "all")?.records == server.notes.suffix(10))
  }

  /// A page of any length from 1 (for a limit below 1) to the whole list.
  @Test(arguments: integers)
  func anyPageLimitReadsAPage(limit: Int) throws {
    let store = try SQLitePageStore<Note>(path: folder.path())
    try store.write(server.notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    let expected = min(max(1, limit), 40)
    for position in [PageRequest.Position.first, .last, .around(try PaginationCursor(key: Note(20).key))] {
      #expect(try store.page(at: position, limit: limit, in: "all")?.records.count == expected, "\(position)")
    }
  }

  @Test(arguments: integers)
  func anyPageSizeCountsPages(pageSize: Int) {
    for rows in Self.integers {
      let pages = SQLitePageStoreStatus(rows: rows, ranges: 1).pages(ofSize: pageSize)
      #expect(pageSize > 0 || pages == 0)
      #expect(rows <= 0 || pageSize <= 0 || pages == rows / pageSize + (rows % pageSize == 0 ? 0 : 1))
    }
  }
}
