import Foundation
import PageflowSQLite

/// A row of the on-device store sorted by the most common key: a creation date, then the id
/// (`SQLiteKeyPair<Date, Int64>`), with the same short text as `BenchRow`. Table `dated_rows`.
struct DatedBenchRow: SQLiteRecord, Identifiable, Equatable {
  typealias Key = SQLiteKeyPair<Date, Int64>

  let id: Int64
  let created: Date
  let text: String

  /// The row `id`: created about a second after the one before, at a time of full precision (as
  /// `Date()` gives), so that its cursor carries a number of 16 or 17 digits.
  init(_ id: Int) {
    self.id = Int64(id)
    self.created = Date(timeIntervalSinceReferenceDate: 760_000_000.123_456_7 + Double(id) * 1.000_123_457)
    self.text = "row"
  }

  /// A row of these values (as read back from a table).
  init(id: Int64, created: Date, text: String) {
    self.id = id
    self.created = created
    self.text = text
  }

  static let table = SQLiteTable(
    name: "dated_rows", columns: [.integer("id"), .real("created"), .text("text")], sortKey: ["created", "id"])

  init(row: SQLiteRow) throws {
    id = try row["id"]
    created = try row["created"]
    text = try row["text"]
  }

  var columnValues: [SQLiteValue] { [id.sqliteValue, created.sqliteValue, text.sqliteValue] }

  /// The row's sort key.
  var key: Key { Key(created, id) }
}
