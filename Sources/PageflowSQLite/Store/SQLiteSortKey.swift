/// The sort key of a record: the values of its sort columns, as a `Codable` value that a
/// `PaginationCursor(key:)` carries and `decode(_:)` gives back exactly.
///
/// ``SQLiteKeyPair`` is one for two columns (`SQLiteKeyPair<Date, Int64>`); a key of your own
/// names its fields:
///
/// ```swift
/// struct Key: SQLiteSortKey {
///   var created: Date
///   var id: Int64
///
///   init(created: Date, id: Int64) { self.created = created; self.id = id }
///   init(row: SQLiteRow) throws { created = try row["created"]; id = try row["id"] }
///   var sortValues: [SQLiteValue] { [created.sqliteValue, id.sqliteValue] }
/// }
/// ```
public protocol SQLiteSortKey: Codable, Hashable, Sendable {
  /// The key read from a row that holds the sort columns, by name.
  init(row: SQLiteRow) throws

  /// The values of the sort columns, in the order of ``SQLiteTable/sortKey``.
  var sortValues: [SQLiteValue] { get }
}
