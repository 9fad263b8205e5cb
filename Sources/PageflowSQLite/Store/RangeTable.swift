/// The store's bookkeeping for one record table: the known ranges of every list (a list name, a
/// kind — open, included, excluded — and the sort values of each bound), the number of rows of each
/// list (kept by triggers on the record table), and forgetting a list that holds nothing any more.
/// Its statements are built once per store.
///
/// A range's id says when it was last viewed: a range written, or viewed again, takes the next id
/// of the table (one more than the largest), so the least recently viewed range is the one of the
/// smallest id and the one viewed last that of the largest, each one step down the table's own
/// b-tree. The ids are the file's, shared by every store on it (in this process or another), so
/// whichever store evicts sees what every other one wrote and read.
final class RangeTable: Sendable {
  /// A range as stored, with its row id.
  struct Entry {
    let id: Int64
    let list: String
    let range: KeyRange<SortValues>
  }

  let schema: StoreSchema
  private let width: Int
  /// The statements, built once (a store keeps one table for its life).
  private let selectRanges: String
  private let selectLeastRecentlyViewed: String
  private let insertRange: String
  private let deleteRange: String
  private let markRange: String
  private let selectNewest: String
  private let forgetList: String
  private let forgetCounts: String

  init(schema: StoreSchema) {
    self.schema = schema
    let width = schema.sortOffsets.count
    self.width = width
    let bounds = (0..<width).map { "\"lower_\($0)\"" } + (0..<width).map { "\"upper_\($0)\"" }
    let selectColumns = (["\"id\"", "\"list\"", "\"lower_kind\"", "\"upper_kind\""] + bounds).joined(separator: ", ")
    let table = schema.quotedRanges
    selectRanges = "SELECT \(selectColumns) FROM \(table) WHERE \"list\" = ?"
    selectLeastRecentlyViewed = "SELECT \(selectColumns) FROM \(table) WHERE \"id\" != ? ORDER BY \"id\" LIMIT 1"
    let parameters = Array(repeating: "?", count: 3 + 2 * width).joined(separator: ", ")
    insertRange =
      "INSERT INTO \(table) (\"list\", \"lower_kind\", \"upper_kind\", \(bounds.joined(separator: ", "))) "
      + "VALUES (\(parameters)) RETURNING \"id\""
    deleteRange = "DELETE FROM \(table) WHERE \"id\" = ?"
    markRange = "UPDATE \(table) SET \"id\" = (SELECT max(\"id\") FROM \(table)) + 1 WHERE \"id\" = ? RETURNING \"id\""
    selectNewest = "SELECT max(\"id\") FROM \(table)"
    // A list is forgotten when no range and no row is left of it: no number in use goes.
    let lists = schema.quotedLists
    forgetList =
      "DELETE FROM \(lists) WHERE \"name\" = ?1 AND NOT EXISTS (SELECT 1 FROM \(table) WHERE \"list\" = ?1) "
      + "AND NOT EXISTS (SELECT 1 FROM \(schema.quotedTable) WHERE \(StoreSchema.quote(StoreSchema.listColumn)) = "
      + "\(lists).\"id\") RETURNING \"id\""
    forgetCounts = "DELETE FROM \(schema.quotedCounts) WHERE \"list\" = ?"
  }

  /// The ranges of `list`, in no particular order.
  func ranges(of list: String, in connection: SQLiteConnection) throws -> [Entry] {
    try connection.rows(selectRanges, [.text(list)]).map(entry)
  }

  /// The least recently viewed range of any list, other than `excluded`; nil when there is none.
  func leastRecentlyViewed(except excluded: Int64, in connection: SQLiteConnection) throws -> Entry? {
    try connection.firstRow(selectLeastRecentlyViewed, [.integer(excluded)]).map(entry)
  }

  /// Stores `range` for `list`, viewed now (the next id), and returns its id.
  func insert(_ range: KeyRange<SortValues>, of list: String, in connection: SQLiteConnection) throws -> Int64 {
    let values: [SQLiteValue] =
      [.text(list), .integer(Self.kind(range.lower)), .integer(Self.kind(range.upper))]
      + Self.values(range.lower, width) + Self.values(range.upper, width)
    let row = try connection.firstRow(insertRange, values)
    return try row.map { try $0[0] } ?? 0
  }

