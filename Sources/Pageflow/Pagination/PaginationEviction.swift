/// Eviction: with ``PaginationFeature/maxElements`` set, a window that grew past the limit at one
/// edge drops whole pages from the other edge, the one the user is moving away from, and that edge
/// keeps the cursor that loads them again.
extension PaginationFeature.State {
  /// Evicts pages at `edge` until the window is within the limit or no page there may go; returns
  /// the commands that tell the parent (and cancel a load at that edge, which moved).
  ///
  /// A page stays when it holds an element within the prefetch distance of the last visible element
  /// (or of the selection, when nothing was reported visible), so that eviction never makes the
  /// next scroll load again; when it is the last page; and when no cursor could load it again (its
  /// neighbour has none toward it), so nothing evicted is lost for good. A selection on an evicted
  /// page moves to the nearest element that stays.
  @inlinable
  mutating func evict(at edge: PaginationEdge, rules: Rules) -> [Command] {
    guard let limit = rules.maxElements, elements.count > limit else { return [] }
    let reach = prefetchDistance(rules)
    var evicted = 0
    var commands: [Command] = []
    while elements.count > limit, mayEvictPage(at: edge, reach: reach) {
      commands += stopLoading(edge)
      let page = edge == .start ? pages.popFirst() : pages.popLast()
      let count = page?.count ?? 0
      if edge == .start { elements.removeFirst(count) } else { elements.removeLast(count) }
      evicted += count
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

  /// Whether the page at `edge` may be evicted, keeping `reach` elements around the anchor.
  @inlinable
  func mayEvictPage(at edge: PaginationEdge, reach: Int) -> Bool {
    guard pages.count > 1, let first = pages.first, let last = pages.last else { return false }
    let focus = lastVisible ?? selection
    let anchor = elements.index(id: focus) ?? (edge == .start ? elements.count - 1 : 0)
    let kept = Swift.max(0, anchor - reach)...Swift.min(elements.count - 1, anchor + reach)
    if edge == .start {
      return pages[1].previous != nil && !kept.overlaps(0..<first.count)
    } else {
      return pages[pages.count - 2].next != nil && !kept.overlaps((elements.count - last.count)..<elements.count)
    }
  }
}
