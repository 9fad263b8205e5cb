import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// A list whose rows and ranges are all gone is forgotten: the store's tables of list names and
/// row counts hold only the lists it still holds something of, however many names were ever used.
struct ForgottenListTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// How many rows the table of list names holds, and how many the table of counts.
  func bookkeepingRows() throws -> [Int] {
    let disk = try DiskContents(path: folder.path())
    return try ["notes_pageflow_lists", "notes_pageflow_counts"].map { table in
      try disk.connection.firstRow("SELECT count(*) FROM \(table)").map { try $0[0] } ?? -1
    }
  }

  @Test func listsEvictedWholeAreForgotten() throws {
    let store = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 20)
    for list in 0..<300 {
      try store.write([Note(Int64(list))], at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "list \(list)")
    }
    #expect(try (store.status().rows, store.status().ranges) == (20, 20))
    let rows = try bookkeepingRows()
    #expect(rows == [20, 20])
    #expect(try DiskContents(path: folder.path()).lists() == (280..<300).map { "list \($0)" }.sorted())
    // A forgotten name is a new list when it comes back.
    try store.write([Note(7)], at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "list 7")
    #expect(try store.page(at: .first, limit: 5, in: "list 7")?.records == [Note(7)])
    let rowsAfter = try bookkeepingRows()
    #expect(rowsAfter == [20, 20])
  }
}
