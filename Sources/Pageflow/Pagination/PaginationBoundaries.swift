/// The positions the edges' cursors were given next to: the first and last elements the loader sent
/// for the pages at the edges. They outlive those elements, so that a live insert between a cursor
/// and the window is known to belong in the window, and an insert between two pages joins the page
/// whose cursor would load it again.
extension PaginationFeature.State {
  /// The first element the loader sent for page `index`, or its first loaded element for a page
  /// built by hand; nil for an empty page.
  @inlinable
  func sentFirst(ofPage index: Int) -> Element? {
    if let sent = pages[index].sent { return sent.first as? Element }
    guard pages[index].count > 0 else { return nil }
    return elements[pages.prefix(index).reduce(0) { $0 + $1.count }]
  }

  /// The last element the loader sent for page `index`, or its last loaded element for a page built
  /// by hand; nil for an empty page.
  @inlinable
  func sentLast(ofPage index: Int) -> Element? {
    if let sent = pages[index].sent { return sent.last as? Element }
    guard pages[index].count > 0 else { return nil }
    return elements[pages.prefix(index + 1).reduce(0) { $0 + $1.count } - 1]
  }

  /// The element the start's cursor was given next to.
  @inlinable
  var startBoundary: Element? { pages.indices.lazy.compactMap(sentFirst(ofPage:)).first }

  /// The element the end's cursor was given next to.
  @inlinable
  var endBoundary: Element? { pages.indices.reversed().lazy.compactMap(sentLast(ofPage:)).first }
}
