import Foundation
import Pageflow
import Testing

/// A Relay connection over posts `0..<total`, whose cursor for post `n` is `"cursor:n"`. As the
/// specification allows, it answers `hasPreviousPage: false` when paging forward and
/// `hasNextPage: false` when paging backward.
struct RelayPostsServer: Sendable {
  var total = 100
  /// The most edges an answer holds, whatever `first` or `last` say.
  var maxEdges = 100
  /// Whether `pageInfo` carries no cursors (the edges do).
  var nullPageCursors = false
  let asked = Asked<RelayPages.Arguments>()

  static func cursor(_ id: Int) -> String { "cursor:\(id)" }

  func answer(_ arguments: RelayPages.Arguments) -> RelayConnection<DocEntry> {
    asked.append(arguments)
    func id(_ cursor: String?) -> Int? { cursor.flatMap { Int($0.dropFirst("cursor:".count)) } }
    var rows = Array(0..<total)
    if let after = id(arguments.after) { rows = rows.filter { $0 > after } }
    if let before = id(arguments.before) { rows = rows.filter { $0 < before } }
    let all = rows
    if let first = arguments.first { rows = Array(rows.prefix(min(first, maxEdges))) }
    if let last = arguments.last { rows = Array(rows.suffix(min(last, maxEdges))) }
    let forward = arguments.last == nil
    let info = RelayConnection<DocEntry>.PageInfo(
      hasNextPage: forward && rows.last.map { $0 < all.last ?? 0 } == true,
      hasPreviousPage: !forward && rows.first.map { $0 > all.first ?? 0 } == true,
      startCursor: nullPageCursors ? nil : rows.first.map(Self.cursor),
      endCursor: nullPageCursors ? nil : rows.last.map(Self.cursor))
    return RelayConnection(edges: rows.map { .init(node: DocEntry($0), cursor: Self.cursor($0)) }, pageInfo: info)
  }
}

/// `RelayPages`: a Relay connection's pages with cursors both ways whatever the flags the
/// specification lets a server leave false, and jumps as two standard queries.
@MainActor
struct RelayPagesTests {
  let pages = RelayPages(pageSize: 20)

  @Test func pagingForwardKeepsTheStartCursorThoughHasPreviousPageIsFalse() {
    let server = RelayPostsServer()
    let request = PageRequest(.after("cursor:19"), count: 20)
    #expect(pages.arguments(for: request) == RelayPages.Arguments(first: 20, after: "cursor:19"))
    let page = pages.page(server.answer(pages.arguments(for: request)), for: request)
    #expect(page.elements.map(\.id) == Array(20..<40))
    #expect(page.previous == "cursor:20")  // hasPreviousPage said false
    #expect(page.next == "cursor:39")
    // The first page has nothing before it.
    #expect(pages.page(server.answer(RelayPages.Arguments(first: 20)), for: PageRequest(.first)).previous == nil)
  }

  @Test func pagingBackwardKeepsTheEndCursorThoughHasNextPageIsFalse() {
    let server = RelayPostsServer()
    let request = PageRequest(.before("cursor:40"), count: 20)
    #expect(pages.arguments(for: request) == RelayPages.Arguments(last: 20, before: "cursor:40"))
    let page = pages.page(server.answer(pages.arguments(for: request)), for: request)
    #expect(page.elements.map(\.id) == Array(20..<40))
    #expect(page.next == "cursor:39")  // hasNextPage said false
    #expect(page.previous == "cursor:20")
    let last = pages.page(server.answer(RelayPages.Arguments(last: 20)), for: PageRequest(.last))
    #expect(last.elements.map(\.id) == Array(80..<100))
    #expect(last.next == nil)
  }

  @Test func aWindowOverASpecLazyServerStaysWithinMaxElementsWithoutAWarning() async {
    let server = RelayPostsServer(total: 300)
    let pages = pages
    let feature = PaginationFeature<DocEntry>(maxElements: 100) { request in
      try await pages.load(request) { server.answer($0) }
    }
    let store = Store(initialState: .notLoaded(selection: 0)) { feature }
    var largest = 0
    let warnings = await RuntimeWarning.$sink.collecting {
      await store.send(.loadPage(.bottom)).finish()
      for id in 0..<300 {
        await store.send(.elementAppeared(id)).finish()
        largest = max(largest, store.state.elements.count)
      }
    }
    #expect(warnings.isEmpty)
    #expect(largest <= 100)
    #expect(store.state.elements.last?.id == 299)
    #expect(store.state.previous != nil)  // the start loads again what was evicted
  }

