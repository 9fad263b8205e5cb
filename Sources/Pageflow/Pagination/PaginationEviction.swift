/// Eviction: with ``PaginationFeature/maxElements`` set, a window that grew (a page at an edge, a
/// live insert) drops whole pages from an edge, and that edge keeps the cursor that loads them again.
///
/// The bound, after every action: at most ``windowBound(rules:)`` elements, that is
/// `max(maxElements, 3 × largest page + 2 × prefetch distance)`; only the page holding what is on
/// screen (or the selection) and pages no cursor could load again are kept beyond it.
extension PaginationFeature.State {
  /// The elements a scroll needs in memory with pages of `page` elements and a prefetch distance of
  /// `prefetch`: the page on screen, the one loading, the one just left, and the prefetch distance
  /// on both sides. Saturates instead of overflowing.
  @inlinable
  static func scrollNeed(page: Int, prefetch: Int) -> Int {
    page.multipliedSaturated(by: 3).addingSaturated(prefetch.multipliedSaturated(by: 2))
  }

  /// The most elements the window holds after any action (nil without a limit): `maxElements`, or
  /// what a scroll needs with the pages received so far when that is more. With adaptive load
  /// sizes the prefetch distance counted is the largest it may reach, so that the bound does not
  /// move as the scroll's rate does.
  @inlinable
  func windowBound(rules: Rules) -> Int? {
    let prefetch = loadSizes.isAdaptive ? loadSizes.prefetchLimit : prefetchDistance(rules)
    return rules.maxElements.map { Swift.max($0, Self.scrollNeed(page: largestPage, prefetch: prefetch)) }
  }

  /// Evicts after the window grew at `grown` (nil: inside it, by a live insert), and says what it
  /// did.
  ///
  /// First, a window over ``windowBound(rules:)`` shrinks under it
  /// (``shrink(toBound:away:into:)``). Then, toward `maxElements`, at the edge away from the growth
  /// (for an insert, the edge farther from what is on screen), a page goes unless it holds an
  /// element of the kept stretch: what is on screen and the selection, out to the prefetch
  /// distance, so that eviction never makes the next scroll load again.
  @inlinable
  mutating func evict(after grown: PaginationEdge?, rules: Rules) -> Eviction {
    var eviction = Eviction()
    guard let limit = rules.maxElements, let bound = windowBound(rules: rules), elements.count > limit else {
      return eviction
    }
    let reach = prefetchDistance(rules)
    if limit < bound {
      RuntimeWarning.emitOnce(
        "maxElements \(limit) is below what a scroll needs with pages of \(largestPage) and a prefetch "
          + "distance of \(reach): \(bound) elements (3 pages and the prefetch distance on both sides). The "
          + "window keeps what is on screen and near it, and holds up to \(bound) elements.")
    }
    elements.reserveIndex(for: bound)
    let away = grown?.opposite ?? farEdge(from: focusIndex)
    shrink(toBound: bound, away: away, into: &eviction)
    while elements.count > limit, mayEvictPage(at: away, keeping: keptStretch(reach: reach, limit: limit)) {
      evictPage(at: away, into: &eviction)
    }
    return eviction
  }

  /// Brings a window that is over `bound` under it (it grew far from what is on screen: pages asked
  /// for with `.loadPage` while the screen stayed elsewhere, or never reported; or the screen moved
  /// to where the far edge can go): evicts at the edge farther from what is on screen (or, with
  /// nothing reported, at `away`), keeping only the page that holds it, so that what is on screen
  /// wins over a page that just arrived. A page no cursor could load again (its neighbour has none
  /// toward it) never goes, nor does the last.
  @inlinable
  mutating func shrink(toBound bound: Int, away: PaginationEdge, into eviction: inout Eviction) {
    while elements.count > bound {
      let screen = lastVisible.flatMap { elements.index(id: $0) }
      let far = screen.map(farEdge(from:)) ?? away
      guard mayEvictPage(at: far, keeping: screen.flatMap(pageRange(holding:))) else { return }
      evictPage(at: far, into: &eviction)
    }
  }

  /// The commands of an eviction outside a page's arrival (a live insert, a move of the screen):
  /// `didEvict`, then `didUpdate`, then `didSelect` when the selection lost its page. None when
  /// nothing was evicted.
  @inlinable
  mutating func report(_ eviction: Eviction) -> [Command] {
    guard eviction.evictedPages > 0 else { return [] }
    return eviction.commands + [.didUpdate] + ensureSelection(near: eviction.selectionLostAt ?? .start)
  }

