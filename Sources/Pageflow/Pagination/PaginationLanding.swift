/// Landing a scroll: where a fling will come to rest is known as the finger lifts, and the list loads
/// what the landing needs then, in one request, instead of a page at a time as the rows go by. A
/// landing far past the window loads its page beside the window (``LoadSlot/landing``): the window
/// and its edges go on as before (nothing waits on it: the edge the scroll heads to loads the rows
/// it passes, its rate told by the landing), and the page replaces the window when it arrives, or
/// when the scroll runs out of the rows that edge brought, unless the edge reached it first or the
/// landing was cancelled or replaced before.
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
      // The scroll's rate from here on, once what the landing needs is decided: the rows it passes
      // unloaded are not reported, and the edge must know how fast they go by to keep up.
      defer {
        if let arrival = landing.arrival {
          loadSizes.flung(Int(clamping: rows.magnitude), toward: rows > 0 ? .end : .start, over: arrival)
        }
      }
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
      let beyond = (edge: edge, from: elements[edge == .end ? elements.count - 1 : 0].id, rows: past)
      return cancelled + skip(to: .around(offsetCursor(elements[origin].id, rows)), landingOn: nil, beyond: beyond)
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

  /// Loads the page at `position` beside the window, a page of rows on each side of it, to replace
  /// the window when it arrives (`beyond`: the landing lies some rows past an edge of the window,
  /// ``PaginationFeature/PendingLanding/beyond``).
  @inlinable
  mutating func skip(
    to position: PageRequest.Position, landingOn element: Element.ID?,
    beyond: PaginationFeature<Element>.PendingLanding.Beyond? = nil
  ) -> [Command] {
    // A page on each side of the row it lands on: the screen there is loaded whether the view keeps
    // that row at its top (a SwiftUI scroll position), its middle or its bottom (a chat).
    let request = PageRequest(
      position, context: context, count: loadSizes.pageCount.map { $0.multipliedSaturated(by: 2) })
    landing = PaginationFeature<Element>.PendingLanding(request: request, element: element, beyond: beyond)
    return [.loadLanding(request)]
  }

  /// The request of the page a scroll lands on while it loads beside the window, nil when none
  /// does: what a caller that answers the feature's requests itself (the scroll simulation of
  /// `pageflow-bench`) reads, as it reads an edge's request in ``startStatus`` and ``endStatus``.
  package var landingRequest: PageRequest? { landing?.page == nil ? landing?.request : nil }

  /// Cancels the page of a landing still loading (or forgets it, arrived and waiting beside the
  /// window), and forgets a landing held for an edge's page; the window stays as it is.
  @inlinable
  mutating func cancelLanding() -> [Command] {
    heldLanding = nil
    guard let landing else { return [] }
    forgetLanding()
    return landing.page == nil ? [.cancel(.landing)] : []
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

  /// Takes the page a scroll lands on. While the edge the scroll heads to feeds it (the row on
  /// screen is short of that edge) and the landing is within reach of that edge, the page waits
  /// beside the window and the edge goes on loading the rows the scroll passes: the page is
  /// forgotten once the edge's rows reach it (``followLanding(at:)``), and replaces the window if
  /// the scroll runs out of rows first (``landIfRunOut(at:rules:)``). Otherwise it replaces the
  /// window at once. A failure or an empty page leaves the window as it is, its edges loading on as
  /// the scroll goes.
  @inlinable
  mutating func receiveLanding(_ response: PaginationFeature<Element>.PageResponse, rules: Rules) -> [Command] {
    guard var landing, landing.page == nil else { return [] }
    guard case .success(let page) = response.result, !page.elements.isEmpty else {
      forgetLanding()
      return []
    }
    guard let edge = landing.beyond?.edge, feedsScroll(toward: edge), let rows = rowsToLanding(),
      isWithinReach(rows, of: edge)
    else { return replaceWindow(with: page, landing: landing, rules: rules) }
    guard rows > 0, !reaches(page) else {
      forgetLanding()  // the edge brought it already
      return []
    }
    landing.page = page
    self.landing = landing
    return feed(toward: edge, rows: rows)
  }

  /// After a page arrived at `edge`: a landing's page waiting beside the window past it is
  /// forgotten once the window reaches it (or no longer feeds a scroll toward it); until then the
  /// edge, when idle, loads on toward it.
  @inlinable
  mutating func followLanding(at edge: PaginationEdge) -> [Command] {
    guard let landing, let page = landing.page, landing.beyond?.edge == edge else { return [] }
    guard let rows = rowsToLanding(), rows > 0, !reaches(page), feedsScroll(toward: edge) else {
      forgetLanding()
      return []
    }
    return feed(toward: edge, rows: rows)
  }

  /// The row at `index` was reported on screen: when it is the window's row at the edge a
  /// landing's page waits past, the scroll ran out of the rows the edge brought, and the page
  /// replaces the window; nil otherwise.
  @inlinable
  mutating func landIfRunOut(at index: Int, rules: Rules) -> [Command]? {
    guard let landing, let page = landing.page, let edge = landing.beyond?.edge,
      index == (edge == .end ? elements.count - 1 : 0)
    else { return nil }
    return replaceWindow(with: page, landing: landing, rules: rules)
  }

  /// Forgets a landing's page waiting beside the window past `edge`, whose load stopped or whose
  /// pages were evicted: that edge no longer feeds a scroll toward it.
  @inlinable
  mutating func forgetLandingAside(at edge: PaginationEdge) {
    if landing?.page != nil, landing?.beyond?.edge == edge { forgetLanding() }
  }

  /// Forgets the landing's page (it loads no longer, or waits beside the window no longer), and
  /// the live inserts kept for it.
  @inlinable
  mutating func forgetLanding() {
    landing = nil
    releaseFromLanding()
  }

  /// Whether the window holds any element of `page`.
  @inlinable
  func reaches(_ page: Pageflow.Page<Element>) -> Bool {
    page.elements.contains { elements.contains(id: $0.id) }
  }

  /// Whether the window's edge `edge` feeds a scroll toward it: it can load, and the row last
  /// reported on screen is in the window, short of that edge.
  @inlinable
  func feedsScroll(toward edge: PaginationEdge) -> Bool {
    guard self[edge] == .idle || self[edge].isLoading, let row = lastVisible.flatMap({ elements.index(id: $0) })
    else { return false }
    return row != (edge == .end ? elements.count - 1 : 0)
  }

  /// How many rows past the window's edge the pending landing lies (0 or fewer: the window reached
  /// it); nil when the window no longer holds the element it was counted from.
  @inlinable
  func rowsToLanding() -> Int? {
    guard let beyond = landing?.beyond, let from = elements.index(id: beyond.from) else { return nil }
    let grown = beyond.edge == .end ? elements.count - 1 - from : from
    return beyond.rows.subtractingSaturated(grown)
  }

  /// Whether a landing `rows` rows past `edge` is within reach of that edge: of the rows its load
  /// in flight asks for, and one request more.
  @inlinable
  func isWithinReach(_ rows: Int, of edge: PaginationEdge) -> Bool {
    guard case .loading(let request) = self[edge] else { return rows <= loadSizes.countLimit }
    return rows.subtractingSaturated(request.count ?? largestPage) <= loadSizes.countLimit
  }

  /// Loads toward `edge`, when it is idle, up to a landing `rows` rows past it and a page there,
  /// or as far as one request reaches.
  @inlinable
  mutating func feed(toward edge: PaginationEdge, rows: Int) -> [Command] {
    guard self[edge] == .idle else { return [] }
    let wanted = rows.addingSaturated(requestedCount(toward: edge) ?? Swift.max(1, largestPage))
    return requestPage(edge == .end ? .bottom : .top, count: Swift.min(wanted, loadSizes.countLimit))
  }

  /// The page a scroll lands on replaces the window, as a jump's does (the loads at the edges of
  /// the old window stop, and their answers are dropped; retries scheduled for the old window, a
  /// failed refresh's included, stop), with what arrived live while it loaded; then what is within
  /// the prefetch distance of the row it comes to rest on loads, as for a landing in the window.
  @inlinable
  mutating func replaceWindow(
    with page: Pageflow.Page<Element>, landing: PaginationFeature<Element>.PendingLanding, rules: Rules
  ) -> [Command] {
    self.landing = nil  // the inserts kept for it are taken when it replaces the window
    generation &+= 1
    pendingSelection = nil
    reach = nil  // a restore reaching for its selection: the user went elsewhere
    reloadFailures = 0
    let stopped =
      stopRetry(at: .edge(.start)) + stopRetry(at: .edge(.end)) + stopRetry(at: .reload) + stopLoading(.start)
      + stopLoading(.end)
    reloadIntent = .land(on: landing.element)
    let replaced = stopped + replace(with: page, isRefresh: false, asked: landing.request.count, rules: rules)
    guard let row = lastVisible.flatMap({ elements.index(id: $0) }) else { return replaced }
    return replaced + loadAround(row, rules: rules)
  }
}
