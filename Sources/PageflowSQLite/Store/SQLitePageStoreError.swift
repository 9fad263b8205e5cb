/// Why a ``SQLitePageStore`` refused a table, a database or a page. (SQLite's own failures are
/// ``SQLiteError``s.)
public enum SQLitePageStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The record's ``SQLiteTable`` cannot be used: no sort key, an unknown or nullable sort column,
  /// a repeated or reserved column name.
  case invalidTable(String)
  /// The database holds a table (or an index or trigger) of that name which is not the one the
  /// record describes: a foreign file, or an older version of the record. Remove the database
  /// (``SQLiteConnection/removeDatabase(atPath:)``) to rebuild it, or use another table name.
  case tableMismatch(String)
  /// A page to write was refused, and nothing of it stored: rows out of the list's order, a
  /// repeated id, a row on the wrong side of the request's cursor, a NULL sort value, or a wrong
  /// number of column values.
  case rejectedPage(String)

  /// What was refused, and why.
  public var description: String {
    switch self {
    case .invalidTable(let reason): "invalid table: \(reason)"
    case .tableMismatch(let reason): "table mismatch: \(reason)"
    case .rejectedPage(let reason): "page refused: \(reason)"
    }
  }
}
