/// A value that a ``SQLitePageStore`` keeps in a table of its own: how it maps to columns and
/// back, and the sort key its list is ordered by.
///
/// ```swift
/// struct Message: SQLiteRecord {
///   var id: Int64
///   var created: Date
///   var text: String
///
///   static let table = SQLiteTable(
///     name: "messages", columns: [.integer("id"), .real("created"), .text("text")], sortKey: ["created", "id"])
///
///   init(row: SQLiteRow) throws { id = try row["id"]; created = try row["created"]; text = try row["text"] }
///   var columnValues: [SQLiteValue] { [id.sqliteValue, created.sqliteValue, text.sqliteValue] }
///
///   typealias Key = SQLiteKeyPair<Date, Int64>  // created, then id
/// }
/// ```
public protocol SQLiteRecord: Sendable {
  /// The record's sort key (the values of ``SQLiteTable/sortKey``).
  associatedtype Key: SQLiteSortKey

  /// The table the records are kept in.
  static var table: SQLiteTable { get }

  /// A record read from a row holding every column of ``table``, by name.
  init(row: SQLiteRow) throws

  /// The record's values, one for each column of ``table``, in the same order.
  var columnValues: [SQLiteValue] { get }
}
