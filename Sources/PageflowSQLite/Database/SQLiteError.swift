import CSQLite

/// An error from SQLite: its result code, extended result code and message, and the SQL that
/// failed.
///
/// Every call into SQLite's C API is checked; a failure becomes one of these values, never a crash.
/// ``isCorruption`` tells a file that is damaged or is not a database (a clear case for removing
/// the file with ``SQLiteConnection/removeDatabase(atPath:)`` and building it again).
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The primary result code (`SQLITE_BUSY` is 5, `SQLITE_CORRUPT` 11, `SQLITE_NOTADB` 26, …).
  public let code: Int32
  /// The extended result code, which says more (`SQLITE_CONSTRAINT_UNIQUE` is 2067).
  public let extendedCode: Int32
  /// SQLite's own message.
  public let message: String
  /// The statement that failed, when there was one.
  public let sql: String?

  /// An error with the given codes and message.
  public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
    self.code = code
    self.extendedCode = extendedCode ?? code
    self.message = message
    self.sql = sql
  }

  /// The error for a call that returned `result` on `handle`: SQLite's message for the connection
  /// when it describes that failure, the generic text of the code otherwise.
  init(result: Int32, handle: OpaquePointer?, sql: String?) {
    let code = result & 0xFF
    if let handle, sqlite3_extended_errcode(handle) & 0xFF == code, let message = sqlite3_errmsg(handle) {
      self.init(code: code, extendedCode: sqlite3_extended_errcode(handle), message: String(cString: message), sql: sql)
    } else {
      let message = sqlite3_errstr(result).map { String(cString: $0) } ?? "SQLite error \(result)"
      self.init(code: code, extendedCode: result, message: message, sql: sql)
    }
  }

  /// A value that does not fit what the program asked for (SQLite's "datatype mismatch").
  @usableFromInline
  static func mismatch(_ message: String, sql: String? = nil) -> SQLiteError {
    SQLiteError(code: SQLITE_MISMATCH, message: message, sql: sql)
  }

  /// Whether the file is damaged (`SQLITE_CORRUPT`) or not a database at all (`SQLITE_NOTADB`).
  public var isCorruption: Bool {
    code == SQLITE_CORRUPT || code == SQLITE_NOTADB
  }

  /// Whether the file was written by a newer SQLite in a format this one cannot read (SQLite's
  /// "unsupported file format", a plain `SQLITE_ERROR`).
  var isUnsupportedFileFormat: Bool {
    code == SQLITE_ERROR && message.hasPrefix("unsupported file format")
  }

  /// `SQLite error 26 (extended 26): file is not a database — in: PRAGMA journal_mode = WAL`.
  public var description: String {
    "SQLite error \(code) (extended \(extendedCode)): \(message)" + (sql.map { " — in: \($0)" } ?? "")
  }
}
