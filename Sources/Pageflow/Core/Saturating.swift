/// Arithmetic on numbers that a caller chose, which must not trap: a setting of `Int.max` (a
/// prefetch distance of "everything") or a timeout of `.seconds(Int64.max)` ("never") reaches the
/// largest value instead of overflowing.
extension Int {
  /// `self + other`, or `Int.max` / `Int.min` when the sum does not fit.
  @inlinable
  package func addingSaturated(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  /// `self - other`, or `Int.max` / `Int.min` when the difference does not fit.
  @inlinable
  package func subtractingSaturated(_ other: Int) -> Int {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other < 0 ? .max : .min) : difference
  }

  /// `self × other`, or `Int.max` / `Int.min` when the product does not fit.
  @inlinable
  package func multipliedSaturated(by other: Int) -> Int {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
  }
}

/// `Duration` addition traps on overflow, and the runtime's sleeps trap on a duration of more than
/// about 292 years (what fits in 64-bit nanoseconds).
extension Duration {
  /// The longest wait that any clock of the toolchain can sleep: 100 years, far below the 292 years
  /// that `Task.sleep` and `ContinuousClock.sleep` can represent.
  package static let longestSleep = Duration.seconds(100 * 365 * 86_400)

  /// This duration, between zero and ``longestSleep``: for a timeout given to a clock's sleep (a
  /// negative one has passed already, and a clock may trap on a deadline too far in the past).
  package var clampedToLongestSleep: Duration { Swift.min(Swift.max(self, .zero), .longestSleep) }

  /// `self + other`, or the largest or smallest duration when the sum does not fit.
  package func addingSaturated(_ other: Duration) -> Duration {
    let (sum, overflow) = attoseconds.addingReportingOverflow(other.attoseconds)
    guard overflow else { return Duration(attoseconds: sum) }
    return Duration(attoseconds: other.attoseconds > 0 ? .max : .min)
  }

  /// `self - other`, or the largest or smallest duration when the difference does not fit.
  package func subtractingSaturated(_ other: Duration) -> Duration {
    let (difference, overflow) = attoseconds.subtractingReportingOverflow(other.attoseconds)
    guard overflow else { return Duration(attoseconds: difference) }
    return Duration(attoseconds: other.attoseconds < 0 ? .max : .min)
  }
}
