/// The pages of a GraphQL connection in Relay's shape (``RelayConnection``): a ``PageRequest``
/// becomes the connection's arguments (`first`/`after`, `last`/`before`), and its answer a
/// ``Page``.
///
/// ```swift
/// let messages = RelayPages(pageSize: 20)
/// let feature = PaginationFeature<Message> { request in
///   try await messages.load(request) { arguments in
///     try await graphQL.messages(arguments)  // the query, with `arguments` as its variables
///   }
/// }
/// ```
///
/// The traps it closes:
/// - **`hasPreviousPage: false` while paging forward.** The specification lets a server answer
///   false there when it cannot tell cheaply, and `hasNextPage: false` while paging backward. Mapped
///   as written, every page forward has no `previous` cursor, no page can be evicted, and the window
///   grows past ``PaginationFeature/maxElements``. So the page's `startCursor` is its `previous`
///   cursor whatever `hasPreviousPage` says when paging forward (and `endCursor` its `next` when
///   paging backward); the flag is read only in the direction where it is exact, and the first page
///   (and the last) has nothing beyond its end.
/// - **The requested count** is `first` or `last` (``pageSize`` before the feature has seen a page).
///   A server that sends fewer edges is fine: the next page starts after the last edge it sent.
/// - **Null cursors in `pageInfo`**: the first and last edges' own cursors are used.
/// - **An empty page that does not move**: no edges, and an end cursor that is the one asked after
///   (or none), ends the list instead of asking for it again.
/// - **Jumps.** Relay has no "around". ``PageRequest/Position/around(_:)`` names an element by its
///   edge cursor (set ``PaginationFeature/anchorCursor`` to give it), and becomes two queries:
///   `last: count / 2, before: anchor`, then `first` the rest of the count `after` that answer's end
///   cursor (from the start when nothing lies before), so the page holds the anchor with rows on both
///   sides. A server with an `around` argument of its own can answer `.around` itself, with
///   ``page(_:for:)`` making the page.
public struct RelayPages: Hashable, Sendable {
  /// How many edges a request asks for before the feature has seen a page (then it asks for the
  /// ``PageRequest/count``).
  public var pageSize: Int

  /// Pages of `pageSize` edges (below 1 counts as 1) until the feature asks for another count.
  public init(pageSize: Int) {
    self.pageSize = Swift.max(1, pageSize)
  }

  /// A connection's pagination arguments; nil ones are left out when encoded, so that this can be
  /// the variables of a query declared `($first: Int, $after: String, $last: Int, $before: String)`.
  public struct Arguments: Hashable, Sendable, Encodable {
    /// How many edges from the start of the range (paging forward).
    public var first: Int?
    /// The cursor the range starts after.
    public var after: String?
    /// How many edges from the end of the range (paging backward).
    public var last: Int?
    /// The cursor the range ends before.
    public var before: String?

    /// Arguments with these values.
    public init(first: Int? = nil, after: String? = nil, last: Int? = nil, before: String? = nil) {
      self.first = first
      self.after = after
      self.last = last
      self.before = before
    }
  }

  /// The arguments that load `request`'s page: `first`, `first`/`after`, `last`/`before`, `last`;
  /// for ``PageRequest/Position/around(_:)``, the first of its two queries (the rows before the
  /// anchor; ``load(_:isolation:fetch:)`` asks both).
  public func arguments(for request: PageRequest) -> Arguments {
    let count = request.count ?? pageSize
    switch request.position {
    case .first: return Arguments(first: count)
    case .last: return Arguments(last: count)
    case .after(let cursor): return Arguments(first: count, after: cursor.rawValue)
    case .before(let cursor): return Arguments(last: count, before: cursor.rawValue)
    case .around(let anchor): return Arguments(last: Swift.max(1, count / 2), before: anchor.rawValue)
    }
  }

  /// The page `connection` answered for `request`: its nodes, and as cursors its start and end
  /// cursors where more lies beyond them (see the type's discussion for which flag is read when).
  /// For ``PageRequest/Position/around(_:)`` (a server's own around), both flags are read.
  public func page<Node>(_ connection: RelayConnection<Node>, for request: PageRequest) -> Page<Node> {
    let info = connection.pageInfo
    let start = info.startCursor ?? connection.edges.first?.cursor
    let end = info.endCursor ?? connection.edges.last?.cursor
    let previous: String?
    let next: String?
    switch request.position {
    case .first:
      (previous, next) = (nil, info.hasNextPage ? end : nil)
    case .after:
      (previous, next) = (start, info.hasNextPage ? end : nil)
    case .last:
      (previous, next) = (info.hasPreviousPage ? start : nil, nil)
    case .before:
      (previous, next) = (info.hasPreviousPage ? start : nil, end)
    case .around:
      (previous, next) = (info.hasPreviousPage ? start : nil, info.hasNextPage ? end : nil)
    }
    let asked = request.position.cursor?.rawValue
    let moves = { (cursor: String?) in !connection.edges.isEmpty || (cursor != nil && cursor != asked) }
    return Page(
      previous: previous.flatMap { moves($0) ? PaginationCursor($0) : nil },
      next: next.flatMap { moves($0) ? PaginationCursor($0) : nil },
      elements: connection.nodes)
  }

  /// Loads the page `request` asks for through `fetch`, which runs the connection's query with the
  /// arguments it is given: one query, or two for ``PageRequest/Position/around(_:)`` (the rows
  /// before the anchor, then the anchor and the rows after it).
  ///
  /// It runs on the caller's actor (`isolation`), so that `fetch` need not be `Sendable`.
  public func load<Node>(
    _ request: PageRequest, isolation: isolated (any Actor)? = #isolation,
    fetch: (Arguments) async throws -> RelayConnection<Node>
  ) async throws -> Page<Node> {
    guard case .around = request.position else {
      return page(try await fetch(arguments(for: request)), for: request)
    }
    let asked = arguments(for: request)
    let before = try await fetch(asked)
    let rest = Swift.max(1, (request.count ?? pageSize) - before.edges.count)
    let from = before.pageInfo.endCursor ?? before.edges.last?.cursor
    let after = try await fetch(Arguments(first: rest, after: before.edges.isEmpty ? nil : from))
    let start = before.pageInfo.startCursor ?? before.edges.first?.cursor
    let end = after.pageInfo.endCursor ?? after.edges.last?.cursor
    return Page(
      previous: before.pageInfo.hasPreviousPage && !before.edges.isEmpty ? start.map { PaginationCursor($0) } : nil,
      next: after.pageInfo.hasNextPage && !after.edges.isEmpty ? end.map { PaginationCursor($0) } : nil,
      elements: before.nodes + after.nodes)
  }
}
