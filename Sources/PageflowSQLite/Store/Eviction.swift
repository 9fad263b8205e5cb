/// Brings the store under its limits after a page is written, in the write's transaction: drops
/// the least recently viewed ranges of any list (their rows deleted, the range forgotten, and the
/// list too once nothing is left of it) and, when the range just written is the last one left and
/// still over, gives up rows at its ends, never inside the stretch just written.
///
/// A page written after a cursor, or at the list's end, gives up rows behind it first, then ahead
/// of it; a page written before a cursor, or at the list's start, ahead of it first, then behind
/// it; a page written around a key, half on each side (then more on the side that still has rows).
/// So a store holds, after a write, at most the larger of each limit and what the page just
/// written holds (a page larger than the limit is kept whole).
struct Eviction {
  let schema: StoreSchema
  let ranges: RangeTable
  let connection: SQLiteConnection

  /// Drops and trims until the store fits `limits`, keeping the range `merged`, which holds the
  /// stretch `written` that the page just written covers. `farEnd` is the end of the key order to
  /// trim first (nil: both evenly).
  func fit(
    _ limits: StoreLimits, keeping merged: RangeTable.Entry, written: KeyRange<SortValues>, farEnd: KeyEnd?
  ) throws {
    guard limits.isLimited else { return }
    while var excess = try limits.excess(of: usage()) {
      guard let victim = try ranges.leastRecentlyViewed(except: merged.id, in: connection) else {
        var entry = merged
        for (end, halves) in Self.trimOrder(farEnd: farEnd) {
          guard excess.rows > 0 || excess.bytes > 0 else { break }
          let share = halves ? Self.half(of: excess) : excess
          let dropped: StoreLimits.Usage
          (entry, dropped) = try trim(entry, at: end, by: share, outside: written)
          excess = StoreLimits.Usage(rows: excess.rows - dropped.rows, bytes: excess.bytes - dropped.bytes)
        }
        return
      }
      try schema.deleteRows(in: victim.range, of: victim.list, in: connection)
      try ranges.delete(victim.id, in: connection)
      try ranges.forgetIfEmpty(victim.list, in: connection)
    }
  }

  /// The ends to trim, in order, and whether to give up half the excess there (else all that is
  /// left): the far end then the near one, or, for a page around a key, half at the low end, the
  /// rest at the high end, and what the high end could not give at the low end again.
  private static func trimOrder(farEnd: KeyEnd?) -> [(end: KeyEnd, halves: Bool)] {
    switch farEnd {
    case .low: [(.low, false), (.high, false)]
    case .high: [(.high, false), (.low, false)]
    case nil: [(.low, true), (.high, false), (.low, false)]
    }
  }

  /// Half of `excess`, rounded up.
  private static func half(of excess: StoreLimits.Usage) -> StoreLimits.Usage {
    StoreLimits.Usage(rows: excess.rows - excess.rows / 2, bytes: excess.bytes - excess.bytes / 2)
  }

  /// The rows and bytes the store holds, all lists together.
  private func usage() throws -> StoreLimits.Usage {
    StoreLimits.Usage(
      rows: try ranges.rowCount(of: nil, in: connection), bytes: try ranges.byteCount(of: nil, in: connection))
  }

  /// Gives up rows of `entry` at its `end` of the key order, outside `written`, until at least
  /// `excess` rows and bytes are gone or no row is left there; the range shrinks to what is left.
  /// Returns the range left and what was given up.
  private func trim(
    _ entry: RangeTable.Entry, at end: KeyEnd, by excess: StoreLimits.Usage, outside written: KeyRange<SortValues>
  ) throws -> (RangeTable.Entry, dropped: StoreLimits.Usage) {
    let low = end == .low
    let edge = low ? written.lower : written.upper
    if case .open = edge { return (entry, StoreLimits.Usage(rows: 0, bytes: 0)) }
    let outside =
      low
      ? KeyRange(lower: entry.range.lower, upper: edge.complement)
      : KeyRange(lower: edge.complement, upper: entry.range.upper)
    // The rows outside, from the far end inward, up to the last one to give up.
    let condition = schema.condition(outside)
    var dropped = StoreLimits.Usage(rows: 0, bytes: 0)
    var last: SortValues?
    let nameBytes = entry.list.utf8.count  // counted with each row
    try connection.query(
      "SELECT \(schema.rowBytes), \(schema.sortList)\(schema.fromList)\(condition.sql)\(schema.order(descending: !low))",
      [.text(entry.list)] + condition.values,
      while: { row in
        dropped.rows += 1
        dropped.bytes += try row[0] + nameBytes
        last = SortValues(Array(row.values.dropFirst()))
        return dropped.rows < excess.rows || dropped.bytes < excess.bytes
      })
    guard let last else { return (entry, dropped) }
    let given: KeyRange<SortValues>
    let left: KeyRange<SortValues>
    if low {
      (given, left) = (
        KeyRange(lower: outside.lower, upper: .included(last)),
        KeyRange(lower: .excluded(last), upper: entry.range.upper)
      )
    } else {
      (given, left) = (
        KeyRange(lower: .included(last), upper: outside.upper),
        KeyRange(lower: entry.range.lower, upper: .excluded(last))
      )
    }
    try schema.deleteRows(in: given, of: entry.list, in: connection)
    try ranges.delete(entry.id, in: connection)
    let id = try ranges.insert(left, of: entry.list, in: connection)
    return (RangeTable.Entry(id: id, list: entry.list, range: left), dropped)
  }
}

/// One end of a list's key order: the smallest keys, or the largest.
enum KeyEnd {
  case low, high
}
