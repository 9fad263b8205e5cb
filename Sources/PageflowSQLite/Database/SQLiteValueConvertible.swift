import Foundation

/// A Swift type that is stored as one SQLite value and read back from one.
///
/// `Int`, `Int64`, `Double`, `Bool`, `String`, `Data` and `Date` conform, and so does an `Optional`
/// of any of them (NULL for nil). A `Date` is stored as a REAL: the seconds since 1 January 2001,
/// the number `Date` itself holds, so it comes back exactly.
public protocol SQLiteValueConvertible {
  /// The value as SQLite stores it.
  var sqliteValue: SQLiteValue { get }

  /// The value read back; throws an ``SQLiteError`` (SQLite's "datatype mismatch") when `value`
  /// is not one that this type can hold.
  init(sqliteValue value: SQLiteValue) throws
}

extension SQLiteValueConvertible {
  /// The mismatch error for `value`, naming `Self`.
  static func mismatch(_ value: SQLiteValue) -> SQLiteError {
    .mismatch("\(value) is not a \(Self.self)")
  }
}

extension Int64: SQLiteValueConvertible {
  /// `.integer`.
  public var sqliteValue: SQLiteValue { .integer(self) }

  /// From `.integer`, or a `.real` that is a whole number.
  public init(sqliteValue value: SQLiteValue) throws {
    switch value {
    case .integer(let integer): self = integer
    case .real(let real):
      guard let integer = Int64(exactly: real) else { throw Self.mismatch(value) }
      self = integer
    default: throw Self.mismatch(value)
    }
  }
}

extension Int: SQLiteValueConvertible {
  /// `.integer`.
  public var sqliteValue: SQLiteValue { .integer(Int64(self)) }

  /// From a value that `Int64` reads and that fits in `Int`.
  public init(sqliteValue value: SQLiteValue) throws {
    guard let integer = Int(exactly: try Int64(sqliteValue: value)) else { throw Self.mismatch(value) }
    self = integer
  }
}

extension Bool: SQLiteValueConvertible {
  /// `.integer(1)` or `.integer(0)`.
  public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }

  /// From an integer: 0 is false, anything else true.
  public init(sqliteValue value: SQLiteValue) throws {
    self = try Int64(sqliteValue: value) != 0
  }
}

extension Double: SQLiteValueConvertible {
  /// `.real`.
  public var sqliteValue: SQLiteValue { .real(self) }

  /// From `.real` or `.integer`.
  public init(sqliteValue value: SQLiteValue) throws {
    switch value {
    case .real(let real): self = real
    case .integer(let integer): self = Double(integer)
    default: throw Self.mismatch(value)
    }
  }
}

extension String: SQLiteValueConvertible {
  /// `.text`.
  public var sqliteValue: SQLiteValue { .text(self) }

  /// From `.text`.
  public init(sqliteValue value: SQLiteValue) throws {
    guard case .text(let text) = value else { throw Self.mismatch(value) }
    self = text
  }
}

extension Data: SQLiteValueConvertible {
  /// `.blob`.
  public var sqliteValue: SQLiteValue { .blob(self) }

  /// From `.blob`.
  public init(sqliteValue value: SQLiteValue) throws {
    guard case .blob(let data) = value else { throw Self.mismatch(value) }
    self = data
  }
}

extension Date: SQLiteValueConvertible {
  /// `.real`: the seconds since 1 January 2001 (`timeIntervalSinceReferenceDate`), exactly.
  public var sqliteValue: SQLiteValue { .real(timeIntervalSinceReferenceDate) }

  /// From a number of seconds since 1 January 2001.
  public init(sqliteValue value: SQLiteValue) throws {
    self.init(timeIntervalSinceReferenceDate: try Double(sqliteValue: value))
  }
}

extension Optional: SQLiteValueConvertible where Wrapped: SQLiteValueConvertible {
  /// `.null` for nil, the wrapped value's otherwise.
  public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }

  /// nil from `.null`, the wrapped type's value otherwise.
  public init(sqliteValue value: SQLiteValue) throws {
    self = value == .null ? nil : try Wrapped(sqliteValue: value)
  }
}

extension SQLiteValue: SQLiteValueConvertible {
  /// Itself.
  public var sqliteValue: SQLiteValue { self }

  /// Itself.
  public init(sqliteValue value: SQLiteValue) { self = value }
}
