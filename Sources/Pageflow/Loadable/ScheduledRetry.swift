/// A retry that a ``RetryPolicy`` scheduled after a failure: which attempt it is, how long after the
/// failure it loads, and whether it waits for the network to come back (the feature was told it is
/// offline).
///
/// A footer shows it as "retrying in 4 s", or "waiting for the network".
public struct ScheduledRetry: Equatable, Sendable, CustomStringConvertible {
  /// Which retry this is: 1 for the first.
  public var attempt: Int
  /// How long after the failure the retry loads.
  public var delay: Duration
  /// Whether the delay has passed while offline: the retry loads once the network is back.
  public var isWaitingForNetwork: Bool

  /// Retry `attempt`, `delay` after the failure.
  public init(attempt: Int, delay: Duration, isWaitingForNetwork: Bool = false) {
    self.attempt = attempt
    self.delay = delay
    self.isWaitingForNetwork = isWaitingForNetwork
  }

  /// The delay in seconds, fractions included (a footer shows `0.3 s`, where the delay's whole
  /// seconds would read 0).
  public var delayInSeconds: Double {
    Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
  }

  /// `retry 2 in 2.0 seconds`, or `retry 2 when the network is back`.
  public var description: String {
    "retry \(attempt) " + (isWaitingForNetwork ? "when the network is back" : "in \(delay)")
  }
}
