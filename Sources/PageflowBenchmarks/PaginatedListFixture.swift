import Pageflow

/// A `PaginationFeature` state with a given number of rows loaded, built the way an app builds it:
/// one first page, then pages taken in through the reducer.
///
/// Page `k` after the first page holds ids `50k..<50(k+1)`; page `k` before it holds negative ids.
/// The list's end cursor is `after-k` once page `k` is in, its start cursor `before-k`.
struct PaginatedListFixture {
  typealias Feature = PaginationFeature<BenchRow>

  /// The feature; its loader is never called (the benchmarks answer requests themselves).
  static let feature = Feature { _ in throw CancellationError() }

  var state: Feature.State
  /// The number of pages answered at the end (counting the first page) and at the start.
  private var pagesAfter = 1
  private var pagesBefore = 0

  /// `size` rows in pages of 50, with cursors at both ends and row 0 selected: the first page, ids
  /// 0..<50, then pages taken in at `direction`'s end (ids from 50 up at the bottom, from -1 down at
  /// the top, as a chat's history loads).
  init(size: Int, loadedAt direction: PaginationDirection = .bottom) {
    state = Feature.State(selection: 0, previous: "before-0", next: "after-0", elements: BenchRow.page(0))
    while state.elements.count < size { takePage(at: direction) }
  }

  /// Asks for the next page at `direction`'s end and answers it, through the reducer.
  mutating func takePage(at direction: PaginationDirection) {
    take(nextResponse(at: direction), at: direction)
  }

  /// Sends `loadPage(direction)` and then `response` through the reducer.
  mutating func take(_ response: Feature.PageResponse, at direction: PaginationDirection) {
    blackHole(Self.feature.reduce(into: &state, action: .loadPage(direction)))
    blackHole(Self.feature.reduce(into: &state, action: .pageResponse(response)))
  }

  /// The answers to the next `count` requests at `direction`'s end, made ahead so that timing leaves
  /// them out; take them in order.
  mutating func upcomingResponses(_ count: Int, at direction: PaginationDirection) -> [Feature.PageResponse] {
    (0..<count).map { _ in nextResponse(at: direction) }
  }

  /// The answer to the next request at `direction`'s end: the next 50 rows and a cursor beyond them.
  private mutating func nextResponse(at direction: PaginationDirection) -> Feature.PageResponse {
    if direction.edge == .end {
      defer { pagesAfter += 1 }
      return Feature.PageResponse(
        request: PageRequest(direction: direction, cursor: PaginationCursor("after-\(pagesAfter - 1)")),
        result: .success(Page(next: PaginationCursor("after-\(pagesAfter)"), elements: BenchRow.page(pagesAfter))))
    }
    defer { pagesBefore += 1 }
    return Feature.PageResponse(
      request: PageRequest(direction: direction, cursor: PaginationCursor("before-\(pagesBefore)")),
      result: .success(
        Page(
          previous: PaginationCursor("before-\(pagesBefore + 1)"), elements: BenchRow.page(pagesBefore, before: true))))
  }
}
