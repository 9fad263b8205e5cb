@testable import Pageflow

/// The window's eviction rules as the documentation states them, written out plainly, page by page,
/// so that the model test can check what the feature evicted, and where the selection went, against
/// them: it takes the window as it was before eviction, decides each page itself, and moves the
/// selection itself (only the taking of one page, its cursors and overlap, is the feature's own).
struct EvictionRules {
  typealias State = PaginationFeature<Row>.State

  /// The window, as eviction leaves it.
  private(set) var window: State
  /// The selected element, as eviction leaves it.
  private(set) var selection: Int
  let limit: Int
  let bound: Int
  let reach: Int
  let order: State.Order?

  /// The window before eviction, with a limit of `limit`, a bound of `bound`, a prefetch distance of
  /// `reach`, and the list's order.
  init(window: State, limit: Int, bound: Int, reach: Int, order: State.Order?) {
    self.window = window
    selection = window.selection
    self.limit = limit
    self.bound = bound
    self.reach = reach
    self.order = order
  }

  var count: Int { window.elements.count }
  var screen: Int? { window.lastVisible.flatMap { window.elements.index(id: $0) } }
  var selected: Int? { window.elements.index(id: selection) }

  /// After the window grew at `growth` (nil: a live insert inside it).
  mutating func evict(after growth: PaginationEdge?) {
    guard count > limit else { return }
    // Away from the growth; for an insert, the edge farther from what is on screen (or selected).
    let away = growth?.opposite ?? (screen ?? selected).map(farther(from:)) ?? .start
    shrink(away: away)
    // 2. Toward the limit, away from the growth, keeping what is on screen, the selection and what
    //    the next scroll needs.
    while count > limit, mayTake(away, keeping: kept()) { take(away) }
  }

  /// 1. Over the bound: at the edge farther from the element on screen, down to the page holding it;
  ///    with nothing on screen, at `away`, whatever the selection.
  mutating func shrink(away: PaginationEdge) {
    while count > bound {
      let edge = screen.map(farther(from:)) ?? away
      guard mayTake(edge, keeping: screen.flatMap(pageOffsets(holding:))) else { return }
      take(edge)
    }
  }

  /// The edge farther from the element at `offset`; the start when both are as far.
  func farther(from offset: Int) -> PaginationEdge {
    offset < count - 1 - offset ? .end : .start
  }

  /// The offsets of the elements of the page holding the element at `offset`.
  func pageOffsets(holding offset: Int) -> Range<Int>? {
    window.pages.page(containingOffset: offset).flatMap(window.pages.range(ofPage:))
  }

  /// What step 2 keeps: the prefetch distance around the element on screen, and the selection with
  /// everything between the two while that stretch, with the prefetch distance on both sides,
  /// fits the limit (counting the rows the list has beyond the window, none past a reached end of
  /// the list); with nothing on screen, the prefetch distance around the selection.
  func kept() -> Range<Int>? {
    guard let focus = screen ?? selected else { return nil }
    var (low, high) = (focus, focus)
    if let screen, let selected {
      var first = Swift.min(screen, selected) - reach
      var last = Swift.max(screen, selected) + reach
      if window.startStatus.isEndReached { first = Swift.max(0, first) }
      if window.endStatus.isEndReached { last = Swift.min(count - 1, last) }
      if last - first + 1 <= limit { (low, high) = (Swift.min(screen, selected), Swift.max(screen, selected)) }
    }
    return Swift.max(0, low - reach)..<Swift.min(count, high + reach + 1)
  }

  /// Whether the page at `edge` may go: never the last page, nor one that no cursor could load
  /// again (the page next to it has no cursor toward it) unless removals emptied it, nor one
  /// holding a kept element.
  func mayTake(_ edge: PaginationEdge, keeping kept: Range<Int>?) -> Bool {
    let pages = window.pages
    guard pages.count > 1, let offsets = pages.range(ofPage: edge == .start ? 0 : pages.count - 1) else {
      return false
    }
    if offsets.isEmpty { return true }
    let cursor = edge == .start ? pages[1].previous : pages[pages.count - 2].next
    return cursor != nil && !(kept?.overlaps(offsets) ?? false)
  }

  /// Takes the page at `edge`; a selection among the elements that leave moves to the nearest
  /// element that stays.
  mutating func take(_ edge: PaginationEdge) {
    let hadSelection = selected != nil
    var eviction = State.Eviction()
    window.evictPage(at: edge, order: order, into: &eviction)
    if hadSelection, selected == nil, let nearest = edge == .start ? window.elements.first : window.elements.last {
      selection = nearest.id
    }
  }
}
