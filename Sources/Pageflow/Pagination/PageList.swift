/// A loaded page as the state remembers it: its cursors and how many of the state's elements came
/// from it (after duplicates were dropped).
public struct PageInfo: Hashable, Sendable, CustomStringConvertible {
  /// The cursor of the page before this one.
  public var previous: PaginationCursor?
  /// The cursor of the page after this one.
  public var next: PaginationCursor?
  /// How many elements of the list belong to this page (never negative: a negative count is 0).
  public var count: Int {
    didSet { if count < 0 { count = 0 } }
  }
  /// Whether the page may be out of date: a cache answered it while the source of truth could not.
  public var isStale: Bool
  /// The first and last elements the loader sent for this page: the positions its cursors were
  /// given next to, kept after those elements are removed from the list. Not compared.
  @usableFromInline var sent: SentEdges?
  /// The cursor the page was loaded with at an edge, forgotten by that edge when the page is
  /// evicted (so that what an edge remembers stays as small as the window). Not compared.
  @usableFromInline var loadedBy: PaginationCursor?

  /// The first and last elements of a page as the loader sent it.
  @usableFromInline
  struct SentEdges: Sendable {
    @usableFromInline let first: any Sendable
    @usableFromInline let last: any Sendable

    @inlinable
    init?(_ elements: [some Sendable]) {
      guard let first = elements.first, let last = elements.last else { return nil }
      self.init(first: first, last: last)
    }

    /// The edges `first` and `last`.
    @inlinable
    init(first: any Sendable, last: any Sendable) {
      self.first = first
      self.last = last
    }
  }

  /// A page of `count` elements (none when negative) between `previous` and `next`.
  public init(previous: PaginationCursor? = nil, next: PaginationCursor? = nil, count: Int, isStale: Bool = false) {
    self.previous = previous
    self.next = next
    self.count = Swift.max(0, count)
    self.isStale = isStale
  }

  /// The page the loader sent for a request with `cursor`, of which `count` elements were new.
  @inlinable
  init<Element: Sendable>(_ page: Page<Element>, count: Int, loadedBy cursor: PaginationCursor? = nil) {
    self.loadedBy = cursor
    self.previous = page.previous
    self.next = page.next
    self.count = count
    self.isStale = page.isStale
    self.sent = SentEdges(page.elements)
  }

  /// Same cursors, count and staleness.
  public static func == (lhs: PageInfo, rhs: PageInfo) -> Bool {
    lhs.previous == rhs.previous && lhs.next == rhs.next && lhs.count == rhs.count && lhs.isStale == rhs.isStale
  }

  /// Hashes the cursors, the count and the staleness.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(previous)
    hasher.combine(next)
    hasher.combine(count)
    hasher.combine(isStale)
  }

  /// `Page(previous: "page-1", next: "page-3", count: 20)`, with `, stale` when it is.
  public var description: String {
    "Page(previous: \(previous.map { "\"\($0)\"" } ?? "nil"), next: \(next.map { "\"\($0)\"" } ?? "nil"), "
      + "count: \(count)\(isStale ? ", stale" : ""))"
  }
}

/// The loaded pages, in list order, with amortised O(1) prepend and append, and each page's place
/// in the list's elements: ``range(ofPage:)`` in O(1), ``page(containingOffset:)`` in O(log pages).
///
/// Each page keeps the absolute position of its first element; an offset is a position minus the
/// first page's. Appending, prepending or removing a page at either end renumbers nothing; a
/// page whose count changes (a live insert or removal inside it) moves the starts of the pages on
/// its shorter side.
public struct PageList: RandomAccessCollection, Equatable, Sendable {
  /// The pages, in order.
  private var infos = EdgeBuffer<PageInfo>()
  /// The absolute position of each page's first element, beside `infos` (offset for offset), so
  /// that finding a page by an element's offset reads positions only, never copies a page.
  private var starts = EdgeBuffer<Int>()
  /// Changes with every change of the pages (``ChangeTracked``).
  private var stamp = ChangeStamp.initial

  /// No pages.
  public init() {}

