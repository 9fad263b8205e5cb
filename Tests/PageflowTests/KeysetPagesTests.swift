import Foundation
import Pageflow
import Testing

/// A keyset API over posts `0..<total` ordered by `(created, id)`, three posts to each `created`:
/// rows before a key come nearest first (`ORDER BY … DESC`), as SQL reads them.
struct KeysetPostsServer: Sendable {
  typealias Query = KeysetPages<DocEntry, DocEntryKey>.Query
  var total = 100
  var maxLimit = 100
  /// Whether the bound's own row comes too (`>=` and `<=` where `>` and `<` were meant).
  var includesTheBound = false
  let asked = Asked<Query>()

  func answer(_ query: Query) -> [DocEntry] {
    asked.append(query)
    let posts = (0..<total).map { DocEntry($0) }
    let rows: [DocEntry]
    switch query.rows {
    case .first: rows = posts
    case .last: rows = posts.reversed()
    case .after(let key): rows = posts.filter { DocEntryKey($0) > key || (includesTheBound && DocEntryKey($0) == key) }
    case .before(let key):
      rows = posts.filter { DocEntryKey($0) < key || (includesTheBound && DocEntryKey($0) == key) }.reversed()
    case .from(let key): rows = posts.filter { DocEntryKey($0) >= key }
    }
    return Array(rows.prefix(min(query.limit, maxLimit)))
  }
}

/// `KeysetPages`: pages after and before a `(created, id)` key, in the list's order, with ties at a
/// page's edge neither skipped nor repeated.
@MainActor
struct KeysetPagesTests {
  let pages = KeysetPages<DocEntry, DocEntryKey>(pageSize: 20) { DocEntryKey($0) }

  func feature(_ server: KeysetPostsServer) -> PaginationFeature<DocEntry> {
    var feature = PaginationFeature<DocEntry> { request in try await pages.load(request) { server.answer($0) } }
    feature.loadSize = .fixed
    return feature
  }

  @Test func pagesOfSevenOverTiesOfThreeReadEveryRowOnceBothWays() async {
    let server = KeysetPostsServer(total: 100)
    var pages = pages
    pages.pageSize = 7  // a page's edge falls inside a run of equal `created`
    var feature = PaginationFeature<DocEntry> { [pages] request in try await pages.load(request) { server.answer($0) } }
    feature.loadSize = .fixed
    #expect(await ListDrive.toTheEnd(feature).elements.map(\.id) == Array(0..<100))
    #expect(await ListDrive.toTheStart(feature).elements.map(\.id) == Array(0..<100))
  }

  @Test func rowsBeforeAKeyComeNearestFirstAndArePutInTheListsOrder() throws {
    let server = KeysetPostsServer()
    let cursor = try PaginationCursor(key: DocEntryKey(DocEntry(40)))
    let request = PageRequest(.before(cursor), count: 5)
    let query = try pages.query(for: request)
    #expect(query == .init(.before(DocEntryKey(DocEntry(40))), limit: 5) && query.isDescending)
    #expect(server.answer(query).map(\.id) == [39, 38, 37, 36, 35])
    let page = try pages.page(server.answer(query), query: query)
    #expect(page.elements.map(\.id) == Array(35..<40))
    #expect(page.previous == (try PaginationCursor(key: DocEntryKey(DocEntry(35)))))
    #expect(page.next == (try PaginationCursor(key: DocEntryKey(DocEntry(39)))))
  }

  @Test func aServerThatSendsTheBoundsRowAgainDoesNotRepeatIt() async throws {
    let server = KeysetPostsServer(total: 50, includesTheBound: true)
    let query = try pages.query(for: PageRequest(.after(try pages.cursor(for: DocEntry(19))), count: 5))
    #expect(server.answer(query).map(\.id) == [19, 20, 21, 22, 23])
    #expect(try pages.page(server.answer(query), query: query).elements.map(\.id) == [20, 21, 22, 23])
    #expect(await ListDrive.toTheEnd(feature(server)).elements.map(\.id) == Array(0..<50))
    #expect(await ListDrive.toTheStart(feature(server)).elements.map(\.id) == Array(0..<50))
  }

  @Test func aServerThatSendsFewerRowsThanAskedIsNotAtTheEnd() async throws {
    let server = KeysetPostsServer(total: 60, maxLimit: 25)
    let page = try await pages.load(PageRequest(.first, count: 45)) { server.answer($0) }
    #expect(page.elements.count == 25)
    #expect(page.next == (try PaginationCursor(key: DocEntryKey(DocEntry(24)))))  // 25 of 45: not the end
    let list = await ListDrive.toTheEnd(feature(server))
    #expect(list.elements.map(\.id) == Array(0..<60))
    #expect(list.pages.last?.count == 0)  // the end is the first empty page, which has no cursor
    #expect(list.endStatus == .endReached(.noMoreCursor))
  }

  @Test func aJumpIsTheRowsBeforeTheKeyAndTheRowsFromIt() async throws {
    let server = KeysetPostsServer()
    let anchor = try pages.cursor(for: DocEntry(50))
    let page = try await pages.load(PageRequest(.around(anchor), count: 20)) { server.answer($0) }
    #expect(page.elements.map(\.id) == Array(40..<60))
    #expect(
      server.asked.all == [
        .init(.before(DocEntryKey(DocEntry(50))), limit: 10), .init(.from(DocEntryKey(DocEntry(50))), limit: 10),
      ])
    let last = try await pages.load(PageRequest(.last, count: 20)) { server.answer($0) }
    #expect(last.elements.map(\.id) == Array(80..<100))
    #expect(last.next == nil && last.previous != nil)
    // An anchor that is not a key (an id, by default) opens the first page; a cursor that is not a
    // key fails.
    #expect(try pages.query(for: PageRequest(.around("50"), count: 20)) == .init(.first, limit: 20))
    #expect(throws: PaginationError.self) { try pages.query(for: PageRequest(.after("page-2"))) }
  }
}
