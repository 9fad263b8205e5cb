import Foundation

/// A type of a value of a ``NumericPairKey``: a number that the store writes into a cursor, and
/// reads from one, without JSON, exactly as `JSONEncoder` writes it.
///
/// `Int` and `Int64` are integers: an optional minus, then digits without a leading zero. `Double`
/// and `Date` (its seconds since 2001, the number it holds) are finite reals: the shortest text
/// that reads back as the same number (Swift's `description`), without the `.0` of a whole number:
/// `1`, `-0`, `0.1`, `760000000.1234567`, `1e+16`, `1e-05`, `5e-324`.
protocol CursorNumber {
  /// Appends to `text` the number `value` as `JSONEncoder` writes it for this type, and returns
  /// true; returns false, appending nothing, when this type does not hold `value`.
  static func write(_ value: SQLiteValue, to text: inout String) -> Bool

  /// The value of `bytes` when they are exactly what ``write(_:to:)`` writes for one; nil for any
  /// other text.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> SQLiteValue?
}

/// An integer type of a ``NumericPairKey``.
protocol CursorInteger: CursorNumber {
  /// Whether the type holds `value`.
  static func holds(_ value: Int64) -> Bool
}

extension CursorInteger {
  static func write(_ value: SQLiteValue, to text: inout String) -> Bool {
    guard case .integer(let integer) = value, holds(integer) else { return false }
    text += String(integer)
    return true
  }

  static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> SQLiteValue? {
    let negative = bytes.first == UInt8(ascii: "-")
    let digits = bytes.dropFirst(negative ? 1 : 0)
    guard let first = digits.first, digits.count == 1 || first != UInt8(ascii: "0") else { return nil }
    // Accumulated negatively, so that Int64.min is read too.
    var value: Int64 = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = times.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
      guard !overflow, !overflow2 else { return nil }
      value = next
    }
    if negative {
      guard value != 0 else { return nil }  // "-0" is not how JSONEncoder writes 0
    } else {
      guard value != .min else { return nil }  // 2⁶³, beyond Int64
      value = -value
    }
    return holds(value) ? .integer(value) : nil
  }
}

extension Int: CursorInteger {
  static func holds(_ value: Int64) -> Bool { Int(exactly: value) != nil }
}

extension Int64: CursorInteger {
  static func holds(_ value: Int64) -> Bool { true }
}

/// A real type of a ``NumericPairKey``: the value a cursor carries is a finite `Double`.
protocol CursorReal: CursorNumber {}

extension CursorReal {
  static func write(_ value: SQLiteValue, to text: inout String) -> Bool {
    guard case .real(let real) = value, real.isFinite else { return false }
    // JSONEncoder writes `description`, less the ".0" of a whole number.
    real.write(to: &text)
    if text.utf8.last == UInt8(ascii: "0"), text.utf8.dropLast().last == UInt8(ascii: ".") { text.removeLast(2) }
    return true
  }

  static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> SQLiteValue? {
    // Any text that reads as a number and is exactly the text written for it: the shortest that
    // reads back as that number, so the number comes back to the last bit.
    guard let real = Double(String(decoding: bytes, as: UTF8.self)), real.isFinite else { return nil }
    var written = ""
    guard write(.real(real), to: &written), written.utf8.elementsEqual(bytes) else { return nil }
    return .real(real)
  }
}

extension Double: CursorReal {}

extension Date: CursorReal {}
