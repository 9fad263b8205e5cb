/// Live updates: elements inserted, updated and removed after they were loaded. An insert beyond an
/// edge of the window that is not the end of the list is counted, never placed where it would hide
/// the elements between it and the window.
extension PaginationFeature.State {
  @inlinable
  mutating func insert(
    _ element: Element, at point: PaginationFeature<Element>.InsertionPoint, rules: Rules
  ) -> [Command] {
    guard !elements.contains(id: element.id) else { return update(element) }
    var point = point
    if point == .sorted, rules.areInIncreasingOrder == nil {
      RuntimeWarning.emit("insert(_:at: .sorted) without areInIncreasingOrder; inserted at the bottom")
      point = .bottom
    }
    let (offset, beyond) = position(of: element, at: point, order: rules.areInIncreasingOrder)
    hold(element, at: point, counted: beyond)
    noteUnseen(element.id, at: offset, beyond: beyond)
    if let beyond {
      count(at: beyond)
      return []
    }
    place(element, at: offset, order: rules.areInIncreasingOrder)
    let eviction = evict(after: nil, rules: rules)
    let evicting = report(eviction)
    return (evicting.isEmpty ? ensureSelection() : evicting) + selectReachedTarget()
  }

  /// Where an element inserted at `point` goes: its offset in the window, and the edge it lies
  /// beyond when that edge is not the end of the list (it is then counted, not placed).
  @inlinable
  func position(
    of element: Element, at point: PaginationFeature<Element>.InsertionPoint,
    order: (@Sendable (Element, Element) -> Bool)?
  ) -> (offset: Int, beyond: PaginationEdge?) {
    switch (point, order) {
    case (.top, _): return (0, edgeBeyondWindow(at: .start))
    case (.sorted, let order?):
      let offset = elements.partitioningIndex { order(element, $0) }
      return (offset, edgeBeyondWindow(of: element, at: offset, order: order))
    default: return (elements.count, edgeBeyondWindow(at: .end))
    }
  }

  /// Places `element` at `offset` in the window, in the page it belongs to.
  @inlinable
  mutating func place(_ element: Element, at offset: Int, order: (@Sendable (Element, Element) -> Bool)?) {
    let joined = page(for: element, at: offset, order: order)
    _ = elements.insert(element, at: offset)
    if let joined {
      pages[joined].count += 1
    } else {
      pages.append(PageInfo(count: 1))
    }
  }

  /// The page an element inserted at `offset` joins. With an order, it joins the last of the pages
  /// around `offset` (the page before it, the pages emptied by removals there, the page after it)
  /// whose first sent element it sorts at or after, else the earliest of them. Without one, the
  /// page before it, or before every element the first page that holds one (not a page emptied by
  /// removals, whose cursor was given next to elements that may sort before it). So whichever is
  /// evicted, the cursor that loads it again loads the element too.
  @inlinable
  func page(for element: Element, at offset: Int, order: (@Sendable (Element, Element) -> Bool)?) -> Int? {
    guard !pages.isEmpty else { return nil }
    var chosen: Int
    if offset > 0 {
      guard let earlier = pages.page(containing: offset - 1) else { return pages.indices.last }
      chosen = earlier
    } else {
      guard order != nil else { return pages.page(containing: 0) ?? 0 }
      chosen = 0
    }
    guard let order else { return chosen }
    var index = offset > 0 ? chosen + 1 : 0
    while index < pages.count {
      if let first = sentFirst(ofPage: index) {
        guard !order(element, first) else { break }
        chosen = index
      }
      if pages[index].count > 0 { break }
      index += 1
    }
    return chosen
  }

