/// Live inserts that arrive while a request is in flight that the loader may have answered before
/// they were posted: the load at the edge they are counted at, or a page that replaces the window
/// (a reload's, or the page a scroll lands on, which replace every insert then). Such a request's
/// answer may lack them, so the feature keeps them until it comes, and then inserts them again into
/// what the answer made of the window: placed where they belong, or counted beyond the edge they
/// lie beyond. A request sent after an insert needs no such care: its answer holds the element, or
/// the element lies beyond it.
extension PaginationFeature.State {
  /// A live insert kept until the answers of the requests that were in flight when it arrived.
  @usableFromInline
  struct Arrival: Sendable {
    /// The element, as last inserted or updated.
    @usableFromInline var element: Element
    /// Where it was inserted.
    @usableFromInline let point: PaginationFeature<Element>.InsertionPoint
    /// The edge it is counted beyond (in ``unseenAtStart`` or ``unseenAtEnd``); nil when it was
    /// placed in the window (or an answer brought it in).
    @usableFromInline var counted: PaginationEdge?
    /// The edge whose page in flight it waits for, if any.
    @usableFromInline var awaitedEdge: PaginationEdge?
    /// Whether it waits for the page that replaces the window: a reload's, or a landing's.
    @usableFromInline var awaitsWindow: Bool

    @inlinable
    init(
      element: Element, point: PaginationFeature<Element>.InsertionPoint, counted: PaginationEdge?,
      awaitedEdge: PaginationEdge?, awaitsWindow: Bool
    ) {
      self.element = element
      self.point = point
      self.counted = counted
      self.awaitedEdge = awaitedEdge
      self.awaitsWindow = awaitsWindow
    }
  }

  /// Keeps an insert that arrived (counted beyond `edge`, or placed when nil) while a request that
  /// may have been answered before it is in flight: a reload, the page a scroll lands on, or the
  /// load at `edge`.
  @inlinable
  mutating func hold(
    _ element: Element, at point: PaginationFeature<Element>.InsertionPoint, counted edge: PaginationEdge?
  ) {
    let awaitedEdge = edge.flatMap { self[$0].isLoading ? $0 : nil }
    let awaitsWindow = isRefreshing || landing != nil
    guard awaitedEdge != nil || awaitsWindow else { return }
    arrivals.append(
      Arrival(element: element, point: point, counted: edge, awaitedEdge: awaitedEdge, awaitsWindow: awaitsWindow))
  }

  /// Stops keeping the inserts for the load at `edge` (nil: for every request), because it is
  /// cancelled, failed or replaced: they stay counted, and any later request was sent after them.
  /// Those that wait for a page that replaces the window too are kept for it.
  @inlinable
  mutating func release(at edge: PaginationEdge?) {
    guard !arrivals.isEmpty else { return }
    guard let edge else { return arrivals.removeAll() }
    for index in arrivals.indices where arrivals[index].awaitedEdge == edge { arrivals[index].awaitedEdge = nil }
    arrivals.removeAll { $0.awaitedEdge == nil && !$0.awaitsWindow }
  }

  /// Stops keeping the inserts for the page a scroll lands on, cancelled, failed or empty: those
  /// that wait for an edge's page are kept for it.
  @inlinable
  mutating func releaseFromLanding() {
    guard !arrivals.isEmpty else { return }
    for index in arrivals.indices { arrivals[index].awaitsWindow = false }
    arrivals.removeAll { $0.awaitedEdge == nil }
  }

  /// Takes the inserts kept for the page at `edge` (nil: for the page that replaces the window,
  /// every insert kept) out of their counts, to insert them again (``insertAgain(_:rules:)``) once
  /// that page has made the window. Those that wait for a page that replaces the window too stay
  /// kept for it.
  @inlinable
  mutating func takeArrivals(at edge: PaginationEdge?) -> [Arrival] {
    guard !arrivals.isEmpty else { return [] }
    let taken = edge.map { edge in arrivals.filter { $0.awaitedEdge == edge } } ?? arrivals
    if let edge { release(at: edge) } else { arrivals.removeAll() }
    for arrival in taken {
      if let counted = arrival.counted { uncount(at: counted) }
    }
    return taken
  }

