/// Landing a scroll: where a fling will come to rest is known as the finger lifts, and the list loads
/// what the landing needs then, in one request, instead of a page at a time as the rows go by. A
/// landing far past the window loads its page beside the window (``LoadSlot/landing``): the window
/// and its edges go on as before (nothing waits on it), and the page replaces the window when it
/// arrives, unless the landing was cancelled or replaced before.
extension PaginationFeature.State {
  /// Loads what `landing` needs: around it when it is in the window; up to it and a page there in
  /// one request when it is within reach of an edge; the page around it, beside the window, when
  /// it is farther and the loader can name it; else the largest request toward it.
  @inlinable
  mutating func land(_ landing: PaginationFeature<Element>.Landing, rules: Rules) -> [Command] {
    let cancelled = cancelLanding()
    guard !isRefreshing, !elements.isEmpty else { return cancelled }
    switch landing.target {
    case .element(let id):
      if let index = elements.index(id: id) { return cancelled + loadAround(index, rules: rules) }
      return cancelled + skip(to: .around(rules.anchorCursor(id)), landingOn: id)
    case .offset(let rows, let from):
      let reported = from ?? lastVisible
      guard let origin = reported.flatMap({ elements.index(id: $0) }) ?? (from == nil ? selectionIndex : nil) else {
        // Counted from an element the window does not hold: only the loader can find the place.
        guard let from, let offsetCursor = rules.offsetCursor else { return cancelled }
        return cancelled + skip(to: .around(offsetCursor(from, rows)), landingOn: nil)
      }
      let target = origin.addingSaturated(rows)
      if elements.indices.contains(target) { return cancelled + loadAround(target, rules: rules) }
      let edge: PaginationEdge = rows > 0 ? .end : .start
      // Nothing lies past an end of the list the window holds: the scroll comes to rest there.
      if self[edge].isEndReached { return cancelled + loadAround(edge == .end ? elements.count - 1 : 0, rules: rules) }
      let past = edge == .end ? target.subtractingSaturated(elements.count - 1) : 0.subtractingSaturated(target)
      let wanted = past.addingSaturated(requestedCount(toward: edge) ?? Swift.max(1, largestPage))
      let reach = loadSizes.countLimit
      let direction: PaginationDirection = edge == .end ? .bottom : .top
      if wanted <= reach {
        // An edge loading a page takes no other request: land again when that page is in.
        guard !self[edge].isLoading else {
          heldLanding = .init(.offset(rows, from: elements[origin].id), arrivingIn: landing.arrival)
          return cancelled
        }
        return cancelled + requestPage(direction, count: wanted)
      }
      guard let offsetCursor = rules.offsetCursor else { return cancelled + requestPage(direction, count: reach) }
      return cancelled + skip(to: .around(offsetCursor(elements[origin].id, rows)), landingOn: nil)
    }
  }

  /// A landing at `index` of the window: the pages within the prefetch distance of it, as if it
  /// were on screen (what is on screen stays as reported).
  @inlinable
  mutating func loadAround(_ index: Int, rules: Rules) -> [Command] {
    var commands: [Command] = []
    if index >= elements.count - 1 - prefetchDistance(toward: .end, rules) { commands += requestPage(.bottom) }
    if index <= prefetchDistance(toward: .start, rules) { commands += requestPage(.top) }
    return commands
  }

  /// Loads the page at `position` beside the window, to replace it when it arrives.
  @inlinable
  mutating func skip(to position: PageRequest.Position, landingOn element: Element.ID?) -> [Command] {
    let request = PageRequest(position, context: context, count: loadSizes.pageCount)
    landing = PaginationFeature<Element>.PendingLanding(request: request, element: element)
    return [.loadLanding(request)]
  }

  /// The request of the page a scroll lands on while it loads beside the window, nil when none
  /// does: what a caller that answers the feature's requests itself (the scroll simulation of
  /// `pageflow-bench`) reads, as it reads an edge's request in ``startStatus`` and ``endStatus``.
  package var landingRequest: PageRequest? { landing?.request }

  /// Cancels the page of a landing still loading, and forgets a landing held for an edge's page;
  /// the window stays as it is.
  @inlinable
  mutating func cancelLanding() -> [Command] {
    heldLanding = nil
    guard landing != nil else { return [] }
    landing = nil
    releaseFromLanding()
    return [.cancel(.landing)]
  }

  /// The edge a landing held for an edge's page waits at, if one is held.
  @inlinable
  var heldLandingEdge: PaginationEdge? {
    guard let held = heldLanding, case .offset(let rows, _) = held.target else { return nil }
    return rows > 0 ? .end : .start
  }

  /// After a page arrived at `edge`, lands the landing held for it again, from the window the page
  /// made. A failed page keeps it held, for that page's retry (the policy's or the user's).
  @inlinable
  mutating func landHeld(at edge: PaginationEdge, rules: Rules) -> [Command] {
    guard heldLandingEdge == edge, let held = heldLanding else { return [] }
    heldLanding = nil
    return land(held, rules: rules)
  }

  /// Forgets the landing held for the page at `edge`, which stopped loading without it: the load
  /// was cancelled, or the pages there were evicted (the window moved away from the landing).
  @inlinable
  mutating func forgetHeldLanding(at edge: PaginationEdge) {
    if heldLandingEdge == edge { heldLanding = nil }
  }

  /// Takes the page a scroll lands on: it replaces the window, as a jump's does (the loads at the
  /// edges of the old window stop, and their answers are dropped; retries scheduled for the old
  /// window, a failed refresh's included, stop), with what arrived live while it loaded; a failure
  /// or an empty page leaves the window as it is, its edges loading on as the scroll goes.
  @inlinable
  mutating func receiveLanding(_ response: PaginationFeature<Element>.PageResponse, rules: Rules) -> [Command] {
    guard let landing else { return [] }
    self.landing = nil
    guard case .success(let page) = response.result, !page.elements.isEmpty else {
      releaseFromLanding()
      return []
    }
    generation &+= 1
    pendingSelection = nil
    reach = nil  // a restore reaching for its selection: the user went elsewhere
    reloadFailures = 0
    let stopped =
      stopRetry(at: .edge(.start)) + stopRetry(at: .edge(.end)) + stopRetry(at: .reload) + stopLoading(.start)
      + stopLoading(.end)
    reloadIntent = .land(on: landing.element)
    return stopped + replace(with: page, isRefresh: false, rules: rules)
  }
}
