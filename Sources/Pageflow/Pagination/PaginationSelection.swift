/// Selection and visibility: moving the selection, continuing it across a page boundary, and the
/// prefetch that an element on screen triggers.
extension PaginationFeature.State {
  @inlinable
  mutating func select(_ direction: PaginationDirection, rules: Rules) -> [Command] {
    lastVisible = nil
    defer { markSeen(at: selectionIndex) }
    guard reach == nil else { return giveUpReach() }  // the nearest loaded element, to move from
    guard selectionIndex != nil else { return ensureSelection() }
    let edge = direction.edge
    let moved = moveSelection(toward: edge)
    guard moved.isEmpty else { return moved }
    let commands = requestPage(direction)
    if direction.isHorizontal, self[edge].isLoading { pendingSelection = edge }
    return commands
  }

  @inlinable
  mutating func selectElement(_ id: Element.ID) -> [Command] {
    guard let element = elements[id: id] else { return [] }
    selection = id
    lastVisible = nil
    reach = nil
    markSeen(at: selectionIndex)
    return [.didSelect(element)]
  }

  @inlinable
  mutating func elementAppeared(_ id: Element.ID, rules: Rules) -> [Command] {
    guard var index = elements.index(id: id) else { return [] }
    if loadSizes.isAdaptive {
      loadSizes.appeared(at: index, after: lastVisible.flatMap { elements.index(id: $0) }, of: elements.count)
    }
    lastVisible = id
    markSeen(at: index)
    if let landed = landIfRunOut(at: index, rules: rules) { return landed }
    // Over the bound (a far edge that could not go while the screen was elsewhere): shrink now.
    let eviction = shrinkToBound(rules: rules, screen: lastVisible)
    var commands = report(eviction)
    if eviction.evictedPages > 0 {
      guard let shifted = elements.index(id: id) else { return commands }
      index = shifted
    }
    if index >= elements.count - 1 - prefetchDistance(toward: .end, rules) { commands += requestPage(.bottom) }
    if index <= prefetchDistance(toward: .start, rules) { commands += requestPage(.top) }
    return commands
  }

  /// How far from an edge a visible element starts the next page: the configured distance, or one
  /// page; with adaptive load sizes, the larger of the two edges' distances (the reach that
  /// eviction keeps around what is on screen).
  @inlinable
  func prefetchDistance(_ rules: Rules) -> Int {
    guard loadSizes.isAdaptive else { return rules.prefetchDistance ?? Swift.max(1, largestPage) }
    return Swift.max(loadSizes.prefetchDistance(toward: .start), loadSizes.prefetchDistance(toward: .end))
  }

  /// How many elements a request at `edge` asks for (``PageRequest/count``): the page size seen, or
  /// with adaptive load sizes what the scroll toward that edge needs, knowing how far the element on
  /// screen is from it.
  @inlinable
  func requestedCount(toward edge: PaginationEdge) -> Int? {
    guard loadSizes.isAdaptive else { return loadSizes.pageCount }
    let ahead = lastVisible.flatMap { elements.index(id: $0) }.map { edge == .end ? elements.count - 1 - $0 : $0 }
    return loadSizes.count(toward: edge, ahead: ahead)
  }

  /// How far from `edge` a visible element starts the next page there: ``prefetchDistance(_:)``,
  /// or with adaptive load sizes what the scroll toward that edge needs over a round trip.
  @inlinable
  func prefetchDistance(toward edge: PaginationEdge, _ rules: Rules) -> Int {
    loadSizes.isAdaptive ? loadSizes.prefetchDistance(toward: edge) : prefetchDistance(rules)
  }

  @inlinable
  mutating func moveSelection(toward edge: PaginationEdge) -> [Command] {
    guard let index = selectionIndex else { return [] }
    let target = edge == .end ? index + 1 : index - 1
    guard elements.indices.contains(target) else { return [] }
    selection = elements[target].id
    return [.didSelect(elements[target])]
  }

  /// Keeps the rule that the selection names a loaded element whenever one is loaded (except while
  /// a restore loads toward it): a selection that names nothing moves to the element at `edge`
  /// (where its page was evicted, or where the first elements arrived).
  @inlinable
  mutating func ensureSelection(near edge: PaginationEdge = .start) -> [Command] {
    guard reach == nil, !elements.contains(id: selection),
      let element = edge == .start ? elements.first : elements.last
    else {
      return []
    }
    selection = element.id
    return [.didSelect(element)]
  }
}
