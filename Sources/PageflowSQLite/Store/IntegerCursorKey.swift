import Pageflow

/// A sort key of two integers (`SQLiteKeyPair<Int, Int>`, of `Int` or `Int64`), whose cursor the
/// store writes and reads without a JSON encoder: the same text that `PaginationCursor(key:)`
/// makes, `{"first":1700000000,"second":42}`, a few times faster to make and read (a page read
/// makes two cursors and reads one).
///
/// Only that exact text is read here; any other (spaces, another order of the fields, a number
/// written otherwise) goes to `PaginationCursor.decode(_:)`, which decides as it always did.
protocol IntegerCursorKey: SQLiteSortKey {
  /// Whether the key's two integer types hold `first` and `second`.
  static func holds(_ first: Int64, _ second: Int64) -> Bool
}

extension SQLiteKeyPair: IntegerCursorKey where First: CursorInteger, Second: CursorInteger {
  static func holds(_ first: Int64, _ second: Int64) -> Bool {
    First.holds(first) && Second.holds(second)
  }
}

/// An integer type that a cursor's integer key may hold.
protocol CursorInteger {
  /// Whether the type holds `value`.
  static func holds(_ value: Int64) -> Bool
}

extension Int: CursorInteger {
  static func holds(_ value: Int64) -> Bool { Int(exactly: value) != nil }
}

extension Int64: CursorInteger {
  static func holds(_ value: Int64) -> Bool { true }
}

/// How the store makes the cursor of a key, and reads the key of a cursor: through the integer
/// fast path when the key is an ``IntegerCursorKey``, through JSON otherwise.
enum CursorText {
  private static let firstPrefix = Array(#"{"first":"#.utf8)
  private static let secondPrefix = Array(#","second":"#.utf8)

  /// The cursor of the key of `Key` holding the sort values `values`, exactly as
  /// `PaginationCursor(key:)` makes it.
  static func cursor<Key: SQLiteSortKey>(_ values: SortValues, as _: Key.Type, schema: StoreSchema) throws
    -> PaginationCursor
  {
    if let text = integerPairText(values, as: Key.self) { return PaginationCursor(rawValue: text) }
    return try PaginationCursor(key: try schema.key(values, as: Key.self))
  }

  /// The sort values of `cursor`, read as a `Key`: throws `PaginationError.invalidCursor` when it
  /// is not one (as `PaginationCursor.decode(_:)` does), and
  /// ``SQLitePageStoreError/rejectedPage(_:)`` when the key has not as many values as the sort
  /// columns.
  static func sortValues<Key: SQLiteSortKey>(of cursor: PaginationCursor, as _: Key.Type, schema: StoreSchema)
    throws -> SortValues
  {
    if schema.sortOffsets.count == 2, let values = integerPairValues(cursor.rawValue, as: Key.self) {
      return values
    }
    return try schema.sortValues(of: cursor.decode(Key.self))
  }

  /// `{"first":a,"second":b}` for the values `(a, b)` of an integer pair key, when they are
  /// integers that its types hold; nil otherwise (then JSON makes the cursor).
  static func integerPairText<Key: SQLiteSortKey>(_ values: SortValues, as _: Key.Type) -> String? {
    guard let key = Key.self as? any IntegerCursorKey.Type, values.values.count == 2,
      case .integer(let first) = values.values[0], case .integer(let second) = values.values[1],
      key.holds(first, second)
    else { return nil }
    var text = #"{"first":"#
    text.reserveCapacity(50)  // the longest: two 20-character numbers
    text += String(first)
    text += #","second":"#
    text += String(second)
    text += "}"
    return text
  }

  /// The values `(a, b)` of the text `{"first":a,"second":b}`, written exactly as JSONEncoder
  /// writes them (no space; each number an optional minus then digits without a leading zero) and
  /// held by the key's types; nil otherwise.
  static func integerPairValues<Key: SQLiteSortKey>(_ text: String, as _: Key.Type) -> SortValues? {
    guard let key = Key.self as? any IntegerCursorKey.Type else { return nil }
    var text = text
    return text.withUTF8 { bytes -> SortValues? in
      var index = 0
      func expect(_ literal: [UInt8]) -> Bool {
        guard bytes.count - index >= literal.count else { return false }
        for byte in literal {
          guard bytes[index] == byte else { return false }
          index += 1
        }
        return true
      }
      func integer() -> Int64? {
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digits = index
        var value: Int64 = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
          // Accumulated negatively, so that Int64.min is read too.
          let digit = Int64(bytes[index] - UInt8(ascii: "0"))
          let (times, overflow) = value.multipliedReportingOverflow(by: 10)
          let (next, overflow2) = times.subtractingReportingOverflow(digit)
          guard !overflow, !overflow2 else { return nil }
          value = next
          index += 1
        }
        let count = index - digits
        guard count > 0, count == 1 || bytes[digits] != UInt8(ascii: "0") else { return nil }
        if negative {
          guard value != 0 else { return nil }  // "-0" is not how JSONEncoder writes 0
          return value
        }
        guard value != .min else { return nil }  // 2⁶³, beyond Int64
        return -value
      }
      guard expect(firstPrefix), let first = integer(), expect(secondPrefix), let second = integer(),
        expect([UInt8(ascii: "}")]), index == bytes.count, key.holds(first, second)
      else { return nil }
      return SortValues([.integer(first), .integer(second)])
    }
  }
}
