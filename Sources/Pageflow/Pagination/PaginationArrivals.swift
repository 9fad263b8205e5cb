/// Live inserts that arrive while a request is in flight that the loader may have answered before
/// they were posted: the load at the edge they are counted at, or a reload (which replaces the
/// window, so every insert then). Such a request's answer may lack them, so the feature keeps them
/// until it comes, and then inserts them again into what the answer made of the window: placed
/// where they belong, or counted beyond the edge they lie beyond. A request sent after an insert
/// needs no such care: its answer holds the element, or the element lies beyond it.
extension PaginationFeature.State {
  /// A live insert kept until the answer of the request that was in flight when it arrived.
  @usableFromInline
  struct Arrival: Sendable {
    /// The element, as last inserted or updated.
    @usableFromInline var element: Element
    /// Where it was inserted.
    @usableFromInline let point: PaginationFeature<Element>.InsertionPoint
    /// The edge it is counted beyond (in ``unseenAtStart`` or ``unseenAtEnd``); nil when it was
    /// placed in the window.
    @usableFromInline let counted: PaginationEdge?

    @inlinable
    init(element: Element, point: PaginationFeature<Element>.InsertionPoint, counted: PaginationEdge?) {
      self.element = element
      self.point = point
      self.counted = counted
    }
  }

  /// Keeps an insert that arrived (counted beyond `edge`, or placed when nil) while a request that
  /// may have been answered before it is in flight: a reload, or the load at `edge`.
  @inlinable
  mutating func hold(
    _ element: Element, at point: PaginationFeature<Element>.InsertionPoint, counted edge: PaginationEdge?
  ) {
    guard isRefreshing || edge.map({ self[$0].isLoading }) == true else { return }
    arrivals.append(Arrival(element: element, point: point, counted: edge))
  }

  /// Stops keeping the inserts counted beyond `edge` (nil: every insert kept), because the request
  /// they waited for is cancelled, failed or replaced: they stay counted, and any later request
  /// was sent after them.
  @inlinable
  mutating func release(at edge: PaginationEdge?) {
    guard !arrivals.isEmpty else { return }
    if let edge { arrivals.removeAll { $0.counted == edge } } else { arrivals.removeAll() }
  }

  /// Takes the inserts counted beyond `edge` (nil: every insert kept) out of their counts, to insert
  /// them again (``insertAgain(_:rules:)``) once the answer they waited for has made the window.
  @inlinable
  mutating func takeArrivals(at edge: PaginationEdge?) -> [Arrival] {
    guard !arrivals.isEmpty else { return [] }
    let taken = edge.map { edge in arrivals.filter { $0.counted == edge } } ?? arrivals
    release(at: edge)
    for arrival in taken {
      if let counted = arrival.counted { uncount(at: counted) }
    }
    return taken
  }

  /// Inserts again what ``takeArrivals(at:)`` took, into the window an answer made: an element the
  /// answer holds is updated to the inserted one, one that belongs in the window is placed, one
  /// that lies beyond an edge is counted there, unless it had been placed before (it is then
  /// behind that edge's cursor, which loads it). Without eviction: the caller evicts.
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
      if elements.contains(id: element.id) {
        _ = elements.replace(element)
      } else {
        (offset, beyond) = position(of: element, at: order == nil ? arrival.point : .sorted, order: order)
        if order == nil, let (next, nextBeyond) = arrival.point == .top ? later.top : later.bottom {
          (offset, beyond) = nextBeyond.map { (0, $0) } ?? position(of: arrival.point, nextTo: next)
        }
        if unseenArrivals.contains(element.id) {
          unseenArrivals.remove(element.id)  // on the side of the screen where it goes now
          noteUnseen(element.id, at: offset, beyond: beyond)
        }
        if let beyond {
          if arrival.counted != nil { count(at: beyond) }
        } else {
          place(element, at: offset, order: order)
        }
      }
      if arrival.point == .top { later.top = (element.id, beyond) }
      if arrival.point == .bottom { later.bottom = (element.id, beyond) }
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
