extension PaginationFeature {
  /// A restored selection that the page around the element on screen did not hold: the window
  /// loads toward it, a page at a time at one edge, until it holds it, and selects it then.
  @usableFromInline
  struct SelectionReach: Sendable {
    /// The element to select once loaded; meanwhile the selection names it, unloaded.
    @usableFromInline var target: Element.ID
    /// The element on screen it counts from.
    @usableFromInline var anchor: Element.ID
    /// The edge toward it.
    @usableFromInline var edge: PaginationEdge
    /// How many more elements may arrive at that edge before the window gives up on it.
    @usableFromInline var budget: Int
    /// Where it was from the element on screen when the place was saved, in elements.
    @usableFromInline var offset: Int

    /// The reach toward `target`, `offset` elements from `anchor`, after the window became `page`;
    /// nil when there is none to make: the page holds the target or lacks the anchor (the offset
    /// counts from it), or nothing lies beyond the page on that side. It gives up past where the
    /// target was and a page more (the list may have grown between them).
    @inlinable
    init?(
      target: Element.ID, offset: Int?, anchor: Element.ID, in fresh: IdentifiedElements<Element>,
      page: Pageflow.Page<Element>
    ) {
      guard let offset, offset != 0, !fresh.contains(id: target), let anchorIndex = fresh.index(id: anchor) else {
        return nil
      }
      let edge = offset > 0 ? PaginationEdge.end : .start
      guard (edge == .end ? page.next : page.previous) != nil else { return nil }
      self.target = target
      self.anchor = anchor
      self.edge = edge
      // The rows beyond the page up to where it was, and a page more.
      let inPage = edge == .end ? fresh.count - 1 - anchorIndex : anchorIndex
      self.budget = Swift.max(0, (offset == .min ? .max : abs(offset)) - inPage).addingSaturated(fresh.count)
      self.offset = offset
    }
  }
}

/// Keeping a restored selection: the window loads toward it at one edge, and selects it when it
/// arrives; when that edge ends, fails for good or is cancelled, or after the distance the place
/// gave and a page more, it selects the element loaded nearest where it was.
extension PaginationFeature.State {
  /// Loads the next page toward the selection being reached, or gives up when that edge cannot
  /// load (its end, a failure without a retry); a page in flight or a retry to come goes on.
  @inlinable
  mutating func continueReach() -> [Command] {
    guard let reach, !isRefreshing else { return [] }
    let loads = self[reach.edge] == .idle ? requestPage(reach.edge == .start ? .top : .bottom) : []
    if self[reach.edge].isLoading || scheduledRetry(.edge(reach.edge)) != nil { return loads }
    return loads + giveUpReach()
  }

  /// After a page arrived at `edge`: selects the selection being reached if it is in now (a page at
  /// either edge may bring it), else goes on at its edge (or gives up past the budget).
  @inlinable
  mutating func advanceReach(at edge: PaginationEdge, added: Int) -> [Command] {
    let arrived = selectReachedTarget()
    guard arrived.isEmpty, var reach, reach.edge == edge else { return arrived }
    reach.budget -= added
    self.reach = reach
    return reach.budget > 0 ? continueReach() : giveUpReach()
  }

  /// Selects the selection being reached once it is loaded, by a page or a live insert.
  @inlinable
  mutating func selectReachedTarget() -> [Command] {
    guard let reach, let found = elements[id: reach.target] else { return [] }
    self.reach = nil
    return [.didSelect(found)]
  }

  /// Stops reaching: the selection is the target if it arrived some other way,
  /// else the loaded element nearest where it was (the offset from the element on screen).
  @inlinable
  mutating func giveUpReach() -> [Command] {
    guard let reach else { return [] }
    self.reach = nil
    if let element = elements[id: selection] { return [.didSelect(element)] }
    guard let anchorIndex = elements.index(id: reach.anchor), !elements.isEmpty else {
      return ensureSelection(near: reach.edge)
    }
    let element = elements[Swift.min(Swift.max(anchorIndex.addingSaturated(reach.offset), 0), elements.count - 1)]
    selection = element.id
    return [.didSelect(element)]
  }

  /// Refreshes a window opened at a place, once the page that answered first is in: around the
  /// element on screen, keeping the selection the place asked for (reaching for it again if the
  /// network's page does not hold it).
  @inlinable
  mutating func revalidate(rules: Rules) -> [Command] {
    guard let anchor = lastVisible, let anchorIndex = elements.index(id: anchor) else { return refresh(rules: rules) }
    let intent = Intent.restore(
      anchor: anchor, selection: reach?.target ?? selection, offset: selectionOffset(from: anchorIndex))
    return reload(.around(rules.anchorCursor(anchor)), intent: intent, isRefresh: true)
  }

  /// How many rows the selection is from the element at `anchorIndex` (positive: after it): where
  /// it is, or for a selection being reached, where the place said it was.
  @inlinable
  func selectionOffset(from anchorIndex: Int) -> Int? {
    guard let reach else { return selectionIndex.map { $0 - anchorIndex } }
    guard let reachAnchor = elements.index(id: reach.anchor) else { return reach.offset }
    return reach.offset.addingSaturated(reachAnchor - anchorIndex)
  }
}
