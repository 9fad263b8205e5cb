/// The SQL of one record table: its names, the statements that create it, and the pieces of the
/// keyset queries over it. Built from a checked ``SQLiteTable``, once per store (a class: the
/// readers and writers that hold it share it rather than copy its strings).
final class StoreSchema: Sendable {
  /// The column holding the number of the list a row belongs to (its id in the lists table: an
  /// integer of a byte or two in each row and each entry of the id index, where the list's name
  /// would take its whole length in both).
  static let listColumn = "pageflow_list"

  let table: SQLiteTable
  /// The offsets in `table.columns` of the sort columns, in sort order.
  let sortOffsets: [Int]
  /// The names of the sort columns, in sort order.
  let sortColumns: [String]
  /// `"t"`, and the quoted names of the store's own tables.
  let quotedTable: String
  let quotedRanges: String
  let quotedCounts: String
  let quotedLists: String
  /// `"id", "created", "text"`: every column of the record, in order.
  let columnList: String
  /// `"created", "id"`.
  let sortList: String
  /// The objects the store needs, by name, with the exact SQL that creates each.
  let objects: [(name: String, sql: String)]
  /// `INSERT … ON CONFLICT (list, id) DO UPDATE SET …` of one row (its list first): a row already
  /// held under its id is replaced (and moves if its sort key changed).
  let upsert: String
  /// The bytes of the record's values in the row a query reads, as the store counts them (an SQL
  /// expression; see ``SQLitePageStore/byteLimit``), without the list's name: its UTF-8 length is
  /// added per row by whoever reads this.
  let rowBytes: String
  /// ` FROM "t" WHERE "pageflow_list" = (SELECT "id" FROM "t_pageflow_lists" WHERE "name" = ?)`:
  /// the rows of one list, by its name.
  let fromList: String
  /// The list with the name bound to the parameter: its number, added if it has none
  /// (`insertList`, then `selectList`).
  let insertList: String
  let selectList: String
  /// The type of each column of the record where it can hold nothing else (NOT NULL, of a type
  /// other than ANY, in a STRICT table), nil where it may be NULL or of any type: how a page read
  /// reads the columns (`SQLiteStatement.read(into:types:)`).
  let columnTypes: [SQLiteColumn.ColumnType?]
  /// The SQL of every keyset query (`pageQuery`), built once: by the kind of the lower bound, of the
  /// upper bound, and the direction (`pageQueryIndex`).
  private let pageQueries: [String]

