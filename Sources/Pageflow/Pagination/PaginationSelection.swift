/// Selection and visibility: moving the selection, continuing it across a page boundary, and the
/// prefetch that an element on screen triggers.
extension PaginationFeature.State {
  @inlinable
  mutating func select(_ direction: PaginationDirection, rules: Rules) -> [Command] {
    lastVisible = nil
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
    return [.didSelect(element)]
  }

  @inlinable
  mutating func elementAppeared(_ id: Element.ID, rules: Rules) -> [Command] {
    guard elements.contains(id: id) else { return [] }
    lastVisible = id
    var commands: [Command] = []
    if let bound = windowBound(rules: rules), elements.count > bound {
      // Over the bound (a far edge that could not go while the screen was elsewhere): shrink now.
      var eviction = Eviction()
      shrink(toBound: bound, away: farEdge(from: focusIndex), into: &eviction)
      commands = report(eviction)
    }
    guard let index = elements.index(id: id) else { return commands }
    let distance = prefetchDistance(rules)
    if index >= elements.count - 1 - distance { commands += requestPage(.bottom) }
    if index <= distance { commands += requestPage(.top) }
    return commands
  }

  /// How far from an edge a visible element starts the next page: the configured distance, or one
  /// page.
  @inlinable
  func prefetchDistance(_ rules: Rules) -> Int {
    rules.prefetchDistance ?? Swift.max(1, largestPage)
  }

  @inlinable
  mutating func moveSelection(toward edge: PaginationEdge) -> [Command] {
    guard let index = selectionIndex else { return [] }
    let target = edge == .end ? index + 1 : index - 1
    guard elements.indices.contains(target) else { return [] }
    selection = elements[target].id
    return [.didSelect(elements[target])]
  }

  /// Keeps the rule that the selection names a loaded element whenever one is loaded: a selection
  /// that names nothing moves to the element at `edge` (where its page was evicted, or where the
  /// first elements arrived).
  @inlinable
  mutating func ensureSelection(near edge: PaginationEdge = .start) -> [Command] {
    guard !elements.contains(id: selection), let element = edge == .start ? elements.first : elements.last else {
      return []
    }
    selection = element.id
    return [.didSelect(element)]
  }
}
