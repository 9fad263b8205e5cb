import Foundation

/// A row of `--json` output: one JSON object on one line, written by Foundation's encoder (its
/// strings escaped, its keys sorted).
enum JSONLine {
  /// `row` as one line of JSON.
  static func encode(_ row: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(row), as: UTF8.self)
  }

  /// `value` rounded to `decimals` decimal places, or nil when it is not finite (JSON has no NaN
  /// or infinity).
  static func number(_ value: Double?, decimals: Int) -> Double? {
    guard let value, value.isFinite else { return nil }
    let scale = pow(10, Double(decimals))
    return (value * scale).rounded() / scale
  }
}
