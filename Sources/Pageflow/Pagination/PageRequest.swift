/// What the page loader is asked for: a page at a ``Position`` in the list, in `direction`, for
/// `context`.
///
/// Most loaders read ``cursor`` and ``direction`` only: the page after a `next` cursor (`.bottom`,
/// `.trailing`), before a `previous` cursor (`.top`, `.leading`), or the first page when the cursor
/// is nil. A loader that supports jumps and refresh in place also answers ``Position/around(_:)``
/// (the page holding an anchor, with elements on both sides) and ``Position/last`` (the end of the
/// list):
///
/// ```swift
/// let limit = request.count ?? 50  // how many the feature asks for; 50 where it has seen no page
/// switch request.position {
/// case .first: try await api.messages(limit: limit)
/// case .last: try await api.messages(before: nil, limit: limit)
/// case .after(let cursor): try await api.messages(after: cursor, limit: limit)
/// case .before(let cursor): try await api.messages(before: cursor, limit: limit)
/// case .around(let anchor): try await api.messages(around: anchor, limit: limit)
/// }
/// ```
///
/// ``count`` is how many elements the feature would like (Paging 3's `loadSize`): the page size it
/// has seen, or more when a fast scroll needs more per round trip (``PaginationFeature/loadSize``).
/// A loader that ignores it, and sends its own page size, works as well: a page may hold more or
/// fewer elements than asked for.
public struct PageRequest: Hashable, Sendable, CustomStringConvertible {
  /// Where in the list the requested page lies.
  public enum Position: Hashable, Sendable, CustomStringConvertible {
    /// The first page of the list (a refresh from the start, or the first load after a reset).
    case first
    /// The last page of the list, whose `next` cursor is nil (a jump to the end).
    case last
    /// The page that a `next` cursor points to.
    case after(PaginationCursor)
    /// The page that a `previous` cursor points to.
    case before(PaginationCursor)
    /// A page holding the element this anchor names, with elements on both sides of it where the
    /// list has them, and cursors both ways (a jump, or a refresh in place).
    case around(PaginationCursor)

    /// The cursor this position carries; nil for ``first`` and ``last``.
    public var cursor: PaginationCursor? {
      switch self {
      case .first, .last: nil
      case .after(let cursor), .before(let cursor), .around(let cursor): cursor
      }
    }

    /// Whether a page at this position replaces the loaded pages instead of extending them.
    public var replacesWindow: Bool {
      switch self {
      case .first, .last, .around: true
      case .after, .before: false
      }
    }

    /// `first`, `last`, `after "c"`, `before "c"`, `around "c"`.
    public var description: String {
      switch self {
      case .first: "first page"
      case .last: "last page"
      case .after(let cursor): "after \"\(cursor)\""
      case .before(let cursor): "before \"\(cursor)\""
      case .around(let cursor): "around \"\(cursor)\""
      }
    }
  }

  /// Which way the list is growing. Requests that replace the loaded pages say `.bottom`
  /// (``Position/first``, ``Position/around(_:)``) or `.top` (``Position/last``).
  public let direction: PaginationDirection
  /// The state's context when the request was made.
  public let context: any PaginationContext
  /// Where in the list the requested page lies.
  public let position: Position

  /// Whether the user asked to refresh: a loader with a cache should ask the network (and update
  /// the cache) rather than answer from the cache. False for paging, jumps and resets.
  public let isRefresh: Bool

  /// How many elements the loader is asked for (at least 1): the size of the pages the feature
  /// has received, or more when a fast scroll needs more per round trip; nil before the feature
  /// has seen a page (a loader then uses its own page size). A hint, not a contract: a page of
  /// another size is taken as it comes.
  public let count: Int?

  /// The cursor of the page to load: the `next` or `previous` cursor of a loaded page; nil for the
  /// first page, and for the pages that replace the window (``Position/last``,
  /// ``Position/around(_:)``), so that a loader that reads only `cursor` answers those with its
  /// first page.
  public var cursor: PaginationCursor? {
    switch position {
    case .after(let cursor), .before(let cursor): cursor
    case .first, .last, .around: nil
    }
  }

  /// A request for the page at `cursor` in `direction`, or for the first page when `cursor` is nil,
  /// of `count` elements (nil: the loader's page size; below 1 counts as 1).
  public init(
    direction: PaginationDirection, context: any PaginationContext = .none, cursor: PaginationCursor?,
    count: Int? = nil
  ) {
    let position: Position
    switch (cursor, direction.edge) {
    case (nil, _): position = .first
    case (let cursor?, .end): position = .after(cursor)
    case (let cursor?, .start): position = .before(cursor)
    }
    self.init(position, direction: direction, context: context, count: count)
  }

  /// A request for the page at `position`; `isRefresh` when the user asked to refresh; of `count`
  /// elements (nil: the loader's page size; below 1 counts as 1).
  public init(
    _ position: Position, direction: PaginationDirection? = nil, context: any PaginationContext = .none,
    isRefresh: Bool = false, count: Int? = nil
  ) {
    self.position = position
    self.context = context
    self.isRefresh = isRefresh
    self.count = count.map { Swift.max(1, $0) }
    switch (direction, position) {
    case (let direction?, _): self.direction = direction
    case (nil, .before), (nil, .last): self.direction = .top
    case (nil, .first), (nil, .after), (nil, .around): self.direction = .bottom
    }
  }

  /// The context as the loader's own type; throws ``PaginationError/contextTypeMismatch(expected:actual:)``
  /// if it is something else.
  public func context<Context: PaginationContext>(as type: Context.Type) throws -> Context {
    try cast(context, as: type)
  }

  /// The same request at `position` (a loader that rewrites where the page starts, as
  /// `LayeredPageLoader` names an element by its key): direction, context, refresh flag and
  /// ``count`` kept.
  public func with(position: Position) -> PageRequest {
    PageRequest(position, direction: direction, context: context, isRefresh: isRefresh, count: count)
  }

  /// Same direction, position, refresh flag and context. The ``count`` is not compared: a request
  /// for the same place is the same request whatever size it asks for (one load per place, and an
  /// answer matches its request).
  public static func == (lhs: PageRequest, rhs: PageRequest) -> Bool {
    lhs.direction == rhs.direction && lhs.position == rhs.position && lhs.isRefresh == rhs.isRefresh
      && contextsEqual(lhs.context, rhs.context)
  }

  /// Hashes the direction and position.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(direction)
    hasher.combine(position)
  }

  /// `bottom after "page-2"`, `bottom first page`, `bottom around "42" (refresh)`.
  public var description: String {
    "\(direction) \(position)\(isRefresh ? " (refresh)" : "")"
  }
}
