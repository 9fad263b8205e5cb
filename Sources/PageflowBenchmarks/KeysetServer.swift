import Pageflow

/// The server of the scroll simulation: a list of the rows with ids `0..<count`, served in keyset
/// pages of the rows a request asks for (its `count`, else `pageSize`) with cursors both ways,
/// computed on demand (nothing is stored).
///
/// A page's `previous` cursor is the id of its first row and its `next` cursor the id of its last
/// (nil at the list's start and end); `after "41"` is the page of the rows after id 41, `before
/// "40"` the page before id 40, `around "500"` the page centred on row 500, and `around "10+490"`
/// (``offsetCursor(_:_:)``, a place some rows from a row) the same page.
struct KeysetServer {
  /// The number of rows in the list.
  let count: Int
  /// The number of rows in a page.
  let pageSize: Int

  /// The page `request` asks for; a cursor that names no row gets an empty page with no cursors
  /// (the list's edge, for the feature).
  func page(for request: PageRequest) -> Page<BenchRow> {
    let size = request.count ?? pageSize
    return switch request.position {
    case .first: rows(from: 0, size: size)
    case .last: rows(from: count - size, size: size)
    case .after(let cursor): id(cursor).map { rows(from: $0 + 1, size: size) } ?? Page(elements: [])
    case .before(let cursor): id(cursor).map { rows(from: $0 - size, upTo: $0) } ?? Page(elements: [])
    case .around(let cursor): place(cursor).map { rows(from: $0 - size / 2, size: size) } ?? Page(elements: [])
    }
  }

  /// The rows `start..<end` (or `size` rows from `start`), clamped to the list, with their cursors.
  private func rows(from start: Int, upTo end: Int? = nil, size: Int = 0) -> Page<BenchRow> {
    let lower = max(0, start)
    let upper = min(count, end ?? lower + size)
    guard lower < upper else { return Page(elements: []) }
    return Page(
      previous: lower > 0 ? cursor(lower) : nil, next: upper < count ? cursor(upper - 1) : nil,
      elements: (lower..<upper).map(BenchRow.init))
  }

  /// The cursor that names row `id`.
  func cursor(_ id: Int) -> PaginationCursor {
    PaginationCursor(String(id))
  }

  /// The cursor that names the place `rows` rows after row `id` (before it when negative): the
  /// feature's ``PaginationFeature/offsetCursor`` for a fling's landing beyond reach.
  @Sendable static func offsetCursor(_ id: Int, _ rows: Int) -> PaginationCursor {
    PaginationCursor("\(id)+\(rows)")
  }

  /// The row an `.around` cursor names: a row's id, or a place some rows from one
  /// (``offsetCursor(_:_:)``), if it is one of the list's.
  private func place(_ cursor: PaginationCursor) -> Int? {
    let parts = cursor.rawValue.split(separator: "+", maxSplits: 1)
    guard parts.count == 2 else { return id(cursor) }
    guard let id = Int(parts[0]), let rows = Int(parts[1]) else { return nil }
    let (place, overflow) = id.addingReportingOverflow(rows)
    return !overflow && (0..<count).contains(place) ? place : nil
  }

  /// The row a cursor names, if it names one of the list's.
  private func id(_ cursor: PaginationCursor) -> Int? {
    Int(cursor.rawValue).flatMap { (0..<count).contains($0) ? $0 : nil }
  }
}
