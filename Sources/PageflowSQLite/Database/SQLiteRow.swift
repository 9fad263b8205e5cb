/// One row of a query's result: its values, readable by column name or position as any
/// ``SQLiteValueConvertible`` type.
///
/// ```swift
/// let id: Int64 = try row["id"]
/// let text: String = try row[2]
/// ```
public struct SQLiteRow: Hashable, Sendable {
  /// The column names, in the result's order.
  public let columns: [String]
  /// The values, in the result's order.
  ///
  /// (Settable inside the library: a page read refills one row's values in place, row after row,
  /// so that a record that keeps none of them costs no allocation; one that keeps them keeps a copy.)
  public internal(set) var values: [SQLiteValue]

  /// A row of `values` under `columns` (the same count).
  public init(columns: [String], values: [SQLiteValue]) {
    self.columns = columns
    self.values = values
  }

  /// The value of the column named `column`, as `Value`; throws an ``SQLiteError`` when there is no
  /// such column or its value does not fit `Value`.
  ///
  /// (Inlinable, as the subscript by position is: a record's `init(row:)` reads each of its columns
  /// here, and a page read makes fifty records.)
  @inlinable
  public subscript<Value: SQLiteValueConvertible>(_ column: String) -> Value {
    get throws {
      guard let index = columns.firstIndex(of: column) else {
        throw SQLiteError.mismatch("no column \"\(column)\" among \(columns)")
      }
      return try self[index]
    }
  }

  /// The value at `index` (from 0), as `Value`; throws an ``SQLiteError`` when there is no such
  /// column or its value does not fit `Value`.
  @inlinable
  public subscript<Value: SQLiteValueConvertible>(_ index: Int) -> Value {
    get throws {
      guard values.indices.contains(index) else {
        throw SQLiteError.mismatch("no column \(index) in a row of \(values.count)")
      }
      do {
        return try Value(sqliteValue: values[index])
      } catch let error as SQLiteError {
        let name = columns.indices.contains(index) ? "\"\(columns[index])\"" : "\(index)"
        throw SQLiteError.mismatch("column \(name): \(error.message)")
      }
    }
  }
}
