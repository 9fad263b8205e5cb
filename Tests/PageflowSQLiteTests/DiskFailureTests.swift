import Foundation
import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// A store that fails never costs the layered loader a page: a page the disk cannot read comes from
/// the network, and a network page the store cannot keep is shown all the same; each failure is
/// counted and kept.
struct DiskFailureTests {
  let folder: TemporaryFolder
  let network = SimulatedNetwork(notes: 40, pageSize: 10)

  init() throws {
    folder = try TemporaryFolder()
  }

  func loader<Record>(_ store: SQLitePageStore<Record>, network: @escaping LayeredPageLoader<Record>.Network)
    -> LayeredPageLoader<Record>
  {
    LayeredPageLoader(store: store, pageSize: 10, network: network)
  }

  /// A store of notes 0 to 39, whose note 15 has an infinite sort value (as a store written before
  /// such values were refused may hold; it sorts last): no cursor can carry its key.
  func storeWithAnInfiniteKey() throws -> SQLitePageStore<Note> {
    let store = try SQLitePageStore<Note>(path: folder.path())
    try store.write(NoteServer(count: 40).notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "list")
    try DiskContents(path: folder.path()).connection.run("UPDATE notes SET created = 1e999 WHERE id = 15")
    return store
  }

  @Test func aPageStartingAtAKeyNoCursorCanCarryComesFromTheNetwork() async throws {
    let store = try storeWithAnInfiniteKey()
    let loader = LayeredPageLoader(store: store, pageSize: 1) { [network] in try network.page($0) }
    #expect(try await loader.loadPage(PageRequest(.last)).elements.map(\.id) == Array(30..<40))
    #expect(loader.statistics.networkRequests == 1 && loader.statistics.diskFailures == 1)
    #expect(loader.lastDiskError is PaginationError)
  }

  @Test func aJumpToARowNoCursorCanCarryGoesToTheNetwork() async throws {
    let loader = loader(try storeWithAnInfiniteKey()) { [network] in try network.page($0) }
    let jump = try await loader.loadPage(PageRequest(.around("15")))
    #expect(jump.elements.map(\.id) == Array(10..<20))
    #expect(loader.statistics.networkRequests == 1 && loader.statistics.diskFailures == 1)
    // The network's page put the row back in its place: the jump now reads the disk.
    #expect(try await loader.loadPage(PageRequest(.around("15"))).elements.map(\.id) == Array(10..<20))
    #expect(loader.statistics.diskPages == 1)
  }

  /// A note that fails to decode from its row.
  struct Fragile: SQLiteRecord, Identifiable, Equatable {
    struct Unreadable: Error {}
    typealias Key = SQLiteKeyPair<Int64, Int64>
    static let table = SQLiteTable(name: "fragile", columns: [.integer("id"), .text("text")], sortKey: ["id"])
    var id: Int64
    var text: String

    init(_ id: Int64, text: String) {
      self.id = id
      self.text = text
    }

    init(row: SQLiteRow) throws {
      id = try row["id"]
      text = try row["text"]
      if text == "unreadable" { throw Unreadable() }
    }

    var columnValues: [SQLiteValue] { [.integer(id), .text(text)] }
  }

  @Test func aRowThatDoesNotDecodeSendsItsPageToTheNetwork() async throws {
    let store = try SQLitePageStore<Fragile>(path: folder.path())
    try store.write(
      [Fragile(1, text: "a"), Fragile(2, text: "unreadable")], at: .first, hasMoreBefore: false, hasMoreAfter: false,
      in: "list")
    let fresh = [Fragile(1, text: "a"), Fragile(2, text: "b")]
    let loader = loader(store) { _ in Page(elements: fresh) }
    #expect(try await loader.loadPage(PageRequest(.first)).elements == fresh)
    #expect(loader.statistics.diskFailures == 1 && loader.lastDiskError is Fragile.Unreadable)
    #expect(try await loader.loadPage(PageRequest(.first)).elements == fresh)
    #expect(loader.statistics.diskPages == 1)
  }

  /// Another connection holds the write lock, and the store does not wait: the network's page is
  /// shown, not kept.
  @Test func aNetworkPageTheStoreCannotKeepIsShownAllTheSame() async throws {
    let store = try SQLitePageStore<Note>(path: folder.path(), busyTimeout: .zero)
    let writer = try SQLiteConnection(path: folder.path())
    try writer.execute("BEGIN IMMEDIATE; DELETE FROM notes")
    defer { try? writer.execute("ROLLBACK") }
    let loader = loader(store) { [network] in try network.page($0) }
    #expect(try await loader.loadPage(PageRequest(.first)).elements.map(\.id) == Array(0..<10))
    #expect(loader.statistics.diskFailures == 1)
    #expect((loader.lastDiskError as? SQLiteError)?.code == 5)  // SQLITE_BUSY
    #expect(try store.status().rows == 0)
  }
}
