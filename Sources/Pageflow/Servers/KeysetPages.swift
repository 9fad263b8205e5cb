/// The pages of a list read by keyset: rows in the order of a key that is unique and sortable,
/// usually a sort field and the id that breaks its ties (`(created, id)`), each page the rows after
/// (or before) the key of the last row seen.
///
/// ```swift
/// struct MessageKey: Codable, Comparable, Sendable {
///   var created: Date
///   var id: Int
///   static func < (a: Self, b: Self) -> Bool { (a.created, a.id) < (b.created, b.id) }
/// }
/// let messages = KeysetPages<Message, MessageKey>(pageSize: 20) { MessageKey(created: $0.created, id: $0.id) }
/// let feature = PaginationFeature<Message> { request in
///   try await messages.load(request) { query in try await database.messages(query) }
/// }
/// ```
///
/// A ``Query`` says which rows, in the list's order: the first or the last ones, those after or
/// before a key, or from a key on; in SQL, `WHERE (created, id) > (?, ?) ORDER BY created, id
/// LIMIT ?` after a key, and `WHERE (created, id) < (?, ?) ORDER BY created DESC, id DESC LIMIT ?`
/// before one (``Query/isDescending``). A cursor is a row's key (``PaginationCursor/init(key:)``).
/// The traps it closes:
/// - **Rows before a key come nearest first** (`DESC`): the page puts every answer in the list's
///   order by its key, whichever order the server sent it in.
/// - **Ties in the sort field.** The key holds the id too, so rows with the same `created` are
///   neither skipped nor repeated at a page's edge; a row at or beyond the bound that a server sends
///   anyway (`>=` for `>`) is dropped.
/// - **The requested count** is the limit (``pageSize`` before the feature has seen a page). A
///   server that sends fewer rows than asked is fine: a short page is not taken for the end, the
///   next one starts after its last row, and the list ends at the first empty page.
/// - **An empty last page**: it has no row to make a cursor from, so it ends the list.
/// - **Jumps.** ``PageRequest/Position/last`` reads the last rows; ``PageRequest/Position/around(_:)``
///   names an element by its key (a cursor made with ``cursor(for:)``, through
///   ``PaginationFeature/anchorCursor``) and becomes two queries, the rows before the key and the
///   rows from it on; an anchor that is no key opens at the first page.
public struct KeysetPages<Element, Key: Codable & Comparable & Sendable>: Sendable {
  /// How many rows a request asks for before the feature has seen a page (then it asks for the
  /// ``PageRequest/count``).
  public var pageSize: Int
  /// An element's key: its place in the list's order.
  public var key: @Sendable (Element) -> Key

  /// Pages of `pageSize` rows (below 1 counts as 1), in the order of `key`.
  public init(pageSize: Int, key: @escaping @Sendable (Element) -> Key) {
    self.pageSize = Swift.max(1, pageSize)
    self.key = key
  }

  /// The rows to read, as many as ``limit``.
  public struct Query: Sendable, Equatable {
    /// Which rows, in the list's order.
    public enum Rows: Sendable, Equatable {
      /// The first rows of the list (ascending from the start).
      case first
      /// The last rows of the list (descending from the end).
      case last
      /// The rows after a key (ascending, the key's row excluded).
      case after(Key)
      /// The rows before a key (descending, the key's row excluded).
      case before(Key)
      /// The rows from a key on (ascending, the key's row included).
      case from(Key)
    }

    /// Which rows.
    public var rows: Rows
    /// How many rows at most.
    public var limit: Int

    /// `limit` of `rows`.
    public init(_ rows: Rows, limit: Int) {
      self.rows = rows
      self.limit = limit
    }

    /// Whether the rows are read from the end toward the start (``Rows/last``, ``Rows/before(_:)``):
    /// `ORDER BY … DESC`, so that the limit keeps the rows nearest the key.
    public var isDescending: Bool {
      switch rows {
      case .last, .before: true
      case .first, .after, .from: false
      }
    }
  }

  /// The cursor naming `element`'s place: its key (for ``PaginationFeature/anchorCursor``, where an
  /// element can be found from its id). Throws ``PaginationError/invalidCursor(_:)`` for a key JSON
  /// cannot hold exactly.
  public func cursor(for element: Element) throws -> PaginationCursor {
    try PaginationCursor(key: key(element))
  }

  /// The rows that load `request`'s page: the requested count after or before the cursor's key;
  /// for ``PageRequest/Position/around(_:)``, the first of its two queries (the rows before the
  /// anchor's key; ``load(_:isolation:fetch:)`` asks both). Throws ``PaginationError/invalidCursor(_:)`` for
  /// a cursor that is not a key.
  public func query(for request: PageRequest) throws -> Query {
    let count = request.count ?? pageSize
    switch request.position {
    case .first: return Query(.first, limit: count)
    case .last: return Query(.last, limit: count)
    case .after(let cursor): return Query(.after(try cursor.decode(Key.self)), limit: count)
    case .before(let cursor): return Query(.before(try cursor.decode(Key.self)), limit: count)
    case .around(let anchor):
      guard let key = try? anchor.decode(Key.self) else { return Query(.first, limit: count) }
      return Query(.before(key), limit: Swift.max(1, count / 2))
    }
  }

  /// The page of `rows` that `query` read, in the list's order, without rows outside the query's
  /// bound; cursors at its first and last rows' keys, none beyond an end it reached (the first
  /// rows have nothing before them, the last nothing after) and none for an empty page.
  public func page(_ rows: [Element], query: Query) throws -> Page<Element> {
    let rows = sorted(rows, within: query.rows)
    guard let first = rows.first, let last = rows.last else { return Page(elements: []) }
    return Page(
      previous: query.rows == .first ? nil : try PaginationCursor(key: key(first)),
      next: query.rows == .last ? nil : try PaginationCursor(key: key(last)),
      elements: rows)
  }

  /// Loads the page `request` asks for through `fetch`, which reads a ``Query``'s rows (in either
  /// order): one query, or two for ``PageRequest/Position/around(_:)`` with a key (the rows before
  /// it, then the rows from it on).
  ///
  /// It runs on the caller's actor (`isolation`), so that `fetch` need not be `Sendable`.
  public func load(
    _ request: PageRequest, isolation: isolated (any Actor)? = #isolation,
    fetch: (Query) async throws -> [Element]
  ) async throws -> Page<Element> {
    let query = try self.query(for: request)
    guard case .around = request.position, case .before(let anchor) = query.rows else {
      return try page(try await fetch(query), query: query)
    }
    let before = sorted(try await fetch(query), within: query.rows)
    let from = Query(.from(anchor), limit: Swift.max(1, (request.count ?? pageSize) - query.limit))
    let after = sorted(try await fetch(from), within: from.rows)
    return Page(
      previous: try before.first.map { try PaginationCursor(key: key($0)) },
      next: try after.last.map { try PaginationCursor(key: key($0)) },
      elements: before + after)
  }

  /// `rows` within `bound`, in the order of their keys.
  private func sorted(_ rows: [Element], within bound: Query.Rows) -> [Element] {
    let keyed = rows.map { (key: key($0), row: $0) }.filter { element in
      switch bound {
      case .first, .last: true
      case .after(let key): element.key > key
      case .before(let key): element.key < key
      case .from(let key): element.key >= key
      }
    }
    return keyed.sorted { $0.key < $1.key }.map(\.row)
  }
}
