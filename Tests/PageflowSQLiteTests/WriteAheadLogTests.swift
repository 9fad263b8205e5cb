import Foundation
import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// The write-ahead log stays small while a store is open: under 1 MiB through any number of page
/// writes, emptied after a write that leaves it over 4 MiB, and emptied on demand; a reader on
/// another connection delays that, and the next write catches up.
struct WriteAheadLogTests {
  static let limit = 1 << 20
  /// Notes enough for a log of about 7 MB.
  static let largeWrite = 120_000

  let folder: TemporaryFolder
  var path: String { folder.path() }

  init() throws {
    folder = try TemporaryFolder()
  }

  /// The size of the store's `-wal` file, 0 when there is none.
  var logSize: Int {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
    return (attributes?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// 120,000 notes in one write: a log of several megabytes, copied into the file and truncated
  /// as the write returns.
  @Test func aLargeWriteLeavesNoLogBehind() throws {
    let store = try SQLitePageStore<Note>(path: path)
    let notes = NoteServer(count: Self.largeWrite).notes
    try store.write(notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    #expect(logSize == 0)
    #expect(try store.status().rows == Self.largeWrite)
  }

  /// 400 pages of 50 notes, one after the other (about 10 MB of log in all): the log never holds
  /// more than its limit and one write.
  @Test func theLogStaysUnderItsLimitThroughManyWrites() throws {
    let store = try SQLitePageStore<Note>(path: path, rowLimit: 5_000)
    let notes = NoteServer(count: 20_000).notes
    var largest = 0
    var position = PageRequest.Position.first
    for page in 0..<400 {
      let records = Array(notes[(page * 50)..<(page * 50 + 50)])
      try store.write(records, at: position, hasMoreBefore: page > 0, hasMoreAfter: true, in: "all")
      largest = max(largest, logSize)
      position = .after(try PaginationCursor(key: records[49].key))
    }
    // Its limit, and the write that crosses it (some 20 pages of 4 KiB for 50 notes).
    #expect(largest <= Self.limit + 128 << 10, "the log reached \(largest) bytes")
    #expect(try store.status().rows == 5_000)
  }

  @Test func aCheckpointWaitsForNoReaderAndTheNextWriteCatchesUp() throws {
    let store = try SQLitePageStore<Note>(path: path)
    let reader = try SQLiteConnection(path: path)
    let server = NoteServer(count: Self.largeWrite)
    try store.write(Array(server.notes.prefix(10)), at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "all")
    try reader.transaction {
      #expect(try reader.rows("SELECT id FROM notes").count == 10)  // a snapshot, held
      try store.write(server.notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
      #expect(logSize > 4 * Self.limit)  // the reader's snapshot is still in the log
      #expect(try !store.checkpoint())
    }
    #expect(logSize > 4 * Self.limit)
    try store.write([server.notes[0]], at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "all")
    #expect(logSize == 0)
  }

  @Test func aCheckpointOnDemandEmptiesTheLog() throws {
    let store = try SQLitePageStore<Note>(path: path)
    try store.write(NoteServer(count: 100).notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    #expect(logSize > 0)
    #expect(try store.checkpoint())
    #expect(logSize == 0)
    #expect(try store.page(at: .first, limit: 100, in: "all")?.records == NoteServer(count: 100).notes)
  }
}
