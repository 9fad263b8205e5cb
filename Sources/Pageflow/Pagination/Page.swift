/// One page from the loader: its elements, and the cursors of the pages before and after it (nil
/// where there is nothing more in that direction).
public struct Page<Element> {
  /// The cursor of the page before this one, or nil at the start of the list.
  public var previous: PaginationCursor?
  /// The cursor of the page after this one, or nil at the end of the list.
  public var next: PaginationCursor?
  /// The elements, in list order.
  public var elements: [Element]
  /// Whether the page may be out of date: a cache answered it because the source of truth could
  /// not (offline). The list remembers it per page (``PageInfo/isStale``) for the UI to show.
  public var isStale: Bool

  /// A page of `elements` between `previous` and `next`.
  public init(
    previous: PaginationCursor? = nil, next: PaginationCursor? = nil, elements: [Element], isStale: Bool = false
  ) {
    self.previous = previous
    self.next = next
    self.elements = elements
    self.isStale = isStale
  }
}

extension Page: Equatable where Element: Equatable {}
extension Page: Sendable where Element: Sendable {}
