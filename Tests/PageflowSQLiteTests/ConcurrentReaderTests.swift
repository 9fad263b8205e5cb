import Dispatch
import Pageflow
import PageflowSQLite
import Synchronization
import Testing
import pageflow_sqlite_writer

/// A reader on another connection while pages are written sees the state before a write or after
/// it, never a mix of the two (rows of one version with ranges of another, or half a page).
struct ConcurrentReaderTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// Version `version` of the whole list: 50 notes all saying so, or 40 in odd versions (the
  /// server deleted ten).
  static func list(version: Int) -> [Note] {
    (0..<Int64(version % 2 == 0 ? 50 : 40)).map { Note($0, text: "version \(version)") }
  }

  /// Writes version `version` of the whole list into `store`.
  static func write(version: Int, into store: SQLitePageStore<Note>) throws {
    try store.write(list(version: version), at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
  }

  @Test func aReadTransactionKeepsItsSnapshotWhileAPageIsWritten() throws {
    let writer = try SQLitePageStore<Note>(path: folder.path())
    try Self.write(version: 0, into: writer)
    let reader = try DiskContents(path: folder.path())
    let rangesQuery = "SELECT lower_kind, upper_kind, upper_1 FROM notes_pageflow_ranges"
    try reader.connection.transaction {
      let notesBefore = try reader.notes(in: "all")
      let rangesBefore = try reader.connection.rows(rangesQuery)
      try Self.write(version: 1, into: writer)
      #expect(try reader.notes(in: "all") == notesBefore)
      #expect(try reader.connection.rows(rangesQuery) == rangesBefore)
    }
    #expect(try reader.notes(in: "all") == Self.list(version: 1))
    #expect(try reader.connection.rows(rangesQuery).map(\.values) == [[.integer(0), .integer(0), .null]])
  }

  @Test func pagesReadWhileAnotherConnectionWritesAreWhole() throws {
    let writer = try SQLitePageStore<Note>(path: folder.path())
    try Self.write(version: 0, into: writer)
    let reader = try SQLitePageStore<Note>(path: folder.path())
    let writing = Atomic(true)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      defer {
        writing.store(false, ordering: .releasing)
        done.signal()
      }
      for version in 1...150 {
        try? Self.write(version: version, into: writer)
      }
    }
    var reads = 0
    var mixed: [String] = []
    repeat {
      let page = try #require(try reader.page(at: .first, limit: 60, in: "all"))
      reads += 1
      let versions = Set(page.records.map(\.text))
      guard versions.count == 1, let text = versions.first, let version = Int(text.dropFirst("version ".count)),
        page.records.count == Self.list(version: version).count, page.isComplete
      else {
        mixed.append("\(page.records.count) records of \(versions.sorted())")
        continue
      }
    } while writing.load(ordering: .acquiring)
    done.wait()
    #expect(mixed.isEmpty, "\(mixed.count) of \(reads) reads were mixed: \(mixed.prefix(3))")
    #expect(try reader.page(at: .first, limit: 60, in: "all")?.records == Self.list(version: 150))
  }
}
