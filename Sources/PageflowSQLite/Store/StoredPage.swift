import Pageflow

/// A page answered from disk: its records in list order, as a `Page` with cursors for the pages on
/// either side, and whether it stops at the edge of a known range (a gap follows, which only the
/// network can fill).
///
/// A stored page is never empty at a gap: when a known range holds no row where the page would
/// start, ``SQLitePageStore/page(at:limit:in:)`` answers nil (go to the network) instead.
public struct StoredPage<Record: SQLiteRecord>: Sendable {
  /// The records in list order, with the cursor of the first record's key as `previous` and of the
  /// last record's key as `next`; nil where the list ends (nothing before the first record, or
  /// nothing after the last).
  ///
  /// An empty page (after the last row of a list whose end is known) has the request's cursor as
  /// `previous` and nil as `next`.
  public let page: Page<Record>
  /// Whether the page stops short of its length before its first record, at the start of a known
  /// range that is not the start of the list: `page.previous` lies in a gap. (A full page that
  /// happens to end at a range's edge does not stop short: the gap is then the next page's.)
  public let gapBefore: Bool
  /// Whether the page stops short of its length after its last record, at the end of a known range
  /// that is not the end of the list: `page.next` lies in a gap.
  public let gapAfter: Bool

  /// The records, in list order.
  public var records: [Record] { page.elements }

  /// Whether the page is whole: as many records as asked for on each side it reads, or as many as
  /// there are before the list ends. A page that is not whole stops at a gap; the rest of it comes
  /// from the network, from the cursor on the gap's side.
  public var isComplete: Bool { !gapBefore && !gapAfter }
}