  init(_ table: SQLiteTable) throws {
    let names = table.columns.map(\.name)
    let reserved = Self.listColumn.lowercased()
    func invalid(_ reason: String) -> SQLitePageStoreError { .invalidTable("\(table.name): \(reason)") }
    guard !table.name.isEmpty, !table.columns.isEmpty else { throw invalid("a table needs a name and columns") }
    guard !([table.name] + names).contains(where: { $0.utf8.contains(0) }) else { throw invalid("a name holds a NUL") }
    guard Set(names.map { $0.lowercased() }).count == names.count else { throw invalid("a column name repeats") }
    guard !names.contains(where: { $0.lowercased() == reserved }) else {
      throw invalid("\(Self.listColumn) is the store's")
    }
    guard !table.sortKey.isEmpty, Set(table.sortKey).count == table.sortKey.count else {
      throw invalid("the sort key needs one or more distinct columns")
    }
    var sortOffsets: [Int] = []
    for name in table.sortKey {
      guard let offset = names.firstIndex(of: name) else { throw invalid("no column \"\(name)\" to sort by") }
      guard !table.columns[offset].isNullable else { throw invalid("sort column \"\(name)\" may be NULL") }
      sortOffsets.append(offset)
    }
    self.table = table
    self.columnTypes = table.columns.map { $0.isNullable || $0.type == .any ? nil : $0.type }
    self.sortOffsets = sortOffsets
    self.sortColumns = table.sortKey
    let quote = Self.quote
    let quotedTable = quote(table.name)
    let quotedCounts = quote(table.name + "_pageflow_counts")
    let columnList = names.map(quote).joined(separator: ", ")
    let sortList = table.sortKey.map(quote).joined(separator: ", ")
    self.quotedTable = quotedTable
    self.quotedCounts = quotedCounts
    self.columnList = columnList
    self.sortList = sortList
    quotedRanges = quote(table.name + "_pageflow_ranges")
    let quotedLists = quote(table.name + "_pageflow_lists")
    self.quotedLists = quotedLists
    insertList = "INSERT INTO \(quotedLists) (\"name\") VALUES (?) ON CONFLICT (\"name\") DO NOTHING"
    let selectList = "SELECT \"id\" FROM \(quotedLists) WHERE \"name\" = ?"
    self.selectList = selectList
    let list = quote(Self.listColumn)
    let id = quote(table.sortKey[table.sortKey.count - 1])
    let updates = names.map(quote).filter { $0 != id }.map { "\($0) = excluded.\($0)" }
    upsert =
      "INSERT INTO \(quotedTable) (\(list), \(columnList)) VALUES (?\(String(repeating: ", ?", count: names.count))) "
      + "ON CONFLICT (\(list), \(id)) DO "
      + (updates.isEmpty ? "NOTHING" : "UPDATE SET " + updates.joined(separator: ", "))
    let columns = table.columns.map { "\(quote($0.name)) \($0.type.rawValue)\($0.isNullable ? "" : " NOT NULL")" }
    let bounds = sortOffsets.indices.flatMap { ["\"lower_\($0)\" ANY", "\"upper_\($0)\" ANY"] }
    // The counts of a list: its rows, and the bytes of their values without the list's name (whose
    // length, times the rows, the queries of the byte count add).
    let counts =
      "INSERT INTO \(quotedCounts) (\"list\", \"rows\", \"bytes\") VALUES (NEW.\(list), 1, \(Self.bytes(of: names, in: "NEW")))"
      + " ON CONFLICT (\"list\") DO UPDATE SET \"rows\" = \"rows\" + 1, \"bytes\" = \"bytes\" + excluded.\"bytes\""
    let uncounts =
      "UPDATE \(quotedCounts) SET \"rows\" = \"rows\" - 1, \"bytes\" = \"bytes\" - \(Self.bytes(of: names, in: "OLD"))"
      + " WHERE \"list\" = OLD.\(list)"
    let recounts =
      "UPDATE \(quotedCounts) SET \"bytes\" = \"bytes\" - \(Self.bytes(of: names, in: "OLD")) + \(Self.bytes(of: names, in: "NEW"))"
      + " WHERE \"list\" = NEW.\(list)"
    rowBytes = Self.bytes(of: names, in: nil)
    let fromList = " FROM \(quotedTable) WHERE \(list) = (\(selectList))"
    self.fromList = fromList
    let parameters = "(" + Array(repeating: "?", count: sortOffsets.count).joined(separator: ", ") + ")"
    var pageQueries: [String] = []
    for lower in ["", " AND (\(sortList)) >= \(parameters)", " AND (\(sortList)) > \(parameters)"] {
      for upper in ["", " AND (\(sortList)) <= \(parameters)", " AND (\(sortList)) < \(parameters)"] {
        for descending in [false, true] {
          let order =
            " ORDER BY " + table.sortKey.map { quote($0) + (descending ? " DESC" : "") }.joined(separator: ", ")
          pageQueries.append("SELECT \(columnList)\(fromList)\(lower)\(upper)\(order) LIMIT ?")
        }
      }
    }
    self.pageQueries = pageQueries
    let (name, records) = (table.name, quotedTable)
    let trigger = { (suffix: String, event: String, body: String) in
      (name + suffix, "CREATE TRIGGER \(quote(name + suffix)) AFTER \(event) ON \(records) BEGIN \(body); END")
    }
    // The rows are stored in the list's order: the table is clustered on (list, sort key), a
    // WITHOUT ROWID table whose primary key is the index every page reads, so a page is one range
    // of one b-tree holding every column (a covering index, without a second copy of the rows).
    objects = [
      (
        table.name,
        "CREATE TABLE \(quotedTable) (\(list) INTEGER NOT NULL, \(columns.joined(separator: ", ")), "
          + "PRIMARY KEY (\(list), \(sortList)), UNIQUE (\(list), \(id))) STRICT, WITHOUT ROWID"
      ),
      (
        table.name + "_pageflow_ranges",
        "CREATE TABLE \(quotedRanges) (\"id\" INTEGER PRIMARY KEY, \"list\" TEXT NOT NULL, "
          + "\"lower_kind\" INTEGER NOT NULL, \"upper_kind\" INTEGER NOT NULL, \(bounds.joined(separator: ", "))) STRICT"
      ),
      (
        table.name + "_pageflow_ranges_list",
        "CREATE INDEX \(quote(table.name + "_pageflow_ranges_list")) ON \(quotedRanges) (\"list\")"
      ),
      (
        table.name + "_pageflow_lists",
        "CREATE TABLE \(quotedLists) (\"id\" INTEGER PRIMARY KEY, \"name\" TEXT NOT NULL UNIQUE) STRICT"
      ),
      (
        table.name + "_pageflow_counts",
        "CREATE TABLE \(quotedCounts) (\"list\" INTEGER PRIMARY KEY, \"rows\" INTEGER NOT NULL, \"bytes\" INTEGER NOT NULL) STRICT"
      ),
      trigger("_pageflow_count_insert", "INSERT", counts),
      trigger("_pageflow_count_delete", "DELETE", uncounts),
      trigger("_pageflow_count_update", "UPDATE", recounts),
    ]
  }