  /// Forgets the range with `id`.
  func delete(_ id: Int64, in connection: SQLiteConnection) throws {
    try connection.run(deleteRange, [.integer(id)])
  }

  /// Whether the range with `id` is the one viewed last, of every list.
  func isNewest(_ id: Int64, in connection: SQLiteConnection) throws -> Bool {
    try connection.firstRow(selectNewest).map { try $0[0] as Int64? } == id
  }

  /// Marks the ranges with `ids` viewed, in this order, after every view the file holds (each takes
  /// the next id; a range no longer there is skipped); returns the id of the last one marked, nil
  /// when none was. In a write transaction.
  func markViewed(_ ids: [Int64], in connection: SQLiteConnection) throws -> Int64? {
    var last: Int64?
    for id in ids {
      last = try connection.firstRow(markRange, [.integer(id)]).map { try $0[0] } ?? last
    }
    return last
  }

  /// Forgets `list` (its name's number and its counts) when it holds no range and no row any more,
  /// so that the store's bookkeeping keeps only the lists it holds something of.
  func forgetIfEmpty(_ list: String, in connection: SQLiteConnection) throws {
    guard let number: Int64 = try connection.firstRow(forgetList, [.text(list)]).map({ try $0[0] }) else { return }
    try connection.run(forgetCounts, [.integer(number)])
  }

  /// How many ranges `list` has, or all lists together when `list` is nil.
  func count(of list: String?, in connection: SQLiteConnection) throws -> Int {
    let filter = list == nil ? "" : " WHERE \"list\" = ?"
    let row = try connection.firstRow(
      "SELECT count(*) FROM \(schema.quotedRanges)\(filter)", list.map { [.text($0)] } ?? [])
    return try row.map { try $0[0] } ?? 0
  }

  /// How many rows `list` holds, or all lists together when `list` is nil (read from the counts the
  /// triggers keep, never counted row by row).
  func rowCount(of list: String?, in connection: SQLiteConnection) throws -> Int {
    try total("coalesce(sum(\"counts\".\"rows\"), 0)", of: list, in: connection)
  }

  /// The bytes of the rows `list` holds, or all lists together when `list` is nil, as the store
  /// counts them (read from the counts the triggers keep: the bytes of the record's values, and
  /// the list's name once per row).
  func byteCount(of list: String?, in connection: SQLiteConnection) throws -> Int {
    try total(
      "coalesce(sum(\"counts\".\"bytes\" + \"counts\".\"rows\" * length(CAST(\"lists\".\"name\" AS BLOB))), 0)",
      of: list,
      in: connection)
  }

  /// An aggregate over the counts of `list` (joined with its name), or of every list when `list`
  /// is nil.
  private func total(_ aggregate: String, of list: String?, in connection: SQLiteConnection) throws -> Int {
    let filter = list == nil ? "" : " WHERE \"lists\".\"name\" = ?"
    let row = try connection.firstRow(
      "SELECT \(aggregate) FROM \(schema.quotedCounts) AS \"counts\" JOIN \(schema.quotedLists) AS \"lists\" "
        + "ON \"lists\".\"id\" = \"counts\".\"list\"\(filter)", list.map { [.text($0)] } ?? [])
    return try row.map { try $0[0] } ?? 0
  }

  private func entry(_ row: SQLiteRow) throws -> Entry {
    func bound(kind: Int64, offset: Int) throws -> KeyRange<SortValues>.Bound {
      let key = SortValues(Array(row.values[offset..<(offset + width)]))
      switch kind {
      case 0: return .open
      case 1: return .included(key)
      case 2: return .excluded(key)
      default: throw SQLiteError.mismatch("range \(row.values[0]) has a bound of unknown kind \(kind)")
      }
    }
    guard row.values.count == 4 + 2 * width else {
      throw SQLiteError.mismatch("a range row of \(row.values.count) values")
    }
    let range = KeyRange(
      lower: try bound(kind: try row[2], offset: 4), upper: try bound(kind: try row[3], offset: 4 + width))
    return Entry(id: try row[0], list: try row[1], range: range)
  }

  private static func kind(_ bound: KeyRange<SortValues>.Bound) -> Int64 {
    switch bound {
    case .open: 0
    case .included: 1
    case .excluded: 2
    }
  }

  private static func values(_ bound: KeyRange<SortValues>.Bound, _ width: Int) -> [SQLiteValue] {
    bound.key?.values ?? Array(repeating: .null, count: width)
  }
}
