/// Live inserts the user has not reached yet: a chat's "3 new messages" pill counts what arrived
/// below the row on screen, whether the window placed it there or counted it beyond its end.
///
/// An arrival is above the screen when it lands before the row on screen (``State/lastVisible``,
/// else the selection), below it otherwise; beyond an edge it is on that edge's side. It is seen,
/// and no longer counted, when a row at or past it appears (or is selected), when the row of the
/// list's own end at its side appears, when it is removed, and on a reset to another context.
@usableFromInline
struct UnseenArrivals<ID: Hashable & Sendable>: Sendable {
  /// The arrivals before the row on screen.
  @usableFromInline var above: Set<ID> = []
  /// The arrivals after the row on screen.
  @usableFromInline var below: Set<ID> = []

  @inlinable
  init() {}

  /// Whether nothing is unseen.
  @inlinable
  var isEmpty: Bool { above.isEmpty && below.isEmpty }

  /// Whether `id` is unseen.
  @inlinable
  func contains(_ id: ID) -> Bool { above.contains(id) || below.contains(id) }

  /// Forgets `id` (removed, or seen).
  @inlinable
  mutating func remove(_ id: ID) {
    above.remove(id)
    below.remove(id)
  }
}

extension PaginationFeature.State {
  /// Live inserts before the row on screen that the user has not reached: in the window above it,
  /// or counted beyond the start (``unseenAtStart``). For a list whose new elements arrive at the
  /// top (a feed, newest first), the "new posts" pill. See ``unseenBelowScreen``.
  public var unseenAboveScreen: Int { unseenArrivals.above.count }

  /// Live inserts after the row on screen that the user has not reached: placed in the window
  /// below it, or counted beyond the end (``unseenAtEnd``): a chat's "3 new messages" pill. Back to
  /// 0 when the list's newest row appears; each arrival leaves the count when a row at or past it
  /// appears or is selected, or when it is removed; a reset to another context clears it.
  ///
  /// Not compared by `==`: it follows from inserts and what appeared; a test reads it.
  public var unseenBelowScreen: Int { unseenArrivals.below.count }

  /// ``unseenAboveScreen`` (`.start`) or ``unseenBelowScreen`` (`.end`).
  public func unseenPastScreen(_ edge: PaginationEdge) -> Int {
    edge == .start ? unseenAboveScreen : unseenBelowScreen
  }

  /// Notes a live insert of a new element at `offset` (or beyond the edge `beyond`) as unseen, on
  /// its side of the row on screen.
  @inlinable
  mutating func noteUnseen(_ id: Element.ID, at offset: Int, beyond: PaginationEdge?) {
    let isAbove: Bool
    if let beyond {
      isAbove = beyond == .start
    } else if let screen = lastVisible.flatMap({ elements.index(id: $0) }) ?? selectionIndex {
      isAbove = offset <= screen
    } else {
      isAbove = false
    }
    if isAbove { unseenArrivals.above.insert(id) } else { unseenArrivals.below.insert(id) }
  }

  /// The row at `index` is on screen: the arrivals at or before it (below the screen before) and at
  /// or after it (above) are seen; at the list's own end on a side, every arrival on that side is.
  @inlinable
  mutating func markSeen(at index: Int?) {
    guard let index, !unseenArrivals.isEmpty else { return }
    if index >= elements.count - 1, endStatus.isEndReached {
      unseenArrivals.below.removeAll()
    } else if !unseenArrivals.below.isEmpty {
      unseenArrivals.below = unseenArrivals.below.filter { elements.index(id: $0).map { $0 > index } ?? true }
    }
    if index <= 0, startStatus.isEndReached {
      unseenArrivals.above.removeAll()
    } else if !unseenArrivals.above.isEmpty {
      unseenArrivals.above = unseenArrivals.above.filter { elements.index(id: $0).map { $0 < index } ?? true }
    }
  }
}
