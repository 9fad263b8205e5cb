import Pageflow

/// Reads a page of one list from the known range that holds its start: keyset queries (a row-value
/// comparison on the sort key, never OFFSET) bounded by the range, in one read transaction with the
/// ranges they depend on.
struct PageReader<Record: SQLiteRecord> {
  let schema: StoreSchema
  let ranges: RangeTable
  let order: SQLiteSortOrder
  let connection: SQLiteConnection

  /// The rows read one way from a starting point, up to a limit or the range's edge.
  private struct Stretch {
    /// The records, in the order read (list order forward, reverse list order backward).
    var records: [Record] = []
    /// The sort values of the first and last record read.
    var firstKey: SortValues?
    var lastKey: SortValues?
    /// Whether the read stopped at the range's edge (fewer rows than asked for were there).
    var reachedEdge = false
    /// Whether that edge is the end of the list in this direction (the range is open there).
    var reachedListEnd = false
    /// How many records were asked for.
    var limit = 0

    /// Whether the read stopped short of its limit at a range edge that is not the list's end.
    var gap: Bool { reachedEdge && !reachedListEnd && records.count < limit }
  }

  /// The page at `position` (whose cursor's key is `anchor`) of up to `limit` records, and the id of
  /// the range it came from; nil when no known range holds the page's start, or the range holds no
  /// row there before a gap.
  func page(
    at position: PageRequest.Position, anchor: SortValues?, limit: Int, in list: String
  ) throws -> (page: StoredPage<Record>, range: Int64)? {
    let ascending = order == .ascending
    let place: KeyCut<SortValues>
    switch (position, anchor) {
    case (.first, _): place = ascending ? .start : .end
    case (.last, _): place = ascending ? .end : .start
    case (.after, let key?): place = .key(key, ascending ? .above : .below)
    case (.before, let key?): place = .key(key, ascending ? .below : .above)
    case (.around, let key?): place = .key(key, .at)
    default: return nil
    }
    guard let entry = try ranges.ranges(of: list, in: connection).first(where: { $0.range.contains(place) }) else {
      return nil
    }
    var before = Stretch()
    var after = Stretch()
    switch position {
    case .first:
      after = try read(forward: true, from: nil, within: entry.range, limit: limit, in: list)
    case .last:
      before = try read(forward: false, from: nil, within: entry.range, limit: limit, in: list)
    case .after:
      after = try read(forward: true, from: anchor.map { .excluded($0) }, within: entry.range, limit: limit, in: list)
    case .before:
      before = try read(forward: false, from: anchor.map { .excluded($0) }, within: entry.range, limit: limit, in: list)
    case .around:
      before = try read(
        forward: false, from: anchor.map { .excluded($0) }, within: entry.range, limit: limit / 2, in: list)
      after = try read(
        forward: true, from: anchor.map { .included($0) }, within: entry.range, limit: limit - limit / 2, in: list)
    }
    let records = before.records.isEmpty ? after.records : before.records.reversed() + after.records
    guard !records.isEmpty || !(before.gap || after.gap) else { return nil }
    // Whether the list has rows before the first record and after the last.
    let moreBefore: Bool
    let moreAfter: Bool
    switch position {
    case .first: (moreBefore, moreAfter) = (false, !after.reachedListEnd)
    case .last: (moreBefore, moreAfter) = (!before.reachedListEnd, false)
    case .after: (moreBefore, moreAfter) = (true, !after.reachedListEnd)
    case .before: (moreBefore, moreAfter) = (!before.reachedListEnd, true)
    case .around: (moreBefore, moreAfter) = (!before.reachedListEnd, !after.reachedListEnd)
    }
    let first = before.lastKey ?? after.firstKey ?? anchor
    let last = after.lastKey ?? before.firstKey ?? anchor
    let page = Page(
      previous: try moreBefore ? first.map(cursor) : nil, next: try moreAfter ? last.map(cursor) : nil,
      elements: records)
    return (StoredPage(page: page, gapBefore: before.gap, gapAfter: after.gap), entry.id)
  }

  /// Up to `limit` records of `range`, from `start` (or the range's end that the direction starts
  /// from) onward in list order (`forward`) or backward.
  ///
  /// One keyset query, prepared once per connection: its rows are read into one row value, reused
  /// from row to row, and each becomes a record; the sort values are taken from the first row and
  /// the last. A row past `limit`, if there is one, is stepped to but not read: it says that the
  /// range goes on.
  private func read(
    forward: Bool, from start: KeyRange<SortValues>.Bound?, within range: KeyRange<SortValues>, limit: Int,
    in list: String
  ) throws -> Stretch {
    let upward = forward == (order == .ascending)
    let bounds =
      upward
      ? KeyRange(lower: start ?? range.lower, upper: range.upper)
      : KeyRange(lower: range.lower, upper: start ?? range.upper)
    var stretch = Stretch(limit: limit)
    try connection.withPreparedStatement(schema.pageQuerySQL(bounds, descending: !upward)) { statement in
      var parameter: Int32 = 1
      func bind(_ value: SQLiteValue) throws {
        try statement.bind(value, at: parameter)
        parameter += 1
      }
      try bind(.text(list))
      for key in [bounds.lower.key, bounds.upper.key] {
        for value in key?.values ?? [] { try bind(value) }
      }
      try bind(.integer(Int64(limit) + 1))
      var row = SQLiteRow(columns: statement.columns, values: Array(repeating: .null, count: statement.columns.count))
      var isDone = false
      // The records of an ordinary page go straight into the array's storage: appending to an
      // array of a generic element, in code that is not specialized for it, looks up the array's
      // type at each row. Past that many, they are appended.
      let capacity = min(limit, 1_024)
      stretch.records = try Array(unsafeUninitializedCapacity: capacity) { records, count in
        while count < capacity {
          guard try statement.step() else {
            isDone = true
            return
          }
          try statement.read(into: &row, types: schema.columnTypes)
          if count == 0 { stretch.firstKey = schema.sortValues(of: row.values) }
          records.initializeElement(at: count, to: try Record(row: row))
          count += 1
        }
      }
      while !isDone, stretch.records.count < limit {
        guard try statement.step() else {
          isDone = true
          break
        }
        try statement.read(into: &row, types: schema.columnTypes)
        stretch.records.append(try Record(row: row))
      }
      // The last row read is still in `row`.
      if !stretch.records.isEmpty { stretch.lastKey = schema.sortValues(of: row.values) }
      stretch.reachedEdge = try isDone || !statement.step()
    }
    if case .open = upward ? range.upper : range.lower { stretch.reachedListEnd = stretch.reachedEdge }
    return stretch
  }

  /// The cursor of the key with `values`.
  private func cursor(_ values: SortValues) throws -> PaginationCursor {
    try CursorText.cursor(values, as: Record.Key.self, schema: schema)
  }
}