  @Test func aServerThatSendsFewerEdgesThanAskedGoesOnFromTheLastOne() async {
    let server = RelayPostsServer(total: 130, maxEdges: 25)
    var feature = PaginationFeature<DocEntry> { request in try await pages.load(request) { server.answer($0) } }
    feature.loadSize = .fixed
    #expect(await ListDrive.toTheEnd(feature).elements.map(\.id) == Array(0..<130))
    #expect(await ListDrive.toTheStart(feature).elements.map(\.id) == Array(0..<130))
  }

  @Test func nullPageCursorsAreTakenFromTheEdges() {
    let server = RelayPostsServer(nullPageCursors: true)
    let request = PageRequest(.after("cursor:9"), count: 5)
    let page = pages.page(server.answer(pages.arguments(for: request)), for: request)
    #expect(page.previous == "cursor:10")
    #expect(page.next == "cursor:14")
  }

  @Test func anEmptyPageWhoseCursorDoesNotMoveEndsTheList() {
    let request = PageRequest(.after("cursor:99"), count: 20)
    func empty(_ end: String?) -> RelayConnection<DocEntry> {
      RelayConnection(
        edges: [], pageInfo: .init(hasNextPage: true, hasPreviousPage: false, startCursor: nil, endCursor: end))
    }
    #expect(pages.page(empty("cursor:99"), for: request).next == nil)
    #expect(pages.page(empty(nil), for: request).next == nil)
    #expect(pages.page(empty("cursor:120"), for: request).next == "cursor:120")  // it moved: followed
  }

  @Test func aJumpIsTheRowsBeforeTheAnchorThenTheAnchorAndTheRowsAfterIt() async throws {
    let server = RelayPostsServer()
    let page = try await pages.load(PageRequest(.around("cursor:50"), count: 20)) { server.answer($0) }
    #expect(page.elements.map(\.id) == Array(40..<60))
    #expect(page.previous == "cursor:40")
    #expect(page.next == "cursor:59")
    #expect(
      server.asked.all == [
        RelayPages.Arguments(last: 10, before: "cursor:50"), RelayPages.Arguments(first: 10, after: "cursor:49"),
      ])
    // Near the start: 3 rows before the anchor, and the rest of the count from it on.
    let early = try await pages.load(PageRequest(.around("cursor:3"), count: 20)) { server.answer($0) }
    #expect(early.elements.map(\.id) == Array(0..<20))
    #expect(early.previous == nil)
    #expect(server.asked.all.last == RelayPages.Arguments(first: 17, after: "cursor:2"))
    let first = try await pages.load(PageRequest(.around("cursor:0"), count: 20)) { server.answer($0) }
    #expect(first.elements.map(\.id) == Array(0..<20))
    #expect(server.asked.all.last == RelayPages.Arguments(first: 20))  // from the start
  }

  @Test func aConnectionDecodesLenientlyWhereSchemasAreNullable() throws {
    let json = """
      {"edges": [null, {"cursor": "c1", "node": {"id": 1, "created": 0, "text": "post 1"}}, {"cursor": "c2", "node": null}],
       "pageInfo": {"hasNextPage": false, "hasPreviousPage": false, "startCursor": null, "endCursor": null}}
      """
    let connection = try JSONDecoder().decode(RelayConnection<DocEntry>.self, from: Data(json.utf8))
    #expect(connection.nodes == [DocEntry(1)])
    #expect(connection.edges.first?.cursor == "c1")
    let none = #"{"edges": null, "pageInfo": {"hasNextPage": false, "hasPreviousPage": false}}"#
    #expect(try JSONDecoder().decode(RelayConnection<DocEntry>.self, from: Data(none.utf8)).edges.isEmpty)
  }
}
