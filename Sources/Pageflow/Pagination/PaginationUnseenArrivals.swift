/// Live inserts the user has not reached yet: a chat's "3 new messages" pill counts what arrived
/// below the row on screen, whether the window placed it there or counted it beyond its end.
///
/// An arrival is above the screen when it lands before the row on screen (``State/lastVisible``,
/// else the selection), below it otherwise; beyond an edge it is on that edge's side. It is seen,
/// and no longer counted, when a row at or past it appears (or is selected), when the row of the
/// list's own end at its side appears, when it is removed, and on a reset to another context.
///
/// Each side tells apart up to ``maxTracked`` arrivals by id; past that, the count goes on without
/// their ids, and those arrivals are seen when the list's own end on that side appears. A row on
/// screen sees the arrivals between it and where the last one stopped, never a walk over all.
@usableFromInline
struct UnseenArrivals<ID: Hashable & Sendable>: Sendable {
  /// The arrivals on one side of the screen.
  @usableFromInline
  struct Side: Sendable {
    /// The arrivals told apart by id.
    @usableFromInline var ids: Set<ID> = []
    /// The arrivals counted without their ids (past ``maxTracked``, or a count set by hand).
    @usableFromInline var untold = 0
    /// The row past which (toward the screen) no arrival in the window is unseen, from where the
    /// last row on screen saw them: below the screen, none at or before it; above, none at or after
    /// it. Nil when not known: every row of the window may hold one.
    @usableFromInline var seenThrough: ID?
    /// The window's row at the far end from this side when ``seenThrough`` was set (its first row
    /// for the arrivals below): rows that came in there since may hold arrivals it does not cover.
    @usableFromInline var farEnd: ID?

    @inlinable
    init() {}

    /// How many arrivals are unseen.
    @inlinable
    var count: Int { ids.count + untold }

    /// Notes an arrival; past ``maxTracked`` ids, it is counted without its id.
    @inlinable
    mutating func insert(_ id: ID) {
      if ids.count < maxTracked { ids.insert(id) } else { untold += 1 }
    }

    /// Sees the arrivals in `elements` at or before `index` (`below`: the arrivals below the
    /// screen), or at or after it: O(the rows between `index` and ``seenThrough``, or the ids, if
    /// fewer).
    @inlinable
    mutating func see<Element: Identifiable>(through index: Int, in elements: IdentifiedElements<Element>, below: Bool)
    where Element.ID == ID {
      let farEnd = below ? elements.first?.id : elements.last?.id
      // Where the last row on screen saw them, unless rows came in at the far end since.
      var seen = below ? -1 : elements.count
      if self.farEnd == farEnd, let id = seenThrough, let at = elements.index(id: id) { seen = at }
      let rows = below ? index - seen : seen - index
      guard rows > 0 else { return }
      if !ids.isEmpty {
        if rows <= ids.count {
          for offset in below ? (seen + 1)...index : index...(seen - 1) { ids.remove(elements[offset].id) }
        } else {
          ids = ids.filter { elements.index(id: $0).map { below ? $0 > index : $0 < index } ?? true }
        }
      }
      seenThrough = elements[index].id
      self.farEnd = farEnd
    }

    /// Sets the count: more counts arrivals without ids; fewer than the ids held forgets them and
    /// counts `count` without ids (which arrivals stay cannot be told).
    @inlinable
    mutating func setCount(_ count: Int) {
      let count = Swift.max(0, count)
      if count >= ids.count {
        untold = count - ids.count
      } else {
        self = Side()
        untold = count
      }
    }
  }

  /// The most arrivals each side tells apart by id.
  @usableFromInline static var maxTracked: Int { 4_096 }

  /// The arrivals before the row on screen.
  @usableFromInline var above = Side()
  /// The arrivals after the row on screen.
  @usableFromInline var below = Side()

  @inlinable
  init() {}

  /// Whether nothing is unseen.
  @inlinable
  var isEmpty: Bool { above.count == 0 && below.count == 0 }

