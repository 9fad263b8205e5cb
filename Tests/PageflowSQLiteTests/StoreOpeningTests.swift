import Foundation
import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// Opening a store on a file that holds it already only reads: no write lock (so it opens while
/// another connection writes), no change to the file; the first opening creates the tables.
struct StoreOpeningTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
    let store = try SQLitePageStore<Note>(path: folder.path())
    try store.write(NoteServer(count: 30).notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
  }

  @Test func aStoreOpensWhileAnotherConnectionHoldsTheWriteLock() throws {
    let writer = try SQLiteConnection(path: folder.path())
    try writer.execute("BEGIN IMMEDIATE; DELETE FROM notes WHERE id < 10")
    defer { try? writer.execute("ROLLBACK") }
    // No waiting at all: opening must not need the lock the writer holds.
    let store = try SQLitePageStore<Note>(path: folder.path(), busyTimeout: .zero)
    #expect(try store.page(at: .first, limit: 5, in: "all")?.records.map(\.id) == [0, 1, 2, 3, 4])
    #expect(try store.status().rows == 30)
  }

  @Test func openingAMatchingStoreLeavesTheFileAsItWas() throws {
    let before = try FolderSnapshot(folder)
    _ = try SQLitePageStore<Note>(path: folder.path())
    #expect(try FolderSnapshot(folder) == before)
  }
}
