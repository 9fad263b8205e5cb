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
  /// (``shrink(toBound:away:screen:into:)``). Then, toward `maxElements`, at the edge away from the growth
  /// (for an insert, the edge farther from what is on screen), a page goes unless it holds an
  /// element of the kept stretch: what is on screen and the selection (where an eviction moved
  /// it), out to the prefetch distance, so that eviction never makes the next scroll load again.
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
    let order = rules.areInIncreasingOrder
    shrink(toBound: bound, away: away, screen: lastVisible, order: order, into: &eviction)
    while elements.count > limit, mayEvictPage(at: away, keeping: keptStretch(reach: reach, limit: limit)) {
      evictPage(at: away, order: order, into: &eviction)
    }
    if elements.count > limit { warnIfHeldByMissingCursor(limit: limit) }
    return eviction
  }

  /// Warns, once in a debug build, when the window stays over `limit` because the page at an edge
  /// cannot be evicted: the page next to it has no cursor toward it, so nothing could load it again.
  /// A list's own pages always have one (only the list's ends lack a cursor, beyond them); a loader
  /// that drops it keeps every page it loads at that end, and the bound is lost.
  @inlinable
  func warnIfHeldByMissingCursor(limit: Int) {
    guard pages.count > 1, let first = pages.first, let last = pages.last else { return }
    if first.count > 0, pages[1].previous == nil {
      RuntimeWarning.emitOnce(
        "maxElements \(limit) is exceeded and nothing can be evicted at the start: the page after it has no "
          + "previous cursor to load it again, so the window keeps every page loaded at that end. The loader "
          + "likely drops the backward cursor: a Relay connection mapped so that hasPreviousPage: false leaves "
          + "previous nil while paging forward (keep startCursor as previous; RelayPages does).")
    } else if last.count > 0, pages[pages.count - 2].next == nil {
      RuntimeWarning.emitOnce(
        "maxElements \(limit) is exceeded and nothing can be evicted at the end: the page before it has no "
          + "next cursor to load it again, so the window keeps every page loaded at that end. The loader "
          + "likely drops the forward cursor: a Relay connection mapped so that hasNextPage: false leaves "
          + "next nil while paging backward (keep endCursor as next; RelayPages does).")
    }
  }

  /// Brings a window that is over `bound` under it (it grew far from what is on screen: pages asked
  /// for with `.loadPage` while the screen stayed elsewhere, or never reported; or the screen moved
  /// to where the far edge can go): evicts at the edge farther from what is on screen (`screen`: the
  /// last visible element, or a selection just moved by hand; with nothing there, at `away`),
  /// keeping only the page that holds it, so that what is on screen wins over a page that just
  /// arrived. A page no cursor could load again (its neighbour has none toward it) never goes, nor
  /// does the last.
  @inlinable
  mutating func shrink(
    toBound bound: Int, away: PaginationEdge, screen focus: Element.ID?, order: Order?,
    into eviction: inout Eviction
  ) {
    while elements.count > bound {
      let screen = focus.flatMap { elements.index(id: $0) }
      let far = screen.map(farEdge(from:)) ?? away
      guard mayEvictPage(at: far, keeping: screen.flatMap(pageRange(holding:))) else { return }
      evictPage(at: far, order: order, into: &eviction)
    }
  }

  /// Brings a window over ``windowBound(rules:)`` under it after a change that let it shrink (the
  /// element on screen moved, or was forgotten for a selection moved by hand, which is then what the
  /// user looks at: `screen`; a removal emptied a page that held it up): see
  /// ``shrink(toBound:away:screen:into:)``.
  @inlinable
  mutating func shrinkToBound(rules: Rules, screen: Element.ID?) -> Eviction {
    var eviction = Eviction()
    if let bound = windowBound(rules: rules), elements.count > bound {
      shrink(
        toBound: bound, away: farEdge(from: focusIndex), screen: screen, order: rules.areInIncreasingOrder,
        into: &eviction)
    }
    return eviction
  }

  /// `commands` of an action that moved the selection by hand, after the eviction that brings the
  /// window under its bound around the selection (the last visible element is forgotten, and with
  /// it the page that may have held the window over its bound).
  @inlinable
  mutating func shrinkingAroundSelection(_ commands: [Command], rules: Rules) -> [Command] {
    let eviction = shrinkToBound(rules: rules, screen: selection)
    guard eviction.evictedPages > 0 else { return commands }
    return eviction.commands + [.didUpdate] + commands
  }

  /// The commands of an eviction outside a page's arrival (a live insert, a move of the screen):
  /// `didEvict`, then `didUpdate`, then `didSelect` when the selection lost its page. None when
  /// nothing was evicted.
  @inlinable
  func report(_ eviction: Eviction) -> [Command] {
    guard eviction.evictedPages > 0 else { return [] }
    return eviction.commands + [.didUpdate] + selected(after: eviction)
  }

  /// `didSelect` with the selection's new element when the eviction moved it; none otherwise.
  @inlinable
  func selected(after eviction: Eviction) -> [Command] {
    selected(moved: eviction.movedSelection)
  }

  /// `didSelect` with the selected element when the selection `moved`; none otherwise.
  @inlinable
  func selected(moved: Bool) -> [Command] {
    guard moved, let element = selectedElement else { return [] }
    return [.didSelect(element)]
  }

  /// What an eviction did: the elements and pages evicted at each edge, the loads it cancelled, and
  /// whether the selection lost its page (and moved to the nearest element that stays).
  @usableFromInline
  struct Eviction {
    @usableFromInline var evictedAtStart = 0
    @usableFromInline var evictedAtEnd = 0
    @usableFromInline var evictedPages = 0
    @usableFromInline var cancels: [Command] = []
    @usableFromInline var movedSelection = false

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
  /// given next to them, so it would not load them again (``overlapWithNeighbour(at:order:)``). A
  /// selection among the elements that go
  /// moves to the nearest element that stays. A page emptied by removals is dropped instead
  /// (``dropEmptyPage(at:)``).
  @inlinable
  mutating func evictPage(at edge: PaginationEdge, order: Order?, into eviction: inout Eviction) {
    eviction.evictedPages += 1
    guard (edge == .start ? pages.first : pages.last)?.count != 0 else { return dropEmptyPage(at: edge) }
    eviction.cancels += stopLoading(edge)
    let overlap = overlapWithNeighbour(at: edge, order: order)
    let selected = selectionIndex
    let page = edge == .start ? pages.popFirst() : pages.popLast()
    let count = (page?.count ?? 0) - overlap
    let before = elements.count
    if edge == .start { elements.removeFirst(count) } else { elements.removeLast(count) }
    if overlap > 0 {
      let neighbour = edge == .start ? 0 : pages.count - 1
      pages[neighbour].count += overlap
    }
    if edge == .start { eviction.evictedAtStart += count } else { eviction.evictedAtEnd += count }
    if let selected, edge == .start ? selected < count : selected >= before - count,
      let nearest = edge == .start ? elements.first : elements.last
    {
      selection = nearest.id
      eviction.movedSelection = true
    }
    if let cursor = page?.loadedBy {
      // The other edge may have loaded it; the cursor now lies beyond the window.
      updateBook(edge.opposite) { _ = $0.requested.remove(cursor) }
    }
    // The edge has a cursor again; the cursors it asked for belong to pages that are gone, and what
    // failed there is gone with them, with a landing held for its page.
    eviction.cancels += stopRetry(at: .edge(edge))
    forgetHeldLanding(at: edge)
    forgetLandingAside(at: edge)
    self[edge] = .idle
    updateBook(edge) { $0 = .init() }
  }

  /// Drops the page at `edge`, whose elements were all removed: nothing leaves the window, so the
  /// edge stays as it is (its status, its load in flight), and the page next to it takes the
  /// dropped page's cursor and first (or last) sent element at that edge: what lies beyond the
  /// window is loaded as before, and a sorted insert where the dropped page was is still placed.
  /// Dropped even when that page has no cursor toward it (the loader sent it when nothing lay
  /// before it): there is nothing left to load again.
  @inlinable
  mutating func dropEmptyPage(at edge: PaginationEdge) {
    guard pages.count > 1 else { return }
    let neighbour = edge == .start ? 1 : pages.count - 2
    let inner = edge == .start ? sentLast(ofPage: neighbour) : sentFirst(ofPage: neighbour)
    guard let dropped = edge == .start ? pages.popFirst() : pages.popLast() else { return }
    let kept = edge == .start ? 0 : pages.count - 1
    var page = pages[kept]
    if edge == .start { page.previous = dropped.previous } else { page.next = dropped.next }
    if let sent = dropped.sent {
      page.sent =
        edge == .start
        ? PageInfo.SentEdges(first: sent.first, last: inner ?? sent.last)
        : PageInfo.SentEdges(first: inner ?? sent.first, last: sent.last)
    }
    pages[kept] = page
    if let cursor = dropped.loadedBy {
      updateBook(.start) { _ = $0.requested.remove(cursor) }
      updateBook(.end) { _ = $0.requested.remove(cursor) }
    }
  }

  /// How many elements of the page at `edge` lie at or past the element its neighbour's cursor
  /// toward it was given next to (that cursor, left at the edge, would not load them again): from
  /// the neighbour's first sent element to the end of the page (at the start), or from its start to
  /// the neighbour's last sent element (at the end). They are what an overlapping answer sent twice,
  /// and live inserts placed there. Found by position while that element is loaded, else by the
  /// list's order; zero without one, or when that element is not in the page.
  @inlinable
  func overlapWithNeighbour(at edge: PaginationEdge, order: Order?) -> Int {
    guard pages.count > 1, let first = pages.first, let last = pages.last else { return 0 }
    if edge == .start {
      guard let shared = pages[1].sent?.first as? Element else { return 0 }
      guard let offset = elements.index(id: shared.id) else {
        guard let order, first.count > 0 else { return 0 }
        return first.count - elements[0..<first.count].partitioningIndex { !order($0, shared) }
      }
      return offset < first.count ? first.count - offset : 0
    } else {
      let start = elements.count - last.count
      guard let shared = pages[pages.count - 2].sent?.last as? Element else { return 0 }
      guard let offset = elements.index(id: shared.id) else {
        guard let order, last.count > 0 else { return 0 }
        return elements[start..<elements.count].partitioningIndex { order(shared, $0) } - start
      }
      return offset >= start ? offset - start + 1 : 0
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
  /// and of the selection with everything between the two while that stretch, with `reach` on both
  /// sides, fits `limit` (a user who scrolled further from the selection than the window holds has
  /// left it: it then moves to the nearest element that stays). The stretch counts the rows the
  /// list has beyond an edge (a scroll back loads them), but none past an end of the list: a
  /// selection on its first element has no prefetch distance before it. Nil when neither is in the
  /// window.
  @inlinable
  func keptStretch(reach: Int, limit: Int) -> ClosedRange<Int>? {
    guard let focus = focusIndex else { return nil }
    let around = stretch(from: focus, to: focus, reach: reach)
    guard let selected = selectionIndex else { return around }
    let low = Swift.min(focus, selected)
    let high = Swift.max(focus, selected)
    var first = low.subtractingSaturated(reach)
    var last = high.addingSaturated(reach)
    if first < 0, startStatus.isEndReached { first = 0 }
    if last >= elements.count, endStatus.isEndReached { last = elements.count - 1 }
    guard last.subtractingSaturated(first) < limit else { return around }
    return stretch(from: low, to: high, reach: reach)
  }

  /// The offsets from `low` to `high` and `reach` further on both sides, within the window.
  @inlinable
  func stretch(from low: Int, to high: Int, reach: Int) -> ClosedRange<Int> {
    Swift.max(0, low.subtractingSaturated(reach))...Swift.min(elements.count - 1, high.addingSaturated(reach))
  }

  /// Whether the page at `edge` may be evicted without touching `kept` (nil: anything at that edge
  /// may go): never the last page, nor one that no cursor could load again (its neighbour has none
  /// toward it) unless removals emptied it.
  @inlinable
  func mayEvictPage(at edge: PaginationEdge, keeping kept: ClosedRange<Int>?) -> Bool {
    guard pages.count > 1, let page = edge == .start ? pages.first : pages.last else { return false }
    guard page.count > 0 else { return true }
    let neighbour = pages[edge == .start ? 1 : pages.count - 2]
    guard (edge == .start ? neighbour.previous : neighbour.next) != nil else { return false }
    let range = edge == .start ? 0..<page.count : (elements.count - page.count)..<elements.count
    return !(kept?.overlaps(range) ?? false)
  }
}
