/// One page from the loader: its elements, and the cursors of the pages before and after it (nil
/// where there is nothing more in that direction).
public struct Page<Element> {
  /// The cursor of the page before this one, or nil at the start of the list.
  public var previous: PaginationCursor?
  /// The cursor of the page after this one, or nil at the end of the list.
  public var next: PaginationCursor?
  /// The elements, in list order.
  public var elements: [Element]

  /// A page of `elements` between `previous` and `next`.
  public init(previous: PaginationCursor? = nil, next: PaginationCursor? = nil, elements: [Element]) {
    self.previous = previous
    self.next = next
    self.elements = elements
  }
}

extension Page: Equatable where Element: Equatable {}
extension Page: Sendable where Element: Sendable {}
