/// How a record is stored: the table's name, its columns, and the columns the list is sorted by.
///
/// ```swift
/// SQLiteTable(
///   name: "messages",
///   columns: [.integer("id"), .real("created"), .text("text")],
///   sortKey: ["created", "id"]
/// )
/// ```
///
/// The last sort column is the record's id: unique within a list (two rows of one list never
/// share it), which makes the sort key a total order and lets a row be found by its id. The sort
/// columns are never NULL. The store adds a column of its own, `pageflow_list`, the number of the
/// list a row belongs to (so `pageflow_list` is not a column name of yours).
public struct SQLiteTable: Hashable, Sendable {
  /// The table's name.
  public var name: String
  /// The record's columns, in the order of ``SQLiteRecord/columnValues``.
  public var columns: [SQLiteColumn]
  /// The names of the columns the list is sorted by, most significant first; the last is the id.
  public var sortKey: [String]

  /// A table named `name` of `columns`, sorted by the `sortKey` columns.
  public init(name: String, columns: [SQLiteColumn], sortKey: [String]) {
    self.name = name
    self.columns = columns
    self.sortKey = sortKey
  }
}
