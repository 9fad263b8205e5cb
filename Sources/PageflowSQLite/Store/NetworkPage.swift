import Pageflow

/// A page from the network, checked and ready to write: each record's column values and sort key,
/// and the stretch of the list it covers completely, in key order.
///
/// The covered stretch runs from the first record to the last, widened to the list's start or end
/// where the network said there is nothing more that way, and to the request's cursor (excluded)
/// for a page after or before one: `after k` with rows r1…rn and more to come covers `(k, rn]`.
/// A page after a cursor always has more before it (the cursor's own row), whatever the network
/// said: a server that pages one way only sends no `previous` cursor, which must not be read as
/// "the list starts here". Likewise a page before a cursor always has more after it.
/// An empty page covers something only when it says where the list ends (`after k`, nothing
/// more: `(k, end)`); an empty page with more to come covers nothing.
struct NetworkPage {
  /// The records' column values, in list order.
  let rows: [[SQLiteValue]]
  /// The stretch the page covers, in key order; nil when it covers nothing.
  let covered: KeyRange<SortValues>?
  /// The end of the key order to give up rows at first when the store is over a limit (away from
  /// where this page extends the list); nil for a page around a key, which gives up rows at both.
  let farEnd: KeyEnd?

  /// Checks `records` (in list order, for a request at `position` whose cursor's key is `anchor`)
  /// and works out what they cover; throws ``SQLitePageStoreError/rejectedPage(_:)`` when they are
  /// out of order, repeat an id, cross the cursor, or hold a value that does not fit its column
  /// (`SQLiteColumn.checked(_:isSortColumn:)`).
  init<Record: SQLiteRecord>(
    _ records: [Record], at position: PageRequest.Position, anchor: SortValues?, hasMoreBefore: Bool,
    hasMoreAfter: Bool, schema: StoreSchema, order: SQLiteSortOrder
  ) throws {
    let ascending = order == .ascending
    /// Whether `a` comes before `b` in the list.
    func precedes(_ a: SortValues, _ b: SortValues) -> Bool { ascending ? a < b : b < a }
    func refuse(_ reason: String) -> SQLitePageStoreError { .rejectedPage(reason) }
    var rows: [[SQLiteValue]] = []
    var ids = Set<SQLiteValue>()
    rows.reserveCapacity(records.count)
    ids.reserveCapacity(records.count)
    let columns = schema.table.columns
    let sortOffsets = schema.sortOffsets
    let isSortColumn = columns.indices.map { sortOffsets.contains($0) }
    let idOffset = sortOffsets[sortOffsets.count - 1]
    /// Whether row `a` comes before row `b` in the list: their sort values compared in place.
    func rowPrecedes(_ a: [SQLiteValue], _ b: [SQLiteValue]) -> Bool {
      for offset in sortOffsets {
        let order = a[offset].compare(b[offset])
        if order != 0 { return ascending ? order < 0 : order > 0 }
      }
      return false
    }
    for (index, record) in records.enumerated() {
      var values = record.columnValues
      guard values.count == columns.count else {
        throw refuse("record \(index) has \(values.count) values for \(columns.count) columns")
      }
      for (offset, column) in columns.enumerated() {
        do {
          values[offset] = try column.checked(values[offset], isSortColumn: isSortColumn[offset])
        } catch {
          throw refuse("record \(index) column \"\(column.name)\": \(error.reason)")
        }
      }
      if let previous = rows.last, !rowPrecedes(previous, values) {
        let (key, previousKey) = (schema.sortValues(of: values), schema.sortValues(of: previous))
        throw refuse("record \(index) \(key) does not come after record \(index - 1) \(previousKey) in \(order) order")
      }
      guard ids.insert(values[idOffset]).inserted else {
        throw refuse("record \(index) repeats the id \(values[idOffset])")
      }
      rows.append(values)
    }
    let keys = [rows.first, rows.last].compactMap { $0.map(schema.sortValues(of:)) }
    switch (position, anchor, keys.first, keys.last) {
    case (.after, let anchor?, let first?, _) where !precedes(anchor, first):
      throw refuse("record 0 \(first) is not after the cursor's key \(anchor)")
    case (.before, let anchor?, _, let last?) where !precedes(last, anchor):
      throw refuse("the last record \(last) is not before the cursor's key \(anchor)")
    default: break
    }
    // The covered stretch's ends in list order: open where nothing more lies that way, the cursor
    // (excluded) where the page starts or ends at it, else the outermost record.
    var start: KeyRange<SortValues>.Bound? = keys.first.map { .included($0) }
    var end: KeyRange<SortValues>.Bound? = keys.last.map { .included($0) }
    if case (.after, let anchor?) = (position, anchor) { start = .excluded(anchor) }
    if case (.before, let anchor?) = (position, anchor) { end = .excluded(anchor) }
    if !hasMoreBefore, !position.isAfterCursor { start = .open }
    if !hasMoreAfter, !position.isBeforeCursor { end = .open }
    self.rows = rows
    if let start, let end {
      covered = ascending ? KeyRange(lower: start, upper: end) : KeyRange(lower: end, upper: start)
    } else {
      covered = nil
    }
    // Give up rows on the side away from the one this page extends: behind a page after a cursor
    // or at the list's end, ahead of a page before a cursor or the first page; around a key, both.
    switch position {
    case .after, .last: farEnd = ascending ? .low : .high  // the list's start
    case .before, .first: farEnd = ascending ? .high : .low  // the list's end
    case .around: farEnd = nil
    }
  }
}

extension PageRequest.Position {
  /// Whether this is the page after a cursor (`.after`).
  fileprivate var isAfterCursor: Bool { if case .after = self { true } else { false } }
  /// Whether this is the page before a cursor (`.before`).
  fileprivate var isBeforeCursor: Bool { if case .before = self { true } else { false } }

}
