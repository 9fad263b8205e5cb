import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// A value of another type than its STRICT column's, which only a damaged or hand-edited file can
/// hold, fails the page read with `needsRebuild` instead of reading as some other value (text in an
/// INTEGER column read as 0 would make a false cursor, and a list paging through it would loop);
/// the layered loader takes the page from the network instead, and pages on to the list's end.
struct WrongTypeTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// A store of notes 0 to 39 whose note 5 has the id `'abc'`, put there by hand: the table made
  /// non-STRICT for the edit, then STRICT again, as a tool that ignores the table's type could
  /// leave it.
  func storeWithTextInAnIntegerColumn() throws -> SQLitePageStore<Note> {
    do {
      let store = try SQLitePageStore<Note>(path: folder.path())
      try store.write(NoteServer(count: 40).notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "list")
    }
    try editSchema { $0.replacingOccurrences(of: ") STRICT, WITHOUT ROWID", with: ") WITHOUT ROWID") }
    try SQLiteConnection(path: folder.path()).run("UPDATE notes SET id = 'abc' WHERE id = 5")
    try editSchema { $0.replacingOccurrences(of: ") WITHOUT ROWID", with: ") STRICT, WITHOUT ROWID") }
    return try SQLitePageStore<Note>(path: folder.path())
  }

  /// Rewrites the SQL of the table `notes` in the file's schema, on a connection of its own.
  func editSchema(_ edit: (String) -> String) throws {
    let connection = try SQLiteConnection(path: folder.path())
    let sql: String = try #require(try connection.firstRow("SELECT sql FROM sqlite_schema WHERE name = 'notes'"))[0]
    try connection.execute("PRAGMA writable_schema = ON")
    try connection.run("UPDATE sqlite_schema SET sql = ? WHERE name = 'notes'", [.text(edit(sql))])
    try connection.execute("PRAGMA writable_schema = OFF")
  }

  @Test func textInAnIntegerColumnFailsThePageWithNeedsRebuild() throws {
    let store = try storeWithTextInAnIntegerColumn()
    #expect(try store.page(at: .first, limit: 3, in: "list")?.records.map(\.id) == [0, 1, 2])
    let cursor = try PaginationCursor(key: Note(2).key)
    #expect {
      _ = try store.page(at: .after(cursor), limit: 3, in: "list")
    } throws: { error in
      guard case .needsRebuild(.damaged(let cause)) = error as? SQLitePageStoreError else { return false }
      return cause.isCorruption && cause.message.contains("\"id\"")
    }
  }

  /// Pages of three: the second, `[3, 4, 'abc']`, read `'abc'` as 0 and ended at the key `(c, 0)`,
  /// before 3 and 4 (of the same creation date), so the next page was the same page again.
  @Test func aLoaderPagingPastTheWrongValueReachesTheEnd() async throws {
    let network = SimulatedNetwork(notes: 40, pageSize: 3)
    let loader = LayeredPageLoader(store: try storeWithTextInAnIntegerColumn(), pageSize: 3) { try network.page($0) }
    var ids: [Int64] = []
    var position = PageRequest.Position.first
    for _ in 0..<40 {
      let page = try await loader.loadPage(PageRequest(position))
      ids += page.elements.map(\.id)
      guard let next = page.next else { break }
      position = .after(next)
    }
    #expect(ids == Array(0..<40))
    #expect(loader.statistics.diskFailures >= 1)
    #expect(loader.lastDiskError.map { "\($0)" }?.hasPrefix("the store needs a rebuild") == true)
  }
}
