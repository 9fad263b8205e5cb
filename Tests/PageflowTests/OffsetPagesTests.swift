import Foundation
import Pageflow
import Testing

/// An offset/limit API over a list of posts that can change between requests: it answers with the
/// rows at `offset..<offset + limit` (at most `maxLimit`) and the list's total.
final class OffsetPostsServer: Sendable {
  private let rows: Lock<[Int]>
  let maxLimit: Int
  let reportsTotal: Bool
  let asked = Asked<OffsetPages.Query>()
  /// Runs before each answer with the number of the request (from 1): to change the list between
  /// two pages.
  let beforeAnswer: @Sendable (Int, OffsetPostsServer) -> Void

  init(
    total: Int = 100, maxLimit: Int = 100, reportsTotal: Bool = true,
    beforeAnswer: @escaping @Sendable (Int, OffsetPostsServer) -> Void = { _, _ in }
  ) {
    self.rows = Lock(Array(0..<total))
    self.maxLimit = maxLimit
    self.reportsTotal = reportsTotal
    self.beforeAnswer = beforeAnswer
  }

  func remove(_ ids: Range<Int>) { rows.withLock { $0.removeAll { ids.contains($0) } } }
  func insert(_ ids: [Int], at offset: Int) { rows.withLock { $0.insert(contentsOf: ids, at: offset) } }
  var all: [Int] { rows.withLock { $0 } }

  func answer(_ query: OffsetPages.Query) -> (rows: [DocEntry], total: Int?) {
    asked.append(query)
    beforeAnswer(asked.all.count, self)
    let rows = all
    let start = min(rows.count, query.offset)
    let page = rows[start..<min(rows.count, start + min(query.limit, maxLimit))]
    return (page.map { DocEntry($0) }, reportsTotal ? rows.count : nil)
  }
}

/// `OffsetPages`: the next page starts after the rows that came, a total that moved between pages
/// loses no row, and the window keeps one copy of rows that came twice.
@MainActor
struct OffsetPagesTests {
  let pages = OffsetPages(pageSize: 20)

  func feature(_ server: OffsetPostsServer) -> PaginationFeature<DocEntry> {
    var feature = PaginationFeature<DocEntry> { request in try await pages.load(request) { server.answer($0) } }
    feature.loadSize = .fixed
    feature.anchorCursor = { OffsetPages.cursor(offset: $0) }  // the posts' ids are their offsets
    return feature
  }

  @Test func aServerThatSendsFewerRowsThanAskedIsReadOnFromTheRowsThatCame() async throws {
    let server = OffsetPostsServer(total: 130, maxLimit: 25)
    let page = try await pages.load(PageRequest(.after(OffsetPages.cursor(offset: 40)), count: 45)) {
      server.answer($0)
    }
    #expect(page.elements.map(\.id) == Array(40..<65))
    #expect(page.next == #"{"offset":65,"total":130}"#)  // not 85: rows 65..<85 were not sent
    #expect(await ListDrive.toTheEnd(feature(server)).elements.map(\.id) == Array(0..<130))
    #expect(await ListDrive.toTheStart(feature(server)).elements.map(\.id) == Array(0..<130))
  }