  /// The edge a sorted element lies beyond, or nil when it belongs in the window: between the
  /// element the start's cursor was given next to and the one the end's cursor was (each open when
  /// that edge has reached the end of the list). Those elements may have been removed since; the
  /// stretch the cursors hold stays.
  @inlinable
  func edgeBeyondWindow(
    of element: Element, at offset: Int, order: (Element, Element) -> Bool
  ) -> PaginationEdge? {
    if offset == 0, !startStatus.isEndReached, !(startBoundary.map { !order(element, $0) } ?? false) {
      return .start
    }
    if offset == elements.count, !endStatus.isEndReached, !(endBoundary.map { !order($0, element) } ?? false) {
      return .end
    }
    return nil
  }

  /// The edge an element inserted at `edge` (`.top`: the start, `.bottom`: the end) lies beyond, or
  /// nil when that edge is the end of the list and the element belongs in the window. The other
  /// edge plays no part, even in an empty window.
  @inlinable
  func edgeBeyondWindow(at edge: PaginationEdge) -> PaginationEdge? {
    self[edge].isEndReached ? nil : edge
  }

  @inlinable
  mutating func update(_ element: Element) -> [Command] {
    _ = elements.replace(element)
    updateArrival(element)
    return []
  }

  /// Removes the element with `id`: a selection on it moves to the element that took its place. A
  /// window held over its bound by the page that lost it (a page no cursor could load again, which
  /// it emptied) then shrinks under it.
  @inlinable
  mutating func remove(_ id: Element.ID, rules: Rules) -> [Command] {
    removeArrival(id)
    unseenArrivals.remove(id)
    guard let offset = elements.index(id: id) else { return [] }
    if let page = pages.page(containing: offset) { pages[page].count -= 1 }
    elements.remove(at: offset)
    if lastVisible == id { lastVisible = nil }
    let moved = id == selection && !elements.isEmpty
    if moved { selection = elements[Swift.min(offset, elements.count - 1)].id }
    let eviction = shrinkToBound(rules: rules, screen: lastVisible)
    guard eviction.evictedPages == 0 else {
      return eviction.commands + [.didUpdate] + selected(moved: moved || eviction.movedSelection)
    }
    return selected(moved: moved)
  }
}

extension PaginationFeature.State {
  /// Removes the elements with `ids` in one pass: what ``remove(_:rules:)`` does for each, as one
  /// edit of the elements. O(window + ids).
  @inlinable
  mutating func removeAll(_ ids: Set<Element.ID>, rules: Rules) -> [Command] {
    for id in ids {
      removeArrival(id)
      unseenArrivals.remove(id)
    }
    let offsets = ids.compactMap { elements.index(id: $0) }
    guard !offsets.isEmpty else { return [] }
    var lost = [Int: Int]()  // by page
    for offset in offsets {
      if let page = pages.page(containing: offset) { lost[page, default: 0] += 1 }
    }
    for (page, count) in lost { pages[page].count -= count }
    // A selection on one of them moves to the element that takes its place, else the one before.
    var moved = false
    if ids.contains(selection), let index = selectionIndex {
      let next =
        elements[(index + 1)...].first { !ids.contains($0.id) } ?? elements[..<index].last { !ids.contains($0.id) }
      if let next {
        selection = next.id
        moved = true
      }
    }
    elements.removeAll { ids.contains($0.id) }
    if let lastVisible, ids.contains(lastVisible) { self.lastVisible = nil }
    let eviction = shrinkToBound(rules: rules, screen: lastVisible)
    guard eviction.evictedPages == 0 else {
      return eviction.commands + [.didUpdate] + selected(moved: moved || eviction.movedSelection)
    }
    return selected(moved: moved)
  }
}

extension RandomAccessCollection {
  /// The first index whose element satisfies `belongsInSecondPartition`, for a collection already
  /// partitioned by it: O(log n).
  @inlinable
  func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Index {
    var low = startIndex
    var length = count
    while length > 0 {
      let half = length / 2
      let middle = index(low, offsetBy: half)
      if belongsInSecondPartition(self[middle]) {
        length = half
      } else {
        low = index(after: middle)
        length -= half + 1
      }
    }
    return low
  }
}
