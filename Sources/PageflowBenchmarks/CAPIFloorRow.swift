import CSQLite
import Foundation
import PageflowSQLite

/// A record the C-API floor reads: its key bound to the keyset query, and the row decoded from the
/// query's columns (`id`, `created`, `text`) into the same value the store's record decodes.
protocol CAPIFloorRow: SQLiteRecord {
  /// Binds `key`'s two values to the parameters 2 and 3 of `statement`.
  static func bind(_ key: Key, to statement: OpaquePointer)
  /// The row `statement` stands on.
  init(columnsOf statement: OpaquePointer)
}

extension CAPIFloorRow {
  /// The text of `column` of the row `statement` stands on ("" for NULL).
  static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
    sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
  }
}

extension BenchRow: CAPIFloorRow {
  static func bind(_ key: Key, to statement: OpaquePointer) {
    sqlite3_bind_int64(statement, 2, Int64(key.first))
    sqlite3_bind_int64(statement, 3, Int64(key.second))
  }

  init(columnsOf statement: OpaquePointer) {
    self.init(
      id: Int(sqlite3_column_int64(statement, 0)), created: Int(sqlite3_column_int64(statement, 1)),
      text: Self.text(statement, 2))
  }
}

extension DatedBenchRow: CAPIFloorRow {
  static func bind(_ key: Key, to statement: OpaquePointer) {
    sqlite3_bind_double(statement, 2, key.first.timeIntervalSinceReferenceDate)
    sqlite3_bind_int64(statement, 3, key.second)
  }

  init(columnsOf statement: OpaquePointer) {
    self.init(
      id: sqlite3_column_int64(statement, 0),
      created: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, 1)), text: Self.text(statement, 2))
  }
}
