/// The pages of an API that reads rows by offset and limit and says how many rows the list has
/// (`GET /search?offset=40&limit=20` answering `{"items": […], "total": 1234}`).
///
/// ```swift
/// let results = OffsetPages(pageSize: 20)
/// let feature = PaginationFeature<Result> { request in
///   try await results.load(request) { query in
///     let answer = try await api.search(offset: query.offset, limit: query.limit)
///     return (answer.items, answer.total)
///   }
/// }
/// ```
///
/// A cursor is a row's offset, with the total the list had when the cursor was made
/// (`{"offset":40,"total":1234}`). The traps it closes:
/// - **A server that sends fewer rows than asked** (it caps the limit): the next page starts after
///   the rows that came, not `limit` rows on, which would skip the rest.
/// - **A total that changes between pages.** Rows removed before the next page's offset move the
///   rows after them up, past it: when the total has shrunk by `k`, the page is asked for again
///   from `k` rows earlier. Rows added move them down: the page then repeats rows the window holds,
///   which keeps one copy of each id. Backward, the same the other way round. Both cost a second
///   request only when the total moved that way.
/// - **Duplicate rows across pages** (from rows added, or a sort that is not unique): the feature
///   keeps the first copy of each id and counts only new rows, so the list neither shows a row twice
///   nor loses its place.
/// - **An empty last page**, or one past a total that shrank, ends the list; without a total, the
///   list ends at the first empty page (a short page may come from a capped limit).
/// - **Jumps.** ``PageRequest/Position/last`` needs the total: the first page tells it, and the last
///   page is asked for when the first did not hold the whole list. ``PageRequest/Position/around(_:)``
///   opens at an offset named with ``cursor(offset:)`` (set ``PaginationFeature/anchorCursor`` to
///   it when the app knows an element's offset), and at the first page otherwise.
public struct OffsetPages: Hashable, Sendable {
  /// How many rows a request asks for before the feature has seen a page (then it asks for the
  /// ``PageRequest/count``).
  public var pageSize: Int

  /// Pages of `pageSize` rows (below 1 counts as 1) until the feature asks for another count.
  public init(pageSize: Int) {
    self.pageSize = Swift.max(1, pageSize)
  }

  /// The rows to read: `limit` rows from row `offset` (0 is the first).
  public struct Query: Hashable, Sendable {
    /// The offset of the first row.
    public var offset: Int
    /// How many rows.
    public var limit: Int

    /// `limit` rows from `offset`.
    public init(offset: Int, limit: Int) {
      self.offset = offset
      self.limit = limit
    }
  }

  /// Where a cursor points: the offset of a row, and the list's total when it was made.
  private struct Position: Codable {
    var offset: Int
    var total: Int?
  }

  /// A cursor naming the row at `offset` (for ``PaginationFeature/anchorCursor``, or a saved place).
  public static func cursor(offset: Int) -> PaginationCursor {
    cursor(Position(offset: offset, total: nil))
  }

  private static func cursor(_ position: Position) -> PaginationCursor {
    // The JSON of `PaginationCursor(key:)` for two integers, written out: encoding cannot fail.
    PaginationCursor("{\"offset\":\(position.offset)\(position.total.map { ",\"total\":\($0)" } ?? "")}")
  }

  private func position(_ cursor: PaginationCursor) throws -> Position {
    let position = try cursor.decode(Position.self)
    guard position.offset >= 0 else { throw PaginationError.invalidCursor("\"\(cursor)\" has a negative offset") }
    return position
  }

  /// The rows that load `request`'s page: the requested count from the cursor's offset, or before
  /// it (loading backward); from the start for the first page and, as the first of two queries, for
  /// the last; centred on an offset cursor's row for a jump. Throws
  /// ``PaginationError/invalidCursor(_:)`` for a cursor this type did not make.
  public func query(for request: PageRequest) throws -> Query {
    let count = request.count ?? pageSize
    switch request.position {
    case .first, .last: return Query(offset: 0, limit: count)
    case .after(let cursor): return Query(offset: try position(cursor).offset, limit: count)
    case .before(let cursor):
      let offset = try position(cursor).offset
      return Query(offset: Swift.max(0, offset.subtractingSaturated(count)), limit: Swift.min(count, offset))
    case .around(let anchor):
      guard let row = try? position(anchor).offset else { return Query(offset: 0, limit: count) }
      return Query(offset: Swift.max(0, row.subtractingSaturated(count / 2)), limit: count)
    }
  }

  /// The page of `rows` read by `query`, when the list had `total` rows (nil: the API does not say):
  /// cursors at its first row (nil at offset 0) and past its last (nil at the total). An empty page
  /// has none: it lies past an end of the list.
  public func page<Element>(_ rows: [Element], total: Int?, query: Query) -> Page<Element> {
    guard !rows.isEmpty else { return Page(elements: []) }
    let end = query.offset.addingSaturated(rows.count)
    return Page(
      previous: query.offset > 0 ? Self.cursor(Position(offset: query.offset, total: total)) : nil,
      next: end < (total ?? .max) ? Self.cursor(Position(offset: end, total: total)) : nil,
      elements: rows)
  }

  /// Loads the page `request` asks for through `fetch`, which reads a ``Query``'s rows and returns
  /// them with the list's total (nil if the API does not say): one request, or two for the last page
  /// and for a page whose total moved so that rows may have slipped past its edge.
  ///
  /// It runs on the caller's actor (`isolation`), so that `fetch` need not be `Sendable`.
  public func load<Element>(
    _ request: PageRequest, isolation: isolated (any Actor)? = #isolation,
    fetch: (Query) async throws -> (rows: [Element], total: Int?)
  ) async throws -> Page<Element> {
    var query = try self.query(for: request)
    if query.limit == 0 { return Page(elements: []) }  // nothing lies before row 0
    var answer = try await fetch(query)
    let total = answer.total
    switch request.position {
    case .last:
      if let total, total > query.offset.addingSaturated(answer.rows.count) {
        query = Query(offset: Swift.max(0, total.subtractingSaturated(query.limit)), limit: query.limit)
        answer = try await fetch(query)
      }
    case .after(let cursor):
      // Rows removed before the offset moved the rows after them up, past it.
      if let total, let was = try position(cursor).total, total < was {
        let slipped = Swift.min(was.subtractingSaturated(total), query.offset)
        query = Query(offset: query.offset - slipped, limit: query.limit.addingSaturated(slipped))
        answer = try await fetch(query)
      }
    case .before(let cursor):
      // Rows added before the offset moved the window's first rows down, past the page's end.
      if let total, let was = try position(cursor).total, total > was {
        query.limit = query.limit.addingSaturated(total.subtractingSaturated(was))
        answer = try await fetch(query)
      }
    case .first, .around: break
    }
    return page(answer.rows, total: answer.total, query: query)
  }
}
