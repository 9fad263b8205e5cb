import Pageflow

/// A `PaginationFeature` state scrolled down through a keyset list the way a UI scrolls it: each
/// page asked for by its last row appearing on screen (`.elementAppeared`), then answered, through
/// the reducer of a given feature (with or without a window limit).
///
/// The list is ``KeysetServer``'s, in pages of 50 rows with cursors both ways, so that a window
/// that evicts its first pages keeps a cursor back to them.
struct ScrolledListFixture {
  typealias Feature = PaginationFeature<BenchRow>

  /// The list: more rows than any benchmark scrolls through.
  static let server = KeysetServer(count: 100_000_000, pageSize: BenchRow.pageSize)

  let feature: Feature
  var state: Feature.State

  /// The list after its first `rows` rows were scrolled through (rounded up to a whole page).
  init(rows: Int, feature: Feature) {
    self.feature = feature
    let first = Self.server.page(for: PageRequest(.first))
    state = Feature.State(selection: 0, previous: first.previous, next: first.next, elements: first.elements)
    while lastID + 1 < rows { take(Self.response(after: lastID)) }
  }

  /// The id of the last loaded row.
  var lastID: Int { state.elements.last?.id ?? -1 }

  /// Reports the last row on screen (which asks for the next page), then sends `response`.
  mutating func take(_ response: Feature.PageResponse) {
    blackHole(feature.reduce(into: &state, action: .elementAppeared(lastID)))
    blackHole(feature.reduce(into: &state, action: .pageResponse(response)))
  }

  /// The answers to the next `count` pages, made ahead so that timing leaves them out; take them in
  /// order.
  func upcomingResponses(_ count: Int) -> [Feature.PageResponse] {
    (0..<count).map { Self.response(after: lastID + $0 * BenchRow.pageSize) }
  }

  /// The answer to the request for the page after row `id`.
  static func response(after id: Int) -> Feature.PageResponse {
    answer(PageRequest(direction: .bottom, cursor: server.cursor(id)))
  }

  /// The server's answer to `request`.
  static func answer(_ request: PageRequest) -> Feature.PageResponse {
    Feature.PageResponse(request: request, result: .success(server.page(for: request)))
  }
}
