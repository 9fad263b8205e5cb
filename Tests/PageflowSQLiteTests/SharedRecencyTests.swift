import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// Stores on one file (two in a process, or one in each of two processes) share what "least
/// recently viewed" means: a range written or read through one of them is as recent, for the
/// other's eviction, as one it wrote itself, and a store that only reads records its reads too.
struct SharedRecencyTests {
  let folder: TemporaryFolder
  let server = NoteServer(count: 200)

  init() throws {
    folder = try TemporaryFolder()
  }

  /// Writes the server's ten notes around note `id` into `list` through `store`.
  func fetch(around id: Int64, into store: SQLitePageStore<Note>, list: String) throws {
    let position = PageRequest.Position.around(try PaginationCursor(key: Note(id).key))
    try store.write(try server.page(at: position, limit: 10), at: position, in: list)
  }

  /// Whether `list` still holds the page around note `id`.
  func holds(around id: Int64, in list: String, _ store: SQLitePageStore<Note>) throws -> Bool {
    try store.page(at: .around(PaginationCursor(key: Note(id).key)), limit: 4, in: list) != nil
  }

  @Test func aRangeAnotherStoreWroteLastOutlivesOlderOnes() throws {
    let a = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 20)
    let b = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 20)
    try fetch(around: 20, into: b, list: "p")
    try fetch(around: 60, into: b, list: "q")
    try fetch(around: 100, into: a, list: "x")  // drops p, the oldest
    try fetch(around: 140, into: b, list: "y")  // must drop q, older than x
    #expect(try (a.status().rows, a.status().ranges) == (20, 2))
    #expect(try holds(around: 100, in: "x", a))
    #expect(try holds(around: 140, in: "y", a))
    #expect(try !holds(around: 60, in: "q", a))
  }

  @Test func aRangeAnotherStoreReadLastOutlivesOlderOnes() throws {
    let a = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 30)
    let b = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 30)
    try fetch(around: 20, into: a, list: "p")
    try fetch(around: 60, into: a, list: "q")
    try fetch(around: 100, into: b, list: "x")
    #expect(try holds(around: 20, in: "p", b))  // b reads p, then writes more…
    try fetch(around: 140, into: b, list: "y")  // …which drops q: p was viewed later
    #expect(try !holds(around: 60, in: "q", a))
    #expect(try holds(around: 20, in: "p", a))
  }

  /// The lists of `lists` that `store` holds rows of.
  func held(_ lists: [String], _ store: SQLitePageStore<Note>) throws -> [String] {
    try lists.filter { try store.status(of: $0).rows > 0 }
  }

  /// A store that only reads (a widget, an extension beside the app) never writes a page, and its
  /// reads count all the same: each write here drops another list than the one it reads.
  @Test func aStoreThatOnlyReadsProtectsWhatItReads() throws {
    let writer = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 30)
    let reader = try SQLitePageStore<Note>(path: folder.path())
    try fetch(around: 20, into: writer, list: "p")
    for (id, list) in [(60, "q"), (100, "x"), (140, "y"), (180, "z")] as [(Int64, String)] {
      #expect(try holds(around: 20, in: "p", reader))
      try fetch(around: id, into: writer, list: list)
    }
    #expect(try held(["p", "q", "x", "y", "z"], writer) == ["p", "y", "z"])
  }

  /// A read while another connection writes cannot store its view then (the read does not wait):
  /// the next read stores it, before its own.
  @Test func aViewMadeWhileAnotherConnectionWritesIsStoredWithTheNextRead() throws {
    let writer = try SQLitePageStore<Note>(path: folder.path(), rowLimit: 30)
    let reader = try SQLitePageStore<Note>(path: folder.path())
    try fetch(around: 20, into: writer, list: "p")
    try fetch(around: 60, into: writer, list: "q")
    try fetch(around: 100, into: writer, list: "x")
    let other = try SQLiteConnection(path: folder.path())
    try other.execute("BEGIN IMMEDIATE")
    #expect(try holds(around: 20, in: "p", reader))
    try other.execute("ROLLBACK")
    #expect(try holds(around: 100, in: "x", reader))  // x, viewed last already: p's view goes first
    try fetch(around: 140, into: writer, list: "y")  // drops q, not p
    #expect(try held(["p", "q", "x", "y"], writer) == ["p", "x", "y"])
  }
}
