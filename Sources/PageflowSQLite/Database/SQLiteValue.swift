import Foundation

/// One value as SQLite stores it: NULL, a 64-bit integer, a double, UTF-8 text or a blob.
///
/// Values compare and are equal as SQLite compares them with the BINARY collation: NULL first,
/// then numbers (an integer and a real by their numeric value), then text (byte by byte, in UTF-8),
/// then blobs (byte by byte). So two strings that Swift finds equal but that differ in their bytes
/// (`"é"` precomposed and decomposed) are different values here, as they are in the database.
public enum SQLiteValue: Sendable, CustomStringConvertible {
  /// NULL.
  case null
  /// An integer.
  case integer(Int64)
  /// A double (never NaN: SQLite stores NaN as NULL).
  case real(Double)
  /// Text, stored as UTF-8.
  case text(String)
  /// Bytes.
  case blob(Data)

  /// `NULL`, `42`, `1.5`, `'text'`, `x'00ff'`.
  public var description: String {
    switch self {
    case .null: "NULL"
    case .integer(let value): "\(value)"
    case .real(let value): "\(value)"
    case .text(let value): "'\(value)'"
    case .blob(let value): "x'" + value.map { String(format: "%02x", $0) }.joined() + "'"
    }
  }

  /// The storage class's rank in SQLite's order: NULL, numbers, text, blobs.
  private var rank: Int {
    switch self {
    case .null: 0
    case .integer, .real: 1
    case .text: 2
    case .blob: 3
    }
  }

  /// -1, 0 or 1 as `self` sorts before, with, or after `other` in SQLite.
  func compare(_ other: SQLiteValue) -> Int {
    switch (self, other) {
    case (.integer(let a), .integer(let b)): a < b ? -1 : (a == b ? 0 : 1)
    case (.real(let a), .real(let b)): a < b ? -1 : (a == b ? 0 : 1)
    case (.integer(let a), .real(let b)): Self.compare(a, b)
    case (.real(let a), .integer(let b)): -Self.compare(b, a)
    case (.text(let a), .text(let b)): Self.compareBytes(a.utf8, b.utf8)
    case (.blob(let a), .blob(let b)): Self.compareBytes(a, b)
    default: rank < other.rank ? -1 : (rank == other.rank ? 0 : 1)
    }
  }

  /// An integer against a double, exactly (a conversion of either to the other's type can round).
  private static func compare(_ integer: Int64, _ real: Double) -> Int {
    if real.isNaN { return 1 }
    if real >= 0x1p63 { return -1 }
    if real < -0x1p63 { return 1 }
    let whole = real.rounded(.down)
    let truncated = Int64(whole)
    if integer != truncated { return integer < truncated ? -1 : 1 }
    return whole == real ? 0 : -1
  }

  private static func compareBytes<Bytes: Sequence<UInt8>>(_ a: Bytes, _ b: Bytes) -> Int {
    var left = a.makeIterator()
    var right = b.makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let x?, let y?) where x != y: return x < y ? -1 : 1
      default: continue
      }
    }
  }
}

extension SQLiteValue: Hashable {
  /// Whether SQLite finds the two values equal (`1 == 1.0`; text by its bytes).
  public static func == (lhs: SQLiteValue, rhs: SQLiteValue) -> Bool {
    lhs.compare(rhs) == 0
  }

  /// Hashes the value so that values SQLite finds equal hash alike.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null:
      hasher.combine(0)
    case .integer(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .real(let value):
      hasher.combine(1)
      if let integer = Int64(exactly: value) { hasher.combine(integer) } else { hasher.combine(value) }
    case .text(let value):
      hasher.combine(2)
      value.utf8.forEach { hasher.combine($0) }
    case .blob(let value):
      hasher.combine(3)
      hasher.combine(value)
    }
  }
}
