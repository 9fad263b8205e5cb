import Pageflow

/// The network of a simulated scroll: a share of answers that fail, drawn from a seed, and an
/// outage during which every answer fails and the device knows it is offline. Times are virtual,
/// in nanoseconds from the start of the scroll.
struct ScrollNetwork: Equatable {
  /// The share of answers that fail (0 to 1), outside the outage.
  var failureRate = 0.0
  /// When the device is offline: every answer that arrives then fails, and the app tells the list
  /// at its start and at its end.
  var outage: Range<Int>?
  /// The seed of the failures.
  var seed: UInt64 = 1

  /// A network that never fails.
  static let reliable = ScrollNetwork()

  /// How long the outage lasts, in seconds (0: none).
  var outageSeconds: Int { outage.map { ($0.upperBound - $0.lowerBound) / 1_000_000_000 } ?? 0 }

  /// `5% failures`, `20% failures, 10 s outage`, or `no failures`.
  var description: String {
    var parts: [String] = []
    if failureRate > 0 { parts.append("\(Int((failureRate * 100).rounded()))% failures") }
    if outage != nil { parts.append("\(outageSeconds) s outage") }
    return parts.isEmpty ? "no failures" : parts.joined(separator: ", ")
  }

  /// Whether an answer arriving at `time` fails, drawing from `random`.
  func fails(at time: Int, using random: inout SplitMix64) -> Bool {
    if let outage, outage.contains(time) { return true }
    return failureRate > 0 && Double.random(in: 0..<1, using: &random) < failureRate
  }
}

/// A failed answer of the simulated network: transient, as a dropped connection is.
struct ScrollNetworkFailure: TransientError, Equatable {}

extension RetryPolicy {
  /// The policy with its jitter drawn from a seeded generator: the same delays in every run.
  func seeded(_ seed: UInt64 = 7) -> RetryPolicy {
    var policy = self
    let generator = Lock(SplitMix64(seed: seed))
    policy.random = { generator.withLock { Double.random(in: 0..<1, using: &$0) } }
    return policy
  }
}