  /// These pages.
  public init(_ pages: [PageInfo]) {
    for page in pages { append(page) }
  }

  /// Zero.
  public var startIndex: Int { 0 }
  /// The number of pages.
  public var endIndex: Int { infos.count }

  /// The page at `offset`. Setting a page with another count moves the pages after it (or before
  /// it, whichever side is shorter): O(min(offset, count - offset)).
  public subscript(offset: Int) -> PageInfo {
    get { infos[offset] }
    set {
      let change = newValue.count.subtractingSaturated(infos[offset].count)
      infos[offset] = newValue
      stamp = .next()
      guard change != 0 else { return }
      if offset < infos.count / 2 {
        for earlier in 0...offset { starts[earlier] = starts[earlier].subtractingSaturated(change) }
      } else {
        for later in (offset + 1)..<infos.count { starts[later] = starts[later].addingSaturated(change) }
      }
    }
  }

  /// Same pages in the same order: O(1) for a copy of the same value, O(pages) otherwise.
  public static func == (lhs: PageList, rhs: PageList) -> Bool {
    lhs.stamp == rhs.stamp || (lhs.count == rhs.count && lhs.elementsEqual(rhs))
  }

  /// Adds `page` after the last page.
  public mutating func append(_ page: PageInfo) {
    let start = infos.last.map { starts[starts.count - 1].addingSaturated($0.count) } ?? 0
    infos.append(page)
    starts.append(start)
    stamp = .next()
  }

  /// Adds `page` before the first page.
  public mutating func prepend(_ page: PageInfo) {
    let start = (starts.first ?? 0).subtractingSaturated(page.count)
    infos.prepend(page)
    starts.prepend(start)
    stamp = .next()
  }

  /// Removes and returns the first page.
  @discardableResult
  public mutating func popFirst() -> PageInfo? {
    guard let page = infos.removeFirst() else { return nil }
    _ = starts.removeFirst()
    stamp = .next()
    return page
  }

  /// Removes and returns the last page.
  @discardableResult
  public mutating func popLast() -> PageInfo? {
    guard let page = infos.removeLast() else { return nil }
    _ = starts.removeLast()
    stamp = .next()
    return page
  }

  /// Removes every page.
  public mutating func removeAll() {
    infos.removeAll()
    starts.removeAll()
    stamp = .next()
  }

  /// The offsets in the list's elements of the elements that came from page `index`: O(1); nil when
  /// there is no such page. A page whose elements were all duplicates or removed has an empty range.
  ///
  /// ```swift
  /// let range = state.pages.range(ofPage: 2)  // 40..<60: the third page's elements
  /// ```
  public func range(ofPage index: Int) -> Range<Int>? {
    guard indices.contains(index), let first = starts.first else { return nil }
    let start = starts[index].subtractingSaturated(first)
    return start..<start.addingSaturated(infos[index].count)
  }

  /// The page the element at `elementOffset` came from: O(log pages); nil for an offset outside
  /// the pages.
  ///
  /// ```swift
  /// let page = state.pages.page(containingOffset: 45)  // 2, when pages hold 20 elements each
  /// ```
  public func page(containingOffset elementOffset: Int) -> Int? {
    page(containing: elementOffset)
  }

  /// The offset of the page that holds the element at `elementOffset`: the last page that starts at
  /// or before it, if it reaches that far (an empty page shares its start with the page after it).
  @usableFromInline
  func page(containing elementOffset: Int) -> Int? {
    guard elementOffset >= 0, let first = starts.first,
      case (let position, false) = first.addingReportingOverflow(elementOffset)
    else { return nil }
    var low = 0
    var high = starts.count
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if starts[middle] <= position { low = middle } else { high = middle }
    }
    return position < starts[low].addingSaturated(infos[low].count) ? low : nil
  }
}

extension PageList: ChangeTracked {
  /// A stamp that changes with every change of the pages: O(1) to compare.
  public var changeToken: ChangeStamp { stamp }
}

extension PageList: CustomReflectable {
  /// Reflects as the list of pages.
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