  /// Inserts again what ``takeArrivals(at:)`` took, into the window an answer made: an element the
  /// answer holds is updated to the inserted one, one that belongs in the window is placed, one
  /// that lies beyond an edge is counted there, unless it had been placed before (it is then
  /// behind that edge's cursor, which loads it). Each unseen one moves to the side of the row on
  /// screen where it now lies. One that waits for a page that replaces the window too stays kept
  /// for it, as it now stands. Without eviction: the caller evicts.
  ///
  /// The answer may have been read after some of them were posted, so a new first (last) element
  /// is no longer first (last) when a later one came: with the list's order, each goes where it
  /// sorts; without, each goes right after (before) the one inserted at that point after it.
  @inlinable
  mutating func insertAgain(_ arrivals: [Arrival], rules: Rules) {
    let order = rules.areInIncreasingOrder
    // The insert at the top (bottom) after the current one, and the edge it lies beyond (nil: in
    // the window).
    var later: (top: (Element.ID, PaginationEdge?)?, bottom: (Element.ID, PaginationEdge?)?) = (nil, nil)
    for arrival in arrivals.reversed() {
      let element = arrival.element
      var (offset, beyond): (Int, PaginationEdge?) = (0, nil)
      var counted: PaginationEdge?
      if let index = elements.index(id: element.id) {
        _ = elements.replace(element)
        offset = index
      } else {
        (offset, beyond) = position(of: element, at: order == nil ? arrival.point : .sorted, order: order)
        if order == nil, let (next, nextBeyond) = arrival.point == .top ? later.top : later.bottom {
          (offset, beyond) = nextBeyond.map { (0, $0) } ?? position(of: arrival.point, nextTo: next)
        }
        if let beyond {
          if arrival.counted != nil {
            count(at: beyond)
            counted = beyond
          }
        } else {
          place(element, at: offset, order: order)
        }
      }
      if unseenArrivals.contains(element.id) {
        unseenArrivals.remove(element.id)  // on the side of the screen where it lies now
        noteUnseen(element.id, at: offset, beyond: beyond)
      }
      if arrival.point == .top { later.top = (element.id, beyond) }
      if arrival.point == .bottom { later.bottom = (element.id, beyond) }
      if arrival.awaitsWindow, let kept = self.arrivals.firstIndex(where: { $0.element.id == element.id }) {
        self.arrivals[kept].counted = counted
      }
    }
  }

  /// Where an element inserted at `point` (`.top` or `.bottom`) goes when `next`, in the window, was
  /// inserted there after it: right after `next` (`.top`) or right before it (`.bottom`), beyond an
  /// edge that is not the end of the list when `next` stands at that edge.
  @inlinable
  func position(
    of point: PaginationFeature<Element>.InsertionPoint, nextTo next: Element.ID
  ) -> (offset: Int, beyond: PaginationEdge?) {
    guard let index = elements.index(id: next) else { return (0, nil) }
    if point == .top {
      let offset = index + 1
      return (offset, offset == elements.count ? edgeBeyondWindow(at: .end) : nil)
    }
    return (index, index == 0 ? edgeBeyondWindow(at: .start) : nil)
  }

  /// Gives a kept insert the element of a live update of it.
  @inlinable
  mutating func updateArrival(_ element: Element) {
    guard !arrivals.isEmpty, let index = arrivals.firstIndex(where: { $0.element.id == element.id }) else { return }
    arrivals[index].element = element
  }

  /// Forgets a kept insert that was removed live, and takes it out of its count.
  @inlinable
  mutating func removeArrival(_ id: Element.ID) {
    guard !arrivals.isEmpty, let index = arrivals.firstIndex(where: { $0.element.id == id }) else { return }
    if let counted = arrivals[index].counted { uncount(at: counted) }
    arrivals.remove(at: index)
  }

  /// Counts one more element beyond `edge`.
  @inlinable
  mutating func count(at edge: PaginationEdge) {
    if edge == .start { unseenAtStart += 1 } else { unseenAtEnd += 1 }
  }

  /// Counts one element fewer beyond `edge` (never below zero).
  @inlinable
  mutating func uncount(at edge: PaginationEdge) {
    if edge == .start {
      unseenAtStart = Swift.max(0, unseenAtStart - 1)
    } else {
      unseenAtEnd = Swift.max(0, unseenAtEnd - 1)
    }
  }
}
