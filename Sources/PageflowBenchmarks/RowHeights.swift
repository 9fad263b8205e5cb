/// The heights of the rows of a list laid out in points, as a SwiftUI list lays them out: from 40
/// to 120 points, the same for a row every time (its id decides), 80 on average; and where each
/// starts from the first row of a stretch of them, in constant time.
enum RowHeights {
  /// The heights repeat every `period` rows, each of 40...120 once in a period (ids step through
  /// them 37 at a time): uneven from one row to the next, with no run of rows alike.
  static let period = 81

  /// The height of row `id`, in points.
  static func height(_ id: Int) -> Double {
    40 + Double(((id % period + period) % period) * 37 % period)
  }

  /// The heights of the rows of one period, summed from its start: `prefix[i]` is the height of
  /// its first `i` rows.
  private static let prefix: [Double] = (0...period).map { count in (0..<count).reduce(0) { $0 + height($1) } }

  /// The height of rows `0..<id` (negative: minus that of `id..<0`).
  static func offset(of id: Int) -> Double {
    let periods = id >= 0 ? id / period : -((-id + period - 1) / period)
    return Double(periods) * prefix[period] + prefix[id - periods * period]
  }

  /// The height of rows `ids`.
  static func extent(of ids: Range<Int>) -> Double {
    offset(of: ids.upperBound) - offset(of: ids.lowerBound)
  }
}
