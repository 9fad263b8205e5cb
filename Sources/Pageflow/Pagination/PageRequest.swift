/// What the page loader is asked for: the page at `cursor`, in `direction`, for `context`.
///
/// A nil `cursor` asks for the first page of the list (a refresh, or the first load after
/// ``PaginationFeature/Action/reset(context:)``).
public struct PageRequest: Hashable, Sendable, CustomStringConvertible {
  /// Which way the list is growing.
  public let direction: PaginationDirection
  /// The state's context when the request was made.
  public let context: any PaginationContext
  /// The page to load; nil for the first page.
  public let cursor: PaginationCursor?

  /// A request for the page at `cursor`.
  public init(direction: PaginationDirection, context: any PaginationContext = .none, cursor: PaginationCursor?) {
    self.direction = direction
    self.context = context
    self.cursor = cursor
  }

  /// The context as the loader's own type; throws ``PaginationError/contextTypeMismatch(expected:actual:)``
  /// if it is something else.
  public func context<Context: PaginationContext>(as type: Context.Type) throws -> Context {
    try cast(context, as: type)
  }

  /// Same direction, cursor and context.
  public static func == (lhs: PageRequest, rhs: PageRequest) -> Bool {
    lhs.direction == rhs.direction && lhs.cursor == rhs.cursor && contextsEqual(lhs.context, rhs.context)
  }

  /// Hashes the direction and cursor.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(direction)
    hasher.combine(cursor)
  }

  /// `bottom "page-2"`, or `bottom first page`.
  public var description: String {
    "\(direction) \(cursor.map { "\"\($0)\"" } ?? "first page")"
  }
}
