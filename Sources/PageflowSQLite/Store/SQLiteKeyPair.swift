/// A sort key of two columns, the most common kind: a date or a score, then the unique id.
///
/// ```swift
/// typealias Key = SQLiteKeyPair<Date, Int64>  // sortKey: ["created", "id"]
/// var key: Key { Key(created, id) }
/// ```
///
/// It reads its values by position from the sort columns, in the order of ``SQLiteTable/sortKey``,
/// and a cursor carries it as `{"first": …, "second": …}`.
public struct SQLiteKeyPair<First, Second>: SQLiteSortKey, CustomStringConvertible
where
  First: SQLiteValueConvertible & Codable & Hashable & Sendable,
  Second: SQLiteValueConvertible & Codable & Hashable & Sendable
{
  /// The value of the first sort column.
  public var first: First
  /// The value of the second sort column (the id).
  public var second: Second

  /// The key `(first, second)`.
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  /// The key in the first two columns of `row`.
  public init(row: SQLiteRow) throws {
    first = try row[0]
    second = try row[1]
  }

  /// The two values.
  public var sortValues: [SQLiteValue] { [first.sqliteValue, second.sqliteValue] }

  /// `(first, second)`.
  public var description: String { "(\(first), \(second))" }
}

extension SQLiteKeyPair: Comparable where First: Comparable, Second: Comparable {
  /// By the first value, then the second.
  public static func < (lhs: SQLiteKeyPair, rhs: SQLiteKeyPair) -> Bool {
    (lhs.first, lhs.second) < (rhs.first, rhs.second)
  }
}