  /// What an eviction did: the elements and pages evicted at each edge, the loads it cancelled, and
  /// where the selection lost its page.
  @usableFromInline
  struct Eviction {
    @usableFromInline var evictedAtStart = 0
    @usableFromInline var evictedAtEnd = 0
    @usableFromInline var evictedPages = 0
    @usableFromInline var cancels: [Command] = []
    @usableFromInline var selectionLostAt: PaginationEdge?

    @inlinable
    init() {}

    /// The cancellations, then one `didEvict` per edge that evicted, the start's first.
    @inlinable
    var commands: [Command] {
      var commands = cancels
      if evictedAtStart > 0 { commands.append(.didEvict(.start, evictedAtStart)) }
      if evictedAtEnd > 0 { commands.append(.didEvict(.end, evictedAtEnd)) }
      return commands
    }
  }

  /// Evicts the page at `edge`: its elements go, and the edge is idle again with the cursor that
  /// loads it. Its elements that the neighbouring page sent too (an overlapping answer, whose
  /// duplicates kept their first copy) stay, with that page: its cursor toward the evicted page was
  /// given next to them, so it would not load them again.
  @inlinable
  mutating func evictPage(at edge: PaginationEdge, into eviction: inout Eviction) {
    eviction.cancels += stopLoading(edge)
    let overlap = overlapWithNeighbour(at: edge)
    let page = edge == .start ? pages.popFirst() : pages.popLast()
    let count = (page?.count ?? 0) - overlap
    if edge == .start { elements.removeFirst(count) } else { elements.removeLast(count) }
    if overlap > 0 {
      let neighbour = edge == .start ? 0 : pages.count - 1
      pages[neighbour].count += overlap
    }
    if edge == .start { eviction.evictedAtStart += count } else { eviction.evictedAtEnd += count }
    eviction.evictedPages += 1
    if !elements.contains(id: selection) { eviction.selectionLostAt = edge }
    if let cursor = page?.loadedBy {
      // The other edge may have loaded it; the cursor now lies beyond the window.
      updateBook(edge.opposite) { _ = $0.requested.remove(cursor) }
    }
    // The edge has a cursor again; the cursors it asked for belong to pages that are gone, and what
    // failed there is gone with them.
    eviction.cancels += stopRetry(at: .edge(edge))
    self[edge] = .idle
    updateBook(edge) { $0 = .init() }
  }

  /// How many elements of the page at `edge` its neighbour sent too: from the neighbour's first sent
  /// element to the end of the page (at the start), or from its start to the neighbour's last sent
  /// element (at the end). Zero when the neighbour's edge element is not in the page.
  @inlinable
  func overlapWithNeighbour(at edge: PaginationEdge) -> Int {
    guard pages.count > 1, let first = pages.first, let last = pages.last else { return 0 }
    if edge == .start {
      guard let shared = pages[1].sent?.first as? Element, let offset = elements.index(id: shared.id),
        offset < first.count
      else { return 0 }
      return first.count - offset
    } else {
      let start = elements.count - last.count
      guard let shared = pages[pages.count - 2].sent?.last as? Element, let offset = elements.index(id: shared.id),
        offset >= start
      else { return 0 }
      return offset - start + 1
    }
  }

  /// The offset of what is on screen: the last visible element, else the selection; nil when
  /// neither is in the window.
  @inlinable
  var focusIndex: Int? { lastVisible.flatMap { elements.index(id: $0) } ?? selectionIndex }

  /// The edge farther from the element at `focus` (the end when there is none).
  @inlinable
  func farEdge(from focus: Int?) -> PaginationEdge {
    guard let focus else { return .start }
    return focus < elements.count - 1 - focus ? .end : .start
  }

  /// The offsets of the elements of the page holding the element at `offset`.
  @inlinable
  func pageRange(holding offset: Int) -> ClosedRange<Int>? {
    guard let page = pages.page(containing: offset), let range = pages.range(ofPage: page), let last = range.last
    else { return nil }
    return range.lowerBound...last
  }

  /// The offsets of the elements eviction keeps: those within `reach` of the last visible element,
  /// and of the selection with everything between the two while that stretch fits `limit` (a user
  /// who scrolled further from the selection than the window holds has left it: it then moves to
  /// the nearest element that stays). Nil when neither is in the window.
  @inlinable
  func keptStretch(reach: Int, limit: Int) -> ClosedRange<Int>? {
    guard let focus = focusIndex else { return nil }
    let selected = selectionIndex ?? focus
    var low = Swift.min(focus, selected)
    var high = Swift.max(focus, selected)
    if (high - low).addingSaturated(reach.multipliedSaturated(by: 2)).addingSaturated(1) > limit {
      (low, high) = (focus, focus)
    }
    return Swift.max(0, low.subtractingSaturated(reach))...Swift.min(elements.count - 1, high.addingSaturated(reach))
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
