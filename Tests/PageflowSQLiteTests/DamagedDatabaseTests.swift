import Foundation
import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// A file that is damaged, foreign or not a database at all gives a clear error, never a crash, and
/// the store can be rebuilt from nothing.
struct DamagedDatabaseTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// Opens the store at the folder's path, writes nothing, reads every page of "all": the first
  /// error on the way, or nil.
  func firstErrorReading() -> (any Error)? {
    do {
      let store = try SQLitePageStore<Note>(path: folder.path())
      _ = try store.status()
      var position = PageRequest.Position.first
      while let stored = try store.page(at: position, limit: 100, in: "all"), let next = stored.page.next {
        position = .after(next)
      }
      return nil
    } catch {
      return error
    }
  }

  /// Rebuilds the store from nothing and checks it works.
  func expectRebuilds() throws {
    try SQLiteConnection.removeDatabase(atPath: folder.path())
    let store = try SQLitePageStore<Note>(path: folder.path())
    try store.write([Note(1)], at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    #expect(try store.page(at: .first, limit: 5, in: "all")?.records == [Note(1)])
  }

  @Test func aFileThatIsNotADatabaseIsRefused() throws {
    try Data("these are notes, not a database\n".utf8).write(to: URL(fileURLWithPath: folder.path()))
    let error = try #require(firstErrorReading() as? SQLiteError)
    #expect(error.isCorruption)
    #expect(error.message == "file is not a database")
    try expectRebuilds()
  }

  @Test func aDamagedDatabaseIsRefusedAndRebuilt() throws {
    do {
      let store = try SQLitePageStore<Note>(path: folder.path())
      try store.write(NoteServer(count: 3_000).notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    }
    // The first page (the schema) intact, every other page of the file overwritten.
    let file = try FileHandle(forUpdating: URL(fileURLWithPath: folder.path()))
    let size = try file.seekToEnd()
    try file.seek(toOffset: 4_096)
    try file.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4_096))
    try file.close()
    let error = try #require(firstErrorReading() as? SQLiteError)
    #expect(error.isCorruption, "\(error)")
    #expect(error.message.contains("malformed"), "\(error)")
    try expectRebuilds()
  }

  @Test func aForeignTableOfTheSameNameIsRefusedAndLeftAlone() throws {
    let foreign = try SQLiteConnection(path: folder.path())
    try foreign.execute("CREATE TABLE notes (title TEXT); INSERT INTO notes VALUES ('groceries')")
    #expect {
      _ = try SQLitePageStore<Note>(path: folder.path())
    } throws: { error in
      guard case SQLitePageStoreError.tableMismatch(let reason) = error else { return false }
      return reason.contains("\"notes\" is CREATE TABLE notes (title TEXT)")
    }
    #expect(try foreign.rows("SELECT title FROM notes").map { try $0[0] as String } == ["groceries"])
    #expect(try foreign.rows("SELECT name FROM sqlite_schema WHERE name LIKE 'notes_pageflow%'").isEmpty)
  }

  @Test func aTableDescriptionThatCannotWorkIsRefused() throws {
    struct Unsorted: SQLiteRecord {
      struct Key: SQLiteSortKey {
        init(row: SQLiteRow) throws {}
        var sortValues: [SQLiteValue] { [] }
      }
      static let table = SQLiteTable(
        name: "unsorted", columns: [.integer("id"), .text("when", isNullable: true)], sortKey: ["when", "id"])
      init(row: SQLiteRow) throws {}
      var columnValues: [SQLiteValue] { [] }
    }
    #expect {
      _ = try SQLitePageStore<Unsorted>(path: folder.path())
    } throws: { error in
      error as? SQLitePageStoreError == .invalidTable("unsorted: sort column \"when\" may be NULL")
    }
  }
}
