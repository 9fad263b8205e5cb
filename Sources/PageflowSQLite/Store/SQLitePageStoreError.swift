/// Why a ``SQLitePageStore`` refused a table, a database or a page. (Other failures of SQLite are
/// ``SQLiteError``s.)
///
/// The store is a cache: when it throws ``needsRebuild(_:)``, remove its file and open it again.
/// Any other error is something else (a missing folder, a full disk, a page refused), which
/// rebuilding would not fix:
///
/// ```swift
/// do {
///   store = try SQLitePageStore<Message>(path: path)
/// } catch SQLitePageStoreError.needsRebuild {
///   try SQLiteConnection.removeDatabase(atPath: path)
///   store = try SQLitePageStore<Message>(path: path)
/// }
/// ```
public enum SQLitePageStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why the file cannot serve as the store, though a new file would.
  public enum RebuildReason: Hashable, Sendable, CustomStringConvertible {
    /// The file is damaged (a page SQLite cannot read, or a value of another type than its STRICT
    /// column's, found by a page read), is not a database, or was written by a newer SQLite in a
    /// format this one cannot read; the error is SQLite's, or one of `SQLITE_CORRUPT` that names the
    /// column and the value.
    case damaged(SQLiteError)
    /// The database holds a table (or an index or trigger) of one of the store's names that is not
    /// the one the record describes: a foreign file, or an older description of the record.
    case tableMismatch(String)
    /// The store's tables were written in another format of this library (a newer one, or an older
    /// one it no longer reads): `found`, where this version reads `supported`.
    case unsupportedFormat(found: Int64, supported: Int64)

    /// What is wrong with the file.
    public var description: String {
      switch self {
      case .damaged(let error): "the file is damaged or unreadable: \(error)"
      case .tableMismatch(let reason): "table mismatch: \(reason)"
      case .unsupportedFormat(let found, let supported):
        "the store was written in format \(found) (by \(found > supported ? "a newer" : "an older") version of "
          + "PageflowSQLite); this version reads format \(supported)"
      }
    }
  }

  /// The record's ``SQLiteTable`` cannot be used: no sort key, an unknown or nullable sort column,
  /// a repeated or reserved column name.
  case invalidTable(String)
  /// The file cannot serve as the store: remove it
  /// (``SQLiteConnection/removeDatabase(atPath:)``) and open the store again, or use another file.
  /// Nothing in a refused file has been changed.
  case needsRebuild(RebuildReason)
  /// A page to write was refused, and nothing of it stored: rows out of the list's order, a
  /// repeated id, a row on the wrong side of the request's cursor, a value that does not fit its
  /// column (a wrong type, NULL, NaN, or an infinite sort value), or a wrong number of column
  /// values.
  case rejectedPage(String)

  /// What was refused, and why.
  public var description: String {
    switch self {
    case .invalidTable(let reason): "invalid table: \(reason)"
    case .needsRebuild(let reason): "the store needs a rebuild: \(reason)"
    case .rejectedPage(let reason): "page refused: \(reason)"
    }
  }

  /// Runs `body`, turning an SQLite error that says the file is damaged, not a database, or of a
  /// newer file format into ``needsRebuild(_:)``.
  static func rebuildable<Result>(_ body: () throws -> sending Result) throws -> sending Result {
    do {
      return try body()
    } catch let error as SQLiteError where error.isCorruption || error.isUnsupportedFileFormat {
      throw SQLitePageStoreError.needsRebuild(.damaged(error))
    }
  }
}
