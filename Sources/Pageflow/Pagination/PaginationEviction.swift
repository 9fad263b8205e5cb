/// Eviction: with ``PaginationFeature/maxElements`` set, a window that grew past the limit at one
/// edge drops whole pages from the other edge, the one the user is moving away from, and that edge
/// keeps the cursor that loads them again.
extension PaginationFeature.State {
  /// Evicts pages at `edge` until the window is within the limit or no page there may go; returns
  /// the commands that tell the parent (and cancel a load at that edge, which moved).
  ///
  /// A page stays when it holds an element of the ``keptStretch(reach:limit:)`` (what is on screen
  /// and the selection, out to the prefetch distance, so that eviction never makes the next scroll
  /// load again); when it is the last page; and when no cursor could load it again (its neighbour
  /// has none toward it), so nothing evicted is lost for good. What stays may exceed the limit.
  @inlinable
  mutating func evict(at edge: PaginationEdge, rules: Rules) -> [Command] {
    guard let limit = rules.maxElements, elements.count > limit else { return [] }
    let reach = prefetchDistance(rules)
    let needed = 3 * largestPage + 2 * reach
    if limit < needed {
      RuntimeWarning.emitOnce(
        "maxElements \(limit) is below what a scroll needs with pages of \(largestPage) and a prefetch "
          + "distance of \(reach): \(needed) elements (3 pages and the prefetch distance on both sides). The "
          + "window keeps what is on screen and near it, and holds more than the limit.")
    }
    var kept = keptStretch(reach: reach, limit: limit)
    var evicted = 0
    var commands: [Command] = []
    while elements.count > limit, mayEvictPage(at: edge, keeping: kept) {
      commands += stopLoading(edge)
      let page = edge == .start ? pages.popFirst() : pages.popLast()
      let count = page?.count ?? 0
      if edge == .start { elements.removeFirst(count) } else { elements.removeLast(count) }
      evicted += count
      kept = edge == .start ? kept.map { ($0.lowerBound - count)...($0.upperBound - count) } : kept
      if let cursor = page?.loadedBy {
        // The other edge may have loaded it; the cursor now lies beyond the window.
        updateBook(edge.opposite) { _ = $0.requested.remove(cursor) }
      }
      // The edge has a cursor again; the cursors it asked for belong to pages that are gone.
      self[edge] = .idle
      updateBook(edge) { $0 = .init() }
    }
    return evicted > 0 ? commands + [.didEvict(edge, evicted)] : commands
  }

  /// The offsets of the elements eviction keeps: those within `reach` of the last visible element,
  /// and of the selection with everything between the two while that stretch fits `limit` (a user
  /// who scrolled further from the selection than the window holds has left it: it then moves to
  /// the nearest element that stays). Nil when neither is in the window.
  @inlinable
  func keptStretch(reach: Int, limit: Int) -> ClosedRange<Int>? {
    let visible = lastVisible.flatMap { elements.index(id: $0) }
    let selected = selectionIndex
    guard let focus = visible ?? selected else { return nil }
    var low = Swift.min(focus, selected ?? focus)
    var high = Swift.max(focus, selected ?? focus)
    if high - low + 2 * reach + 1 > limit {
      (low, high) = (focus, focus)
    }
    return Swift.max(0, low - reach)...Swift.min(elements.count - 1, high + reach)
  }

  /// Whether the page at `edge` may be evicted without touching `kept` (nil: anything at that edge
  /// may go).
  @inlinable
  func mayEvictPage(at edge: PaginationEdge, keeping kept: ClosedRange<Int>?) -> Bool {
    guard pages.count > 1, let first = pages.first, let last = pages.last else { return false }
    if edge == .start {
      return pages[1].previous != nil && !(kept?.overlaps(0..<first.count) ?? false)
    } else {
      return pages[pages.count - 2].next != nil
        && !(kept?.overlaps((elements.count - last.count)..<elements.count) ?? false)
    }
  }
}
