import PageflowSQLite

/// `BenchRow` as a record of the on-device store: table `bench_rows`, sorted by `created` then `id`.
extension BenchRow: SQLiteRecord {
  /// A row's sort key: its creation time, then its id.
  typealias Key = SQLiteKeyPair<Int, Int>

  static let table = SQLiteTable(
    name: "bench_rows", columns: [.integer("id"), .integer("created"), .text("text")], sortKey: ["created", "id"])

  init(row: SQLiteRow) throws {
    id = try row["id"]
    created = try row["created"]
    text = try row["text"]
  }

  var columnValues: [SQLiteValue] { [id.sqliteValue, created.sqliteValue, text.sqliteValue] }

  /// The row's sort key.
  var key: Key { Key(created, id) }
}
