/// A loaded page as the state remembers it: its cursors and how many of the state's elements came
/// from it (after duplicates were dropped).
public struct PageInfo: Hashable, Sendable, CustomStringConvertible {
  /// The cursor of the page before this one.
  public var previous: PaginationCursor?
  /// The cursor of the page after this one.
  public var next: PaginationCursor?
  /// How many elements of the list belong to this page.
  public var count: Int

  /// A page of `count` elements between `previous` and `next`.
  public init(previous: PaginationCursor? = nil, next: PaginationCursor? = nil, count: Int) {
    self.previous = previous
    self.next = next
    self.count = count
  }

  /// `[prev … next] ×count`.
  public var description: String {
    "Page(previous: \(previous.map { "\"\($0)\"" } ?? "nil"), next: \(next.map { "\"\($0)\"" } ?? "nil"), count: \(count))"
  }
}

/// The loaded pages, in list order, with amortised O(1) prepend and append.
public struct PageList: RandomAccessCollection, Equatable, Sendable {
  private var storage = EdgeBuffer<PageInfo>()

  /// No pages.
  public init() {}

  /// These pages.
  public init(_ pages: [PageInfo]) { storage = EdgeBuffer(pages) }

  /// Zero.
  public var startIndex: Int { 0 }
  /// The number of pages.
  public var endIndex: Int { storage.count }
  /// The page at `offset`.
  public subscript(offset: Int) -> PageInfo {
    get { storage[offset] }
    set { storage[offset] = newValue }
  }

  /// Same pages in the same order.
  public static func == (lhs: PageList, rhs: PageList) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }

  /// Adds `page` after the last page.
  public mutating func append(_ page: PageInfo) { storage.append(page) }
  /// Adds `page` before the first page.
  public mutating func prepend(_ page: PageInfo) { storage.prepend(page) }
  /// Removes every page.
  public mutating func removeAll() { storage.removeAll() }

  /// The offset of the page that holds the element at `elementOffset`: O(pages).
  @usableFromInline
  func page(containing elementOffset: Int) -> Int? {
    var end = 0
    for offset in indices {
      end += self[offset].count
      if elementOffset < end { return offset }
    }
    return nil
  }
}

extension PageList: CustomReflectable {
  /// Reflects as the list of pages.
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
