import CSQLite
import Foundation

/// A prepared statement: bound, stepped and reset by its connection, finalized when released.
///
/// Not Sendable, like the connection that owns it.
final class SQLiteStatement {
  let handle: OpaquePointer
  let sql: String
  /// The result's column names.
  let columns: [String]
  /// Whether a caller is stepping it now (a re-entrant use of the same SQL gets a fresh statement).
  var isInUse = false
  private let database: OpaquePointer

  /// Compiles `sql`, one statement, for `database`.
  ///
  /// SQLite reads the SQL's UTF-8 bytes, given with their count, only inside `withUTF8`'s closure;
  /// what follows the statement is checked there too, as an offset into the same bytes, never
  /// through a pointer kept past the closure.
  init(sql: String, database: OpaquePointer, persistent: Bool) throws {
    var text = sql
    let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
    let prepared = try text.withUTF8 { bytes in
      try Self.prepareOne(bytes, database: database, flags: flags, sql: sql)
    }
    guard let statement = prepared else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "no statement in the SQL (only whitespace or comments)", sql: sql)
    }
    self.handle = statement
    self.sql = sql
    self.database = database
    self.columns = (0..<sqlite3_column_count(statement)).map { index in
      sqlite3_column_name(statement, index).map { String(cString: $0) } ?? "\(index)"
    }
  }

  /// Compiles the first statement of `bytes` and checks that nothing but whitespace, semicolons or
  /// comments follows it; nil when `bytes` hold no statement at all.
  private static func prepareOne(
    _ bytes: UnsafeBufferPointer<UInt8>, database: OpaquePointer, flags: UInt32, sql: String
  ) throws -> OpaquePointer? {
    guard let count = Int32(exactly: bytes.count) else {
      throw SQLiteError(code: SQLITE_TOOBIG, message: "a statement of \(bytes.count) bytes is too long", sql: sql)
    }
    guard let base = bytes.baseAddress, count > 0 else { return nil }
    return try base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
      var statement: OpaquePointer?
      var tail: UnsafePointer<CChar>?
      let result = sqlite3_prepare_v3(database, characters, count, flags, &statement, &tail)
      guard result == SQLITE_OK else {
        sqlite3_finalize(statement)
        throw SQLiteError(result: result, handle: database, sql: sql)
      }
      let used = tail.map { characters.distance(to: $0) } ?? bytes.count
      let rest = UnsafeBufferPointer(rebasing: bytes[min(max(0, used), bytes.count)...])
      guard holdsNoStatement(rest, database: database) else {
        sqlite3_finalize(statement)
        throw SQLiteError(
          code: SQLITE_MISUSE, message: "expected exactly one statement (use execute for several)", sql: sql)
      }
      return statement
    }
  }

  /// Whether `bytes` hold no statement: only whitespace and semicolons, or what SQLite compiles to
  /// nothing (comments). A NUL byte counts as more SQL (SQLite would stop reading there).
  private static func holdsNoStatement(_ bytes: UnsafeBufferPointer<UInt8>, database: OpaquePointer) -> Bool {
    let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x3B]  // space, tab, LF, CR, FF, ;
    guard bytes.contains(where: { !blank.contains($0) }) else { return true }
    guard !bytes.contains(0), let base = bytes.baseAddress, let count = Int32(exactly: bytes.count) else {
      return false
    }
    var statement: OpaquePointer?
    let result = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
      sqlite3_prepare_v3(database, characters, count, 0, &statement, nil)
    }
    sqlite3_finalize(statement)
    return result == SQLITE_OK && statement == nil
  }

  deinit {
    // finalize returns the error of the last step, which was reported when that step failed.
    sqlite3_finalize(handle)
  }

  /// Binds `values` to parameters 1, 2, …; the count must match the statement's.
  func bind(_ values: [SQLiteValue]) throws {
    let count = Int(sqlite3_bind_parameter_count(handle))
    guard values.count == count else {
      throw SQLiteError(code: SQLITE_RANGE, message: "\(values.count) values for \(count) parameters", sql: sql)
    }
    for (offset, value) in values.enumerated() {
      try check(bind(value, at: Int32(offset + 1)))
    }
  }

  /// Binds `value` to parameter `index` (from 1).
  func bind(_ value: SQLiteValue, at index: Int32) throws {
    try check(bind(value, at: index))
  }

  private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
    switch value {
    case .null:
      return sqlite3_bind_null(handle, index)
    case .integer(let integer):
      return sqlite3_bind_int64(handle, index, integer)
    case .real(let real):
      return sqlite3_bind_double(handle, index, real)
    case .text(var text):
      // SQLITE_TRANSIENT: SQLite copies the bytes before returning, so the buffer need not outlive
      // the call.
      return text.withUTF8 { bytes in
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
          return sqlite3_bind_text64(handle, index, "", 0, csqlite_transient(), UInt8(SQLITE_UTF8))
        }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
          sqlite3_bind_text64(
            handle, index, characters, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let data):
      return data.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
        return sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), csqlite_transient())
      }
    }
  }

  /// Runs the statement to its next row: true if there is one, false when it is done.
  func step() throws -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let result: throw SQLiteError(result: result, handle: database, sql: sql)
    }
  }

  /// The current row.
  func row() throws -> SQLiteRow {
    SQLiteRow(columns: columns, values: try columns.indices.map { try value(at: Int32($0)) })
  }

  /// Reads the current row into `row`, whose columns are this statement's: its values are replaced
  /// in place (no allocation when `row` holds the only reference to them).
  func read(into row: inout SQLiteRow) throws {
    guard row.values.count == columns.count else {
      row.values = try columns.indices.map { try value(at: Int32($0)) }
      return
    }
    for index in columns.indices {
      row.values[index] = try value(at: Int32(index))
    }
  }

  /// Reads the current row into `row`, as `read(into:)` does, where `types` gives the type of each
  /// column that can hold nothing else (a NOT NULL column of a STRICT table, which SQLite keeps to
  /// its type; nil for one that may hold NULL or any type): such a value is read without converting
  /// it, once its stored type is checked. A value of another type, which only a damaged or
  /// hand-edited file holds (SQLite would convert it: text to 0, a number to its text), throws an
  /// ``SQLiteError`` of `SQLITE_CORRUPT`, as `PRAGMA integrity_check` reports it.
  func read(into row: inout SQLiteRow, types: [SQLiteColumn.ColumnType?]) throws {
    guard row.values.count == columns.count, types.count == columns.count else {
      try read(into: &row)
      return
    }
    for index in columns.indices {
      let column = Int32(index)
      guard let type = types[index] else {
        row.values[index] = try value(at: column)
        continue
      }
      // The column's value itself, read without a further lookup of the column: an unprotected
      // value, which SQLite lets the one thread that uses the connection read (as this one is used).
      let stored = sqlite3_column_value(handle, column)
      switch (type, sqlite3_value_type(stored)) {
      case (.integer, SQLITE_INTEGER): row.values[index] = .integer(sqlite3_value_int64(stored))
      case (.real, SQLITE_FLOAT): row.values[index] = .real(sqlite3_value_double(stored))
      case (.text, SQLITE_TEXT):
        row.values[index] = try text(sqlite3_value_text(stored), count: sqlite3_value_bytes(stored))
      case (.blob, SQLITE_BLOB), (.any, _): row.values[index] = try value(at: column)
      default:
        let found = try value(at: column)
        throw SQLiteError(
          code: SQLITE_CORRUPT, message: "non-\(type.rawValue) value in column \"\(columns[index])\": \(found)",
          sql: sql)
      }
    }
  }

  /// The value of column `index` (from 0) of the current row.
  func value(at index: Int32) throws -> SQLiteValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT:
      return try text(at: index)
    case SQLITE_BLOB:
      let pointer = sqlite3_column_blob(handle, index)
      let count = Int(sqlite3_column_bytes(handle, index))
      guard let pointer else { return try emptyUnlessOutOfMemory(.blob(Data())) }
      return .blob(Data(bytes: pointer, count: count))
    default:
      return .null
    }
  }

  /// The text of column `index` of the current row (which holds text).
  private func text(at index: Int32) throws -> SQLiteValue {
    try text(sqlite3_column_text(handle, index), count: sqlite3_column_bytes(handle, index))
  }

  /// The text of a value of the current row, from SQLite's pointer to its `count` bytes (valid
  /// until the next step or reset: the text is copied here).
  private func text(_ pointer: UnsafePointer<UInt8>?, count: Int32) throws -> SQLiteValue {
    guard let pointer else { return try emptyUnlessOutOfMemory(.text("")) }
    return .text(String(decoding: UnsafeBufferPointer(start: pointer, count: Int(count)), as: UTF8.self))
  }

  /// A NULL pointer for a text or blob is an empty value, unless SQLite ran out of memory.
  private func emptyUnlessOutOfMemory(_ empty: SQLiteValue) throws -> SQLiteValue {
    let result = sqlite3_errcode(database)
    guard result != SQLITE_NOMEM else { throw SQLiteError(result: result, handle: database, sql: sql) }
    return empty
  }

  /// Resets the statement and clears its bindings, ready for the next use. Called after a
  /// successful run: a failure here is a real one.
  func reset() throws {
    try check(sqlite3_reset(handle))
    try check(sqlite3_clear_bindings(handle))
  }

  /// Resets the statement for another run with the same bindings (those not bound again keep their
  /// values), after a successful run.
  func resetKeepingBindings() throws {
    try check(sqlite3_reset(handle))
  }

  /// Resets the statement after a failed step or bind. `sqlite3_reset` then returns that same
  /// failure again, which the caller is already reporting, and `sqlite3_clear_bindings` always
  /// returns `SQLITE_OK`; the statement is reusable either way.
  func resetAfterFailure() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  private func check(_ result: Int32) throws {
    guard result == SQLITE_OK else { throw SQLiteError(result: result, handle: database, sql: sql) }
  }
}
