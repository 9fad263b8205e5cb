/// One column of a record's table: its name, its type, and whether it may hold NULL.
public struct SQLiteColumn: Hashable, Sendable {
  /// A column type of a STRICT table. The store checks every value against it before SQLite sees
  /// the value (a STRICT table converts `'10'` to 10 in an INTEGER column, and refuses only what it
  /// cannot convert): a value of another type refuses the page. The one conversion accepted is an
  /// integer in a REAL column, stored as the real it equals (when a double holds it exactly).
  public enum ColumnType: String, Hashable, Sendable {
    /// 64-bit integers (`Int`, `Int64`, `Bool`).
    case integer = "INTEGER"
    /// Doubles (`Double`, `Date`).
    case real = "REAL"
    /// UTF-8 text (`String`).
    case text = "TEXT"
    /// Bytes (`Data`).
    case blob = "BLOB"
    /// Any type, kept as given.
    case any = "ANY"
  }

  /// The column's name.
  public var name: String
  /// The column's type.
  public var type: ColumnType
  /// Whether it may hold NULL (never for a sort column). NaN is refused in every column (SQLite
  /// would store it as NULL), and an infinite value in a sort column (no cursor can carry it);
  /// elsewhere an infinite real is stored as it is.
  public var isNullable: Bool

  /// A column named `name` of `type`.
  public init(_ name: String, _ type: ColumnType, isNullable: Bool = false) {
    self.name = name
    self.type = type
    self.isNullable = isNullable
  }

  /// An INTEGER column.
  public static func integer(_ name: String, isNullable: Bool = false) -> SQLiteColumn {
    SQLiteColumn(name, .integer, isNullable: isNullable)
  }

  /// A REAL column.
  public static func real(_ name: String, isNullable: Bool = false) -> SQLiteColumn {
    SQLiteColumn(name, .real, isNullable: isNullable)
  }

  /// A TEXT column.
  public static func text(_ name: String, isNullable: Bool = false) -> SQLiteColumn {
    SQLiteColumn(name, .text, isNullable: isNullable)
  }

  /// A BLOB column.
  public static func blob(_ name: String, isNullable: Bool = false) -> SQLiteColumn {
    SQLiteColumn(name, .blob, isNullable: isNullable)
  }
}

extension SQLiteColumn {
  /// `value` as the column stores it, checked before SQLite sees it (a STRICT table converts some
  /// values of another type instead of refusing them): of the column's type, NULL only where the
  /// column may hold it, never NaN (SQLite stores NaN as NULL), and finite in a sort column (a
  /// cursor cannot carry an infinite key). An integer in a REAL column becomes the real it equals,
  /// as SQLite would store it; an integer that a double cannot hold exactly is refused. Throws the
  /// reason for a value refused.
  func checked(_ value: SQLiteValue, isSortColumn: Bool) throws(SQLiteColumnRefusal) -> SQLiteValue {
    switch (value, type) {
    case (.null, _):
      guard isNullable else { throw SQLiteColumnRefusal("NULL in a NOT NULL column") }
    case (.real(let real), _) where real.isNaN:
      throw SQLiteColumnRefusal("NaN, which SQLite would store as NULL")
    case (.real(let real), .real), (.real(let real), .any):
      guard real.isFinite || !isSortColumn else {
        throw SQLiteColumnRefusal("an infinite sort value (\(real)), which no cursor can carry")
      }
    case (.integer(let integer), .real):
      guard let real = Double(exactly: integer) else {
        throw SQLiteColumnRefusal("\(integer) is an integer that REAL rounds (beyond 2⁵³)")
      }
      return .real(real)
    case (.integer, .integer), (.text, .text), (.blob, .blob), (_, .any):
      break
    default:
      throw SQLiteColumnRefusal("\(value) is \(value.typeName), the column is \(type.rawValue)")
    }
    return value
  }
}

/// Why a value does not fit its column.
struct SQLiteColumnRefusal: Error {
  let reason: String

  init(_ reason: String) { self.reason = reason }
}

extension SQLiteValue {
  /// `NULL`, `INTEGER`, `REAL`, `TEXT` or `BLOB`: the value's storage class.
  fileprivate var typeName: String {
    switch self {
    case .null: "NULL"
    case .integer: "INTEGER"
    case .real: "REAL"
    case .text: "TEXT"
    case .blob: "BLOB"
    }
  }
}
