/// Writes a checked network page of one list in the current transaction: replaces the rows of the
/// stretch it covers with its own, merges the stretch into the list's known ranges, records which
/// ranges were viewed, and keeps the table under its row limit.
struct PageWriter {
  let schema: StoreSchema
  let ranges: RangeTable
  let connection: SQLiteConnection

  /// Writes `page` into `list`; its range is marked viewed at `viewed`, along with `marks` (range
  /// id to view counter) from reads since the last write.
  func write(_ page: NetworkPage, in list: String, viewed: Int64, marks: [Int64: Int64], rowLimit: Int?) throws {
    try ranges.markViewed(marks, in: connection)
    guard let covered = page.covered else { return }
    try deleteRows(in: covered, of: list)
    for row in page.rows {
      try connection.run(schema.upsert, [.text(list)] + row)
    }
    // Merge: the ranges the covered stretch touches give way to their union with it.
    let stored = try ranges.ranges(of: list, in: connection)
    var known = KnownRanges(stored.map(\.range))
    known.insert(covered)
    let kept = Set(known.ranges)
    for entry in stored where !kept.contains(entry.range) {
      try ranges.delete(entry.id, in: connection)
    }
    guard let union = known.ranges.first(where: { $0.touches(covered) }) else { return }
    let id =
      try stored.first { $0.range == union }?.id ?? ranges.insert(union, of: list, viewed: viewed, in: connection)
    try ranges.markViewed([id: viewed], in: connection)
    if let rowLimit {
      let merged = RangeTable.Entry(id: id, list: list, range: union)
      try evict(toFit: rowLimit, keeping: merged, written: covered, trimLow: page.trimsLowKeys, viewed: viewed)
    }
  }

  /// Deletes the rows of `list` in `range`, and says how many there were.
  @discardableResult
  private func deleteRows(in range: KeyRange<SortValues>, of list: String) throws -> Int {
    let condition = schema.condition(range)
    return try connection.run(
      "DELETE\(schema.fromList)\(condition.sql)",
      [.text(list)] + condition.values)
  }

  /// Drops the least recently viewed ranges of any list (their rows deleted, the range forgotten)
  /// until the table holds at most `limit` rows. The range just written is never dropped: when it
  /// is the last one left and still too large, rows are given up at its far end (`trimLow`: its low
  /// keys), never inside the stretch just `written`.
  private func evict(
    toFit limit: Int, keeping merged: RangeTable.Entry, written: KeyRange<SortValues>, trimLow: Bool, viewed: Int64
  ) throws {
    var total = try ranges.rowCount(of: nil, in: connection)
    while total > limit {
      guard let victim = try ranges.leastRecentlyViewed(except: merged.id, in: connection) else {
        try trim(merged, by: total - limit, outside: written, low: trimLow, viewed: viewed)
        return
      }
      total -= try deleteRows(in: victim.range, of: victim.list)
      try ranges.delete(victim.id, in: connection)
    }
  }

  /// Gives up `excess` rows of `entry` at its low (or high) end, without reaching into `written`,
  /// and shrinks the range to what is left.
  private func trim(
    _ entry: RangeTable.Entry, by excess: Int, outside written: KeyRange<SortValues>, low: Bool, viewed: Int64
  ) throws {
    let edge = low ? written.lower : written.upper
    if case .open = edge { return }
    let outside =
      low
      ? KeyRange(lower: entry.range.lower, upper: edge.complement)
      : KeyRange(lower: edge.complement, upper: entry.range.upper)
    let condition = schema.condition(outside)
    // The first row kept, counting `excess` rows in from the far end.
    let kept = try connection.firstRow(
      "SELECT \(schema.sortList)\(schema.fromList)\(condition.sql)\(schema.order(descending: !low)) LIMIT 1 OFFSET ?",
      [.text(entry.list)] + condition.values + [.integer(Int64(excess))]
    ).map { SortValues($0.values) }
    let dropped: KeyRange<SortValues>
    let left: KeyRange<SortValues>
    switch (kept, low) {
    case (let key?, true):
      (dropped, left) = (
        KeyRange(lower: outside.lower, upper: .excluded(key)), KeyRange(lower: .included(key), upper: entry.range.upper)
      )
    case (let key?, false):
      (dropped, left) = (
        KeyRange(lower: .excluded(key), upper: outside.upper), KeyRange(lower: entry.range.lower, upper: .included(key))
      )
    case (nil, true):
      (dropped, left) = (outside, KeyRange(lower: written.lower, upper: entry.range.upper))
    case (nil, false):
      (dropped, left) = (outside, KeyRange(lower: entry.range.lower, upper: written.upper))
    }
    try deleteRows(in: dropped, of: entry.list)
    try ranges.delete(entry.id, in: connection)
    _ = try ranges.insert(left, of: entry.list, viewed: viewed, in: connection)
  }
}
