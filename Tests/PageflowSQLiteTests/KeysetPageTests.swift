import Pageflow
import Testing
import pageflow_sqlite_writer

@testable import PageflowSQLite

/// Pages read from disk: first, last, after, before and around a key, in either list order, each a
/// row-value comparison on the sort key through its index, with cursors that decode back exactly.
struct KeysetPageTests {
  /// A store whose list "all" holds the whole of `server` (one network page that says there is
  /// nothing before or after it).
  static func storeHolding(_ server: NoteServer, folder: TemporaryFolder) throws -> SQLitePageStore<Note> {
    let store = try SQLitePageStore<Note>(path: folder.path(), order: server.order)
    try store.write(server.notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    return store
  }

  @Test(arguments: [SQLiteSortOrder.ascending, .descending])
  func everyPositionReadsTheSamePageAsTheServer(order: SQLiteSortOrder) throws {
    let folder = try TemporaryFolder()
    let server = NoteServer(count: 100, order: order)
    let store = try Self.storeHolding(server, folder: folder)
    let anchors = [0, 1, 2, 49, 50, 51, 97, 98, 99].map { server.notes[$0] }
    var positions: [PageRequest.Position] = [.first, .last]
    for note in anchors {
      let cursor = try PaginationCursor(key: note.key)
      positions += [.after(cursor), .before(cursor), .around(cursor)]
    }
    for position in positions {
      for limit in [1, 2, 7, 10, 100, 150] {
        let expected = try server.page(at: position, limit: limit)
        let stored = try #require(try store.page(at: position, limit: limit, in: "all"), "\(position) \(limit)")
        #expect(stored.page == expected, "\(order) \(position) limit \(limit)")
        #expect(stored.isComplete)
      }
    }
  }

  /// Pages longer than the records a read places directly in its array (1,024, then appended), and
  /// pages of exactly that many, read the same as the server's, with the same cursors.
  @Test(arguments: [SQLiteSortOrder.ascending, .descending])
  func pagesOfThousandsOfRowsReadTheSameAsTheServer(order: SQLiteSortOrder) throws {
    let folder = try TemporaryFolder()
    let server = NoteServer(count: 2_500, order: order)
    let store = try Self.storeHolding(server, folder: folder)
    let cursor = try PaginationCursor(key: server.notes[700].key)
    for position in [PageRequest.Position.first, .last, .after(cursor), .before(cursor), .around(cursor)] {
      for limit in [1_023, 1_024, 1_025, 2_048, 2_500, 3_000, Int.max] {
        let expected = try server.page(at: position, limit: min(limit, Int(Int32.max)))
        let stored = try #require(try store.page(at: position, limit: limit, in: "all"), "\(position) \(limit)")
        #expect(stored.page == expected, "\(order) \(position) limit \(limit)")
      }
    }
  }

  @Test func theFirstPageOfADescendingListIsTheNewest() throws {
    let folder = try TemporaryFolder()
    let store = try Self.storeHolding(NoteServer(count: 30, order: .descending), folder: folder)
    let page = try #require(try store.page(at: .first, limit: 5, in: "all")).page
    #expect(page.elements.map(\.id) == [29, 28, 27, 26, 25])
    #expect(page.previous == nil)
    let next = try #require(page.next)
    #expect(try next.decode(Note.Key.self) == Note(25).key)
    let after = try #require(try store.page(at: .after(next), limit: 5, in: "all")).page
    #expect(after.elements.map(\.id) == [24, 23, 22, 21, 20])
  }

  @Test func cursorsCarryTheExactKeyOfTheBoundaryRows() throws {
    let folder = try TemporaryFolder()
    let store = try Self.storeHolding(NoteServer(count: 10), folder: folder)
    let page = try #require(try store.page(at: .after(PaginationCursor(key: Note(2).key)), limit: 3, in: "all")).page
    // Notes 3, 4 and 5 share creation dates with neighbours to a fraction of a millisecond.
    #expect(try page.previous?.decode(Note.Key.self) == Note(3).key)
    #expect(try page.next?.decode(Note.Key.self) == Note(5).key)
    #expect(Note(3).created == Note(5).created)
  }

  @Test func aKeyIsFoundByItsIdForAPageAroundIt() throws {
    let folder = try TemporaryFolder()
    let store = try Self.storeHolding(NoteServer(count: 40), folder: folder)
    let key = try #require(try store.key(ofID: 31, in: "all"))
    #expect(key == Note(31).key)
    let page = try #require(try store.page(at: .around(PaginationCursor(key: key)), limit: 4, in: "all")).page
    #expect(page.elements.map(\.id) == [29, 30, 31, 32])
    #expect(try store.key(ofID: 31, in: "other") == nil)
    #expect(try store.key(ofID: 4_000, in: "all") == nil)
  }

  @Test func anyLimitIsServedFromOneRecordToTheWholeList() throws {
    let folder = try TemporaryFolder()
    let store = try Self.storeHolding(NoteServer(count: 20), folder: folder)
    #expect(try store.page(at: .first, limit: 0, in: "all")?.records.map(\.id) == [0])
    #expect(try store.page(at: .first, limit: -5, in: "all")?.records.count == 1)
    #expect(try store.page(at: .last, limit: .max, in: "all")?.records.count == 20)
    #expect(try store.page(at: .around(Self.cursor(3)), limit: .max, in: "all")?.records.count == 20)
  }

  static func cursor(_ id: Int64) throws -> PaginationCursor { try PaginationCursor(key: Note(id).key) }

  @Test func aCursorThatIsNotAKeyIsRefusedWithAnError() throws {
    let folder = try TemporaryFolder()
    let store = try Self.storeHolding(NoteServer(count: 5), folder: folder)
    #expect(throws: PaginationError.self) { try store.page(at: .after("page-2"), limit: 3, in: "all") }
  }

  @Test func listsInOneDatabaseAreIndependent() throws {
    let folder = try TemporaryFolder()
    let store = try SQLitePageStore<Note>(path: folder.path())
    let mentions = [Note(3), Note(8), Note(21)]
    try store.write(NoteServer(count: 30).notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "general")
    try store.write(mentions, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "mentions")
    #expect(try store.page(at: .first, limit: 10, in: "mentions")?.records == mentions)
    #expect(try store.page(at: .first, limit: 3, in: "general")?.records.map(\.id) == [0, 1, 2])
    #expect(try store.page(at: .first, limit: 3, in: "random") == nil)
    #expect(try (store.status(of: "mentions").rows, store.status(of: "mentions").ranges) == (3, 1))
    #expect(try (store.status().rows, store.status().ranges) == (33, 2))
    #expect(try store.status().pages(ofSize: 10) == 4)
  }

  /// The query plans of every page query the store makes (each kind of bound at each end, in both
  /// orders): a search of the table's primary key, which is the list and the sort key and holds every
  /// column (a covering index), never a scan or a sort of the rows, so that a page costs the same at
  /// any depth.
  @Test func pageQueriesSearchTheSortIndexAndNeverSort() throws {
    let folder = try TemporaryFolder()
    _ = try Self.storeHolding(NoteServer(count: 10), folder: folder)
    let connection = try SQLiteConnection(path: folder.path())
    let schema = try StoreSchema(Note.table)
    let key = SortValues(Note(5).key.sortValues)
    let bounds: [KeyRange<SortValues>.Bound] = [.open, .included(key), .excluded(key)]
    for lower in bounds {
      for upper in bounds {
        for descending in [false, true] {
          let query = schema.pageQuery(
            "all", in: KeyRange(lower: lower, upper: upper), descending: descending, limit: 51)
          let plan = try connection.rows("EXPLAIN QUERY PLAN " + query.sql, query.values)
            .map { try $0["detail"] as String }.joined(separator: "\n")
          #expect(plan.contains("SEARCH notes USING PRIMARY KEY"), "\(query.sql): \(plan)")
          #expect(!plan.contains("TEMP B-TREE") && !plan.contains("SCAN"), "\(query.sql): \(plan)")
        }
      }
    }
  }
}