  /// The bytes of a row's values as the store counts them, in SQL: 8 for an integer or a real, the
  /// length of a text (in UTF-8) or a blob, 0 for NULL, summed over `columns` (of the row `NEW` or
  /// `OLD` in a trigger, or of the row a query reads when `row` is nil). The list's name, which the
  /// store counts with each row, is the callers' to add.
  private static func bytes(of columns: [String], in row: String?) -> String {
    let sizes = columns.map { column in
      let value = (row.map { $0 + "." } ?? "") + quote(column)
      return "CASE typeof(\(value)) WHEN 'integer' THEN 8 WHEN 'real' THEN 8 WHEN 'null' THEN 0 "
        + "ELSE length(CAST(\(value) AS BLOB)) END"
    }
    return "(" + sizes.joined(separator: " + ") + ")"
  }

  /// `name` as an SQL identifier: in double quotes, inner quotes doubled.
  static func quote(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The sort values of a record's column values.
  func sortValues(of values: [SQLiteValue]) -> SortValues {
    SortValues(sortOffsets.map { values[$0] })
  }

  /// The sort values of a key, checked to be as many as the sort columns.
  func sortValues<Key: SQLiteSortKey>(of key: Key) throws -> SortValues {
    let values = key.sortValues
    guard values.count == sortOffsets.count else {
      throw SQLitePageStoreError.rejectedPage(
        "\(Key.self) has \(values.count) sort values for \(sortOffsets.count) sort columns")
    }
    return SortValues(values)
  }

  /// The key holding `values`.
  func key<Key: SQLiteSortKey>(_ values: SortValues, as type: Key.Type = Key.self) throws -> Key {
    try Key(row: SQLiteRow(columns: sortColumns, values: values.values))
  }

  /// ` AND ("created", "id") > (?, ?) AND ("created", "id") <= (?, ?)` with its values: the rows of
  /// `range`.
  func condition(_ range: KeyRange<SortValues>) -> (sql: String, values: [SQLiteValue]) {
    let parameters = "(" + Array(repeating: "?", count: sortOffsets.count).joined(separator: ", ") + ")"
    var sql = ""
    var values: [SQLiteValue] = []
    for (bound, included, excluded) in [(range.lower, ">=", ">"), (range.upper, "<=", "<")] {
      switch bound {
      case .open: continue
      case .included(let key): sql += " AND (\(sortList)) \(included) \(parameters)"; values += key.values
      case .excluded(let key): sql += " AND (\(sortList)) \(excluded) \(parameters)"; values += key.values
      }
    }
    return (sql, values)
  }

  /// The number of `list` (its id in the lists table), the list added when it has none; in the
  /// current write transaction.
  func listNumber(of list: String, in connection: SQLiteConnection) throws -> Int64 {
    try connection.run(insertList, [.text(list)])
    guard let number: Int64 = try connection.firstRow(selectList, [.text(list)]).map({ try $0[0] }) else {
      throw SQLiteError.mismatch("the list \"\(list)\" has no number after it was added")
    }
    return number
  }

  /// Deletes the rows of `list` in `range`.
  func deleteRows(in range: KeyRange<SortValues>, of list: String, in connection: SQLiteConnection) throws {
    let condition = condition(range)
    try connection.run("DELETE\(fromList)\(condition.sql)", [.text(list)] + condition.values)
  }

  /// The keyset query of up to `limit` rows of `list` in `range`, every column, in key order or
  /// against it: `SELECT … WHERE "pageflow_list" = ? AND ("created", "id") > (?, ?) ORDER BY
  /// "created", "id" LIMIT ?`.
  func pageQuery(
    _ list: String, in range: KeyRange<SortValues>, descending: Bool, limit: Int
  ) -> (sql: String, values: [SQLiteValue]) {
    let keys = [range.lower.key, range.upper.key].compactMap { $0?.values }.joined()
    return (pageQuerySQL(range, descending: descending), [.text(list)] + keys + [.integer(Int64(limit))])
  }

  /// The SQL of `pageQuery(_:in:descending:limit:)` (built once), whose parameters are the list, the
  /// key of the range's lower bound and of its upper bound (for a bound that has one), and the limit.
  func pageQuerySQL(_ range: KeyRange<SortValues>, descending: Bool) -> String {
    func kind(_ bound: KeyRange<SortValues>.Bound) -> Int {
      switch bound {
      case .open: 0
      case .included: 1
      case .excluded: 2
      }
    }
    return pageQueries[kind(range.lower) * 6 + kind(range.upper) * 2 + (descending ? 1 : 0)]
  }

  /// ` ORDER BY "created", "id"`, or descending.
  func order(descending: Bool) -> String {
    " ORDER BY " + sortColumns.map { Self.quote($0) + (descending ? " DESC" : "") }.joined(separator: ", ")
  }
}
