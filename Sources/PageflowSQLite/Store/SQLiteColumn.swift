/// One column of a record's table: its name, its type, and whether it may hold NULL.
public struct SQLiteColumn: Hashable, Sendable {
  /// A column type of a STRICT table: SQLite refuses a value of another type instead of converting
  /// it.
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
  /// Whether it may hold NULL (never for a sort column).
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