  @Test func rowsRemovedBeforeTheNextPageDoNotSlipPastIt() async {
    // After the first page (0..<20), rows 5..<10 go: rows 20..<25 move to offsets 15..<20.
    let server = OffsetPostsServer(total: 60) { request, server in
      if request == 2 { server.remove(5..<10) }
    }
    let list = await ListDrive.toTheEnd(feature(server))
    #expect(list.elements.map(\.id) == Array(0..<60))  // 5..<10 stay until a refresh: nothing is lost
    #expect(
      server.asked.all.prefix(3) == [
        .init(offset: 0, limit: 20), .init(offset: 20, limit: 20), .init(offset: 15, limit: 25),
      ])
  }

  @Test func rowsAddedBeforeTheNextPageComeTwiceAndAreKeptOnce() async {
    // After the first page, three rows are added at the top: rows 17..<20 come again.
    let server = OffsetPostsServer(total: 60) { request, server in
      if request == 2 { server.insert([1_000, 1_001, 1_002], at: 0) }
    }
    let list = await ListDrive.toTheEnd(feature(server))
    #expect(list.elements.map(\.id) == Array(0..<60))
    #expect(list.pages.map(\.count) == [20, 17, 20, 3])  // only new rows count
    #expect(server.asked.all.count == 4)  // no second request: duplicates lose nothing
  }

  @Test func rowsAddedBeforeAPreviousPageDoNotSlipPastItsEnd() async throws {
    // The window starts at row 40 (of 100); then 5 rows are added at the top: its first row is at 45.
    let server = OffsetPostsServer(total: 100) { request, server in
      if request == 1 { server.insert(Array(1_000..<1_005), at: 0) }
    }
    let previous = #"{"offset":40,"total":100}"#
    let page = try await pages.load(PageRequest(.before(PaginationCursor(previous)), count: 20)) { server.answer($0) }
    #expect(page.elements.map(\.id) == Array(15..<40))  // through the row just before the window's
    #expect(server.asked.all == [.init(offset: 20, limit: 20), .init(offset: 20, limit: 25)])
  }

  @Test func anEmptyPageEndsTheListAndWithoutATotalAShortPageDoesNot() async throws {
    let server = OffsetPostsServer(total: 40, maxLimit: 15, reportsTotal: false)
    let short = try await pages.load(PageRequest(.first, count: 20)) { server.answer($0) }
    #expect(short.elements.count == 15)
    #expect(short.next == #"{"offset":15}"#)  // 15 of 20: capped, not the end
    let past = try await pages.load(PageRequest(.after(#"{"offset":40}"#), count: 20)) { server.answer($0) }
    #expect(past.elements.isEmpty && past.next == nil && past.previous == nil)
    #expect(await ListDrive.toTheEnd(feature(server)).elements.map(\.id) == Array(0..<40))
    // With a total, the page that reaches it is the last.
    let counted = OffsetPostsServer(total: 40)
    #expect(try await pages.load(PageRequest(.after(#"{"offset":20}"#)), fetch: counted.answer).next == nil)
  }

  @Test func theLastPageIsFoundFromTheTotalAndAJumpFromAnOffset() async throws {
    let server = OffsetPostsServer(total: 95)
    let last = try await pages.load(PageRequest(.last, count: 20)) { server.answer($0) }
    #expect(last.elements.map(\.id) == Array(75..<95))
    #expect(last.next == nil)
    #expect(server.asked.all == [.init(offset: 0, limit: 20), .init(offset: 75, limit: 20)])
    let around = try await pages.load(PageRequest(.around(OffsetPages.cursor(offset: 50)), count: 20)) {
      server.answer($0)
    }
    #expect(around.elements.map(\.id) == Array(40..<60))
    // An anchor that is no offset (an id, by default) opens the first page; a cursor that is not
    // this type's fails.
    #expect(try pages.query(for: PageRequest(.around("post-50"), count: 20)) == .init(offset: 0, limit: 20))
    #expect(throws: PaginationError.self) { try pages.query(for: PageRequest(.after("page-2"))) }
  }

  @Test func extremeOffsetsAndTotalsGetAPageAndNoOverflow() async throws {
    let far = PaginationCursor(#"{"offset":\#(Int.max),"total":5}"#)
    let page = try await pages.load(PageRequest(.after(far), count: 20)) { _ in ([DocEntry(1)], Int.min) }
    #expect(page.elements == [DocEntry(1)] && page.next == nil)
    let back = try await pages.load(PageRequest(.before(far), count: 20)) { _ in ([DocEntry(1)], Int.max) }
    #expect(back.elements == [DocEntry(1)])
    let last = try await pages.load(PageRequest(.last, count: 20)) { _ in ([DocEntry(1)], Int.max) }
    #expect(last.elements == [DocEntry(1)])
    #expect(throws: PaginationError.self) { try pages.query(for: PageRequest(.after(#"{"offset":-3}"#))) }
  }
}
