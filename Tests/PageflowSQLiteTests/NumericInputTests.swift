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

  /// A row's value at any position: the values it has, an error for the rest.
  @Test(arguments: integers)
  func anyColumnIndexReadsAValueOrThrows(index: Int) throws {
    let row = SQLiteRow(columns: ["a", "b"], values: [.integer(1), .text("b")])
    if index == 0 || index == 1 {
      #expect(try row[index] as SQLiteValue == row.values[index])
    } else {
      #expect(throws: SQLiteError.self) { try row[index] as SQLiteValue }
    }
  }

  /// A layered loader takes any page size (at least 1), any number of pages to preload and to
  /// revalidate (at least 0), and loads, refreshes and preloads with them.
  @Test(arguments: integers)
  func anyLoaderSettingLoadsRefreshesAndPreloads(value: Int) async throws {
    let store = try SQLitePageStore<Note>(path: folder.path())
    let network = SimulatedNetwork(notes: 40, pageSize: 10)
    let loader = LayeredPageLoader(store: store, pageSize: value, preloadPages: value, revalidatedPages: value) {
      [network] in try network.page($0)
    }
    #expect(loader.pageSize == max(1, value) && loader.preloadPages == max(0, value))
    #expect(loader.revalidatedPages == max(0, value))
    #expect(try await loader.loadPage(PageRequest(.first)).elements.map(\.id) == Array(0..<10))
    await loader.waitForPreloading()
    #expect(try await loader.loadPage(PageRequest(.first, isRefresh: true)).elements.map(\.id) == Array(0..<10))
    let next = PageRequest(direction: .bottom, cursor: try PaginationCursor(key: Note(9).key))
    #expect(try await loader.loadPage(next).elements.first?.id == 10)
    await loader.waitForPreloading()
    #expect(loader.statistics.preloadedPages <= 3)  // at most the list's last three pages
  }
}