  /// Whether `id` is unseen (among those told apart).
  @inlinable
  func contains(_ id: ID) -> Bool { above.ids.contains(id) || below.ids.contains(id) }

  /// Forgets `id` (removed, or seen).
  @inlinable
  mutating func remove(_ id: ID) {
    above.ids.remove(id)
    below.ids.remove(id)
  }

  /// Forgets where rows on screen saw the arrivals: the window was replaced.
  @inlinable
  mutating func windowReplaced() {
    (above.seenThrough, above.farEnd, below.seenThrough, below.farEnd) = (nil, nil, nil, nil)
  }
}

extension PaginationFeature.State {
  /// Live inserts before the row on screen that the user has not reached: in the window above it,
  /// or counted beyond the start (``unseenAtStart``). For a list whose new elements arrive at the
  /// top (a feed, newest first), the "new posts" pill. See ``unseenBelowScreen``.
  public var unseenAboveScreen: Int {
    get { unseenArrivals.above.count }
    set { unseenArrivals.above.setCount(newValue) }
  }

  /// Live inserts after the row on screen that the user has not reached: placed in the window
  /// below it, or counted beyond the end (``unseenAtEnd``): a chat's "3 new messages" pill. Back to
  /// 0 when the list's newest row appears; each arrival leaves the count when a row at or past it
  /// appears or is selected, or when it is removed; a reset to another context clears it.
  ///
  /// Compared by `==`, so an exhaustive test describes it: `$0.unseenBelowScreen = 2`. Set, it is
  /// the count: 0 sees every arrival below the screen (a pill dismissed); a smaller count than the
  /// arrivals it tells apart keeps only the number, seen when the list's newest row appears.
  public var unseenBelowScreen: Int {
    get { unseenArrivals.below.count }
    set { unseenArrivals.below.setCount(newValue) }
  }

  /// ``unseenAboveScreen`` (`.start`) or ``unseenBelowScreen`` (`.end`).
  public func unseenPastScreen(_ edge: PaginationEdge) -> Int {
    edge == .start ? unseenAboveScreen : unseenBelowScreen
  }

  /// Notes a live insert of a new element at `offset` (or beyond the edge `beyond`) as unseen, on
  /// its side of the row on screen; a row that rows on screen saw past no longer covers it.
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
    if isAbove {
      unseenArrivals.above.insert(id)
      // Inserted at `offset`: the rows from there on stay after it.
      if beyond == nil, let seen = unseenArrivals.above.seenThrough, let index = elements.index(id: seen),
        index < offset
      {
        unseenArrivals.above.seenThrough = offset < elements.count ? elements[offset].id : nil
      }
    } else {
      unseenArrivals.below.insert(id)
      // Inserted at `offset`: the rows before it stay before it.
      if beyond == nil, let seen = unseenArrivals.below.seenThrough, let index = elements.index(id: seen),
        index >= offset
      {
        unseenArrivals.below.seenThrough = offset > 0 ? elements[offset - 1].id : nil
      }
    }
  }

  /// The row at `index` is on screen: the arrivals at or before it (below the screen before) and at
  /// or after it (above) are seen; at the list's own end on a side, every arrival on that side is.
  /// O(the rows between it and where the last row on screen saw them, or the arrivals, if fewer).
  @inlinable
  mutating func markSeen(at index: Int?) {
    guard let index, elements.indices.contains(index), !unseenArrivals.isEmpty else { return }
    if index >= elements.count - 1, endStatus.isEndReached {
      unseenArrivals.below = .init()
    } else if unseenArrivals.below.count > 0 {
      unseenArrivals.below.see(through: index, in: elements, below: true)
    }
    if index <= 0, startStatus.isEndReached {
      unseenArrivals.above = .init()
    } else if unseenArrivals.above.count > 0 {
      unseenArrivals.above.see(through: index, in: elements, below: false)
    }
  }
}
