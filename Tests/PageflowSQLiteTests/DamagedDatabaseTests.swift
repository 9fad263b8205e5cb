import Foundation
import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// A file that is damaged, foreign, not a database, of a newer SQLite file format or of another
/// store format gives one clear error, `SQLitePageStoreError.needsRebuild`, never a crash; a file
/// refused when opening is left untouched; the store is then rebuilt from nothing.
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

  /// The reason of the `needsRebuild` error that opening or reading the store throws; a failed
  /// expectation (and nil) for anything else.
  func rebuildReason(
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> SQLitePageStoreError.RebuildReason? {
    let error = firstErrorReading()
    guard case .needsRebuild(let reason) = error as? SQLitePageStoreError else {
      Issue.record("expected needsRebuild, got \(error.map { "\($0)" } ?? "no error")", sourceLocation: sourceLocation)
      return nil
    }
    return reason
  }

  /// Rebuilds the store from nothing and checks it works.
  func expectRebuilds() throws {
    try SQLiteConnection.removeDatabase(atPath: folder.path())
    let store = try SQLitePageStore<Note>(path: folder.path())
    try store.write([Note(1)], at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    #expect(try store.page(at: .first, limit: 5, in: "all")?.records == [Note(1)])
  }

  /// A database file holding a table "notes" of other columns (in the rollback journal mode that
  /// SQLite gives a new file), and no connection left open to it.
  func writeForeignFile() throws {
    let foreign = try SQLiteConnection(path: folder.path())
    try foreign.execute(
      "PRAGMA journal_mode = DELETE; CREATE TABLE notes (title TEXT); INSERT INTO notes VALUES ('groceries')")
  }

  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
    try Data("these are notes, not a database\n".utf8).write(to: URL(fileURLWithPath: folder.path()))
    let before = try FolderSnapshot(folder)
    guard case .damaged(let error) = rebuildReason() else { return }
    #expect(error.isCorruption && error.message == "file is not a database")
    #expect(try FolderSnapshot(folder) == before)
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
    guard case .damaged(let error) = rebuildReason() else { return }
    #expect(error.isCorruption && error.message.contains("malformed"), "\(error)")
    try expectRebuilds()
  }

  /// SQLite refuses a schema format number above 4 (offset 44 of the header) as a plain error 1,
  /// "unsupported file format": what a file from a newer SQLite looks like.
  @Test func aFileOfANewerSQLiteFormatIsRefused() throws {
    try writeForeignFile()
    let file = try FileHandle(forUpdating: URL(fileURLWithPath: folder.path()))
    try file.seek(toOffset: 44)
    try file.write(contentsOf: Data([0, 0, 0, 5]))
    try file.close()
    let before = try FolderSnapshot(folder)
    guard case .damaged(let error) = rebuildReason() else { return }
    #expect(error.code == 1 && !error.isCorruption && error.message.contains("unsupported file format"), "\(error)")
    #expect(try FolderSnapshot(folder) == before)
    try expectRebuilds()
  }

  /// The foreign file keeps every byte: no switch to WAL (which rewrites the header), no `-wal` or
  /// `-shm` file beside it, no table of the store's added.
  @Test func aForeignTableOfTheSameNameIsRefusedAndTheFileLeftUntouched() throws {
    try writeForeignFile()
    let before = try FolderSnapshot(folder)
    #expect(before.files.keys.sorted() == ["store.sqlite"])
    guard case .tableMismatch(let reason) = rebuildReason() else { return }
    #expect(reason.contains("\"notes\" is CREATE TABLE notes (title TEXT)"), "\(reason)")
    #expect(try FolderSnapshot(folder) == before)
    try expectRebuilds()
  }

  /// A store of this version's tables with a note in them, changed by `sql`, whose format is then
  /// said to be `format`; no connection left open to it.
  func writeStore(format: Int64, changedBy sql: String = "") throws {
    let store = try SQLitePageStore<Note>(path: folder.path())
    try store.write([Note(1)], at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    try DiskContents(path: folder.path()).connection.execute(
      "\(sql); UPDATE pageflow_formats SET format = \(format) WHERE \"table\" = 'notes'")
  }

  @Test func aStoreOfAnotherFormatIsRefusedAndLeftUntouched() throws {
    try writeStore(format: 99)
    let before = try FolderSnapshot(folder)
    #expect(rebuildReason() == .unsupportedFormat(found: 99, supported: 3))
    #expect(try FolderSnapshot(folder) == before)
    #expect(
      "\(SQLitePageStoreError.needsRebuild(.unsupportedFormat(found: 99, supported: 3)))"
        == "the store needs a rebuild: the store was written in format 99 (by a newer version of PageflowSQLite); "
        + "this version reads format 3")
    try expectRebuilds()
  }

  /// A store written by the version before format 3, whose ranges carried a view counter of each
  /// store's own: this version's tables with format 2's table of ranges, and format 2 in
  /// `pageflow_formats`. Refused as of an older format (its counters are no clock of the file's),
  /// and left as it was.
  @Test func aStoreOfFormat2IsRefusedAsOlderAndLeftUntouched() throws {
    try writeStore(
      format: 2,
      changedBy: #"""
        DROP TABLE "notes_pageflow_ranges";
        CREATE TABLE "notes_pageflow_ranges" ("id" INTEGER PRIMARY KEY, "list" TEXT NOT NULL, "viewed" INTEGER NOT NULL, "lower_kind" INTEGER NOT NULL, "upper_kind" INTEGER NOT NULL, "lower_0" ANY, "upper_0" ANY, "lower_1" ANY, "upper_1" ANY) STRICT;
        CREATE INDEX "notes_pageflow_ranges_list" ON "notes_pageflow_ranges" ("list");
        INSERT INTO "notes_pageflow_ranges" VALUES (1, 'all', 1, 0, 0, NULL, NULL, NULL, NULL)
        """#)
    let before = try FolderSnapshot(folder)
    #expect(rebuildReason() == .unsupportedFormat(found: 2, supported: 3))
    #expect(try FolderSnapshot(folder) == before)
    try expectRebuilds()
  }

  /// A store written by the version before format 2, which kept the list's name in each row: its
  /// own tables, a note in them, and format 1 in `pageflow_formats`. Refused as of an older format
  /// (never read as format 2), and left as it was.
  @Test func aStoreOfFormat1IsRefusedAsOlderAndLeftUntouched() throws {
    do {
      let old = try SQLiteConnection(path: folder.path())
      try old.execute(
        #"""
        CREATE TABLE "pageflow_formats" ("table" TEXT PRIMARY KEY, "format" INTEGER NOT NULL) STRICT;
        INSERT INTO "pageflow_formats" ("table", "format") VALUES ('notes', 1);
        CREATE TABLE "notes" ("pageflow_list" TEXT NOT NULL, "id" INTEGER NOT NULL, "created" REAL NOT NULL, "text" TEXT NOT NULL, PRIMARY KEY ("pageflow_list", "created", "id"), UNIQUE ("pageflow_list", "id")) STRICT, WITHOUT ROWID;
        CREATE TABLE "notes_pageflow_counts" ("list" TEXT PRIMARY KEY, "rows" INTEGER NOT NULL, "bytes" INTEGER NOT NULL) STRICT;
        INSERT INTO "notes" VALUES ('all', 1, 700000000.0001234, 'note 1');
        INSERT INTO "notes_pageflow_counts" VALUES ('all', 1, 25);
        """#)
    }
    let before = try FolderSnapshot(folder)
    #expect(rebuildReason() == .unsupportedFormat(found: 1, supported: 3))
    #expect(
      "\(SQLitePageStoreError.needsRebuild(.unsupportedFormat(found: 1, supported: 3)))"
        == "the store needs a rebuild: the store was written in format 1 (by an older version of PageflowSQLite); "
        + "this version reads format 3")
    #expect(try FolderSnapshot(folder) == before)
    try expectRebuilds()
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
