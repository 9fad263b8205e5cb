import Foundation
import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// Writing what the network answered: one transaction that checks the rows, replaces the stretch
/// they cover (rows gone from the server go from disk too), and merges the stretch into the known
/// ranges; a page that breaks the list's order is refused whole.
struct NetworkPageWriteTests {
  let folder: TemporaryFolder
  let store: SQLitePageStore<Note>

  init() throws {
    folder = try TemporaryFolder()
    store = try SQLitePageStore<Note>(path: folder.path())
  }

  /// Writes `server`'s page at `position` (of `limit` notes) into list "all".
  func fetch(_ position: PageRequest.Position, limit: Int, from server: NoteServer) throws {
    try store.write(try server.page(at: position, limit: limit), at: position, in: "all")
  }

  static func cursor(_ id: Int64) throws -> PaginationCursor { try PaginationCursor(key: Note(id).key) }

  /// Expects `write` to be refused with a reason containing `reason`, and nothing stored.
  func expectRefused(_ reason: String, _ write: () throws -> Void) throws {
    let before = try store.status()
    #expect {
      try write()
    } throws: { error in
      guard case SQLitePageStoreError.rejectedPage(let message) = error else { return false }
      return message.contains(reason)
    }
    #expect(try store.status() == before)
  }

  @Test func pagesMergeIntoOneRangeAsTheListIsScrolled() throws {
    let server = NoteServer(count: 100)
    try fetch(.first, limit: 10, from: server)
    try fetch(.after(Self.cursor(9)), limit: 10, from: server)
    try fetch(.after(Self.cursor(19)), limit: 10, from: server)
    #expect(try store.ranges(in: "all") == [KeyRange(lower: .open, upper: .included(Note(29).key))])
    try fetch(.last, limit: 10, from: server)
    #expect(try store.ranges(in: "all").count == 2)
    // Notes 30 to 89: a row could still lie between 29 and 30, so the ranges do not touch yet.
    try fetch(.before(Self.cursor(90)), limit: 60, from: server)
    #expect(try store.ranges(in: "all").count == 2)
    try fetch(.before(Self.cursor(31)), limit: 2, from: server)
    #expect(try store.ranges(in: "all") == [.all])
    #expect(try DiskContents(path: folder.path()).notes(in: "all") == server.notes)
  }

  /// A server that pages one way only sends pages after a cursor with no `previous` cursor (and
  /// pages before one with no `next`): the cursor's side is known to go on all the same.
  @Test func aPageFromAServerThatPagesOneWayKeepsWhatLiesBeyondItsCursor() throws {
    let server = NoteServer(count: 100)
    try fetch(.first, limit: 10, from: server)
    let after = try server.page(at: .after(Self.cursor(9)), limit: 10)
    try store.write(Page(next: after.next, elements: after.elements), at: .after(Self.cursor(9)), in: "all")
    #expect(try store.ranges(in: "all") == [KeyRange(lower: .open, upper: .included(Note(19).key))])
    #expect(try store.page(at: .first, limit: 20, in: "all")?.records.map(\.id) == Array(0..<20))

    try fetch(.last, limit: 10, from: server)
    let before = try server.page(at: .before(Self.cursor(90)), limit: 10)
    try store.write(
      Page(previous: before.previous, elements: before.elements), at: .before(Self.cursor(90)), in: "all")
    #expect(try store.page(at: .last, limit: 20, in: "all")?.records.map(\.id) == Array(80..<100))
    #expect(
      try DiskContents(path: folder.path()).notes(in: "all") == Array(server.notes.prefix(20) + server.notes.suffix(20))
    )
  }

  @Test func rowsTheServerNoLongerReturnsAreDeletedFromTheStretch() throws {
    var server = NoteServer(count: 50)
    try fetch(.first, limit: 20, from: server)
    server.remove(id: 5)
    server.remove(id: 6)
    try fetch(.first, limit: 20, from: server)
    let held = try DiskContents(path: folder.path()).notes(in: "all")
    #expect(held == Array(server.notes.prefix(20)))
    #expect(try (store.status().rows, store.status().ranges) == (20, 1))
  }

  @Test func anUpdatedRowReplacesTheStoredOne() throws {
    var server = NoteServer(count: 30)
    try fetch(.first, limit: 30, from: server)
    server.put(Note(12, text: "edited"))
    try fetch(.around(Self.cursor(12)), limit: 4, from: server)
    let page = try #require(try store.page(at: .around(Self.cursor(12)), limit: 3, in: "all"))
    #expect(page.records.map(\.text) == ["note 11", "edited", "note 13"])
    #expect(try store.status().rows == 30)
  }

  @Test func aRowWhoseKeyChangedMovesAndIsHeldOnce() throws {
    var server = NoteServer(count: 40)
    try fetch(.first, limit: 10, from: server)
    try fetch(.last, limit: 10, from: server)
    var moved = Note(3, text: "bumped")
    moved.created = Note(35).created.addingTimeInterval(0.1)
    server.put(moved)
    try fetch(.around(PaginationCursor(key: moved.key)), limit: 6, from: server)
    let held = try DiskContents(path: folder.path()).notes(in: "all")
    #expect(held.filter { $0.id == 3 } == [moved])
    #expect(held.count == 20)
    let problems = try DiskContents(path: folder.path()).problems(
      in: "all", ranges: store.ranges(in: "all"), truth: server.notes)
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func anEmptyPageAtTheEndCoversTheRestOfTheList() throws {
    // A server that gives a next cursor with every full page, as many do.
    let server = NoteServer(count: 10)
    try store.write(server.notes, at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "all")
    #expect(try store.ranges(in: "all") == [KeyRange(lower: .open, upper: .included(Note(9).key))])
    try fetch(.after(Self.cursor(9)), limit: 10, from: server)
    #expect(try store.ranges(in: "all") == [.all])
    let end = try #require(try store.page(at: .after(Self.cursor(9)), limit: 10, in: "all"))
    #expect(end.records.isEmpty && end.page.next == nil && end.isComplete)
  }

  @Test func anEmptyPageWithMoreToComeCoversNothing() throws {
    try store.write([], at: .after(Self.cursor(4)), hasMoreBefore: true, hasMoreAfter: true, in: "all")
    #expect(try store.ranges(in: "all").isEmpty)
    try store.write([], at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    #expect(try store.ranges(in: "all") == [.all])
    #expect(try store.page(at: .first, limit: 5, in: "all")?.page == Page(elements: []))
  }

  @Test func rowsOutOfTheListsOrderAreRefused() throws {
    try expectRefused("does not come after record 1") {
      try store.write([Note(1), Note(5), Note(4)], at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "all")
    }
  }

  @Test func rowsInTheOtherOrderAreRefusedByADescendingList() throws {
    let descending = try SQLitePageStore<Note>(path: folder.path("descending.sqlite"), order: .descending)
    #expect(throws: SQLitePageStoreError.self) {
      try descending.write([Note(1), Note(2)], at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "all")
    }
    try descending.write([Note(2), Note(1)], at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "all")
    #expect(try descending.status().rows == 2)
  }

  @Test func aRepeatedIdIsRefused() throws {
    var twin = Note(9)
    twin.id = 2
    try expectRefused("repeats the id 2") {
      try store.write([Note(1), Note(2), twin], at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "all")
    }
  }

  @Test func rowsOnTheWrongSideOfTheCursorAreRefused() throws {
    try expectRefused("is not after the cursor") {
      try store.write(
        [Note(3), Note(4)], at: .after(Self.cursor(3)), hasMoreBefore: true, hasMoreAfter: true, in: "all")
    }
    try expectRefused("is not before the cursor") {
      try store.write(
        [Note(3), Note(4)], at: .before(Self.cursor(4)), hasMoreBefore: true, hasMoreAfter: true, in: "all")
    }
  }

  @Test func aNaNSortValueIsRefused() throws {
    var broken = Note(2)
    broken.created = Date(timeIntervalSinceReferenceDate: .nan)
    try expectRefused("column \"created\": NaN") {
      try store.write([broken], at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "all")
    }
  }

  /// Random requests against a server that never changes: after every write, the page written reads
  /// back from disk exactly as the server sent it, every range holds exactly the server's rows in
  /// it, no row lies outside a range, and the row counts agree with the rows.
  @Test(arguments: [SQLiteSortOrder.ascending, .descending])
  func randomWritesKeepEveryRangeExactlyTheServers(order: SQLiteSortOrder) throws {
    let seed = testSeed("NetworkPageWriteTests.randomWritesKeepEveryRangeExactlyTheServers(\(order))")
    var script = PageScript(seed: seed)
    let server = NoteServer(count: 400, order: order)
    let store = try SQLitePageStore<Note>(path: folder.path("\(order).sqlite"), order: order)
    let disk = try DiskContents(path: folder.path("\(order).sqlite"))
    for write in 0..<120 {
      let position = try script.nextPosition(in: server)
      let limit = script.nextLimit(upTo: 40)
      let page = try server.page(at: position, limit: limit)
      try store.write(page, at: position, in: "all")
      let readBack = try store.page(at: position, limit: limit, in: "all")
      #expect(readBack?.page == page, "seed \(seed), write \(write): \(position) limit \(limit)")
      let problems = try disk.problems(in: "all", ranges: store.ranges(in: "all"), truth: server.notes)
      #expect(problems.isEmpty, "seed \(seed), write \(write): \(problems)")
      #expect(try store.status().rows == disk.notes(in: "all").count)
      if readBack?.page != page || !problems.isEmpty { return }
    }
  }
}
