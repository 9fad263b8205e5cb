import Foundation

/// When a failed load is tried again on its own: how many times, after what delays, and for which
/// errors. Each retry is an ordinary load (one in flight per place, answers that no longer apply
/// dropped); cancelling, refreshing or resetting stops a retry that is waiting.
///
/// ```swift
/// PaginationFeature<Message>(retry: .default, clock: ContinuousClock()) { request in try await api.page(request) }
/// PaginationFeature<Message>(retry: RetryPolicy(maxRetries: 5, baseDelay: .milliseconds(500))) { … }
/// PaginationFeature<Message>(retry: .never) { … }  // a failure waits for the user's retry
/// ```
///
/// The delay before retry `n` (from 1) is `min(baseDelay × 2ⁿ⁻¹, maxDelay)`, of which a share
/// `jitter` is random (`jitter` 0.5: between half the delay and the whole delay), so that clients
/// that failed together do not all come back at once.
///
/// The default, ``default``, retries 3 times after 0.5, 1 and 2 seconds (each up to half shorter),
/// capped at 30 seconds, and only errors that may go away by trying again: a timeout, a failed
/// connection, an error that says so (``TransientError``). A list is read while it loads: a page
/// that failed is usually one the user reaches a second later, and a first retry within half a
/// second lands before the scroll does (with 5% of pages failing at 20 rows/s, 300 ms and 20-row
/// pages, the scroll waits 0.6% of the time, against 2.7% with steps from 1 second). Three retries cover
/// a few seconds of trouble; past them the user decides (``PaginationFeature/Action/retryFailed``),
/// and a lost network is better told (``PaginationFeature/Action/connectivityChanged(isOnline:)``)
/// than retried. TanStack Query also retries 3 times, with `min(1000 × 2ⁿ, 30000)` ms (1, 2, 4 s)
/// and no jitter, but retries every error: retrying a page that cannot be decoded, or a request the
/// server refused, only repeats the failure three times and delays the error the user must see.
/// Paging 3 does not retry on its own.
public struct RetryPolicy: Sendable {
  /// How many times a failed load is tried again before the failure stays (0: never).
  public var maxRetries: Int {
    didSet { maxRetries = Swift.max(0, maxRetries) }
  }
  /// The delay before the first retry; each next one doubles it.
  public var baseDelay: Duration {
    didSet { baseDelay = Swift.max(.zero, baseDelay) }
  }
  /// The longest delay; a cap below ``baseDelay`` counts as ``baseDelay``.
  public var maxDelay: Duration
  /// The share of each delay that is random, from 0 (none) to 1 (anywhere from zero to the delay).
  public var jitter: Double {
    didSet { jitter = jitter.isNaN ? 0 : Swift.min(1, Swift.max(0, jitter)) }
  }
  /// Which errors are retried.
  public var retries: @Sendable (LoadError) -> Bool
  /// A number in `0..<1` for the jitter; by default from the system's random source.
  public var random: @Sendable () -> Double

  /// A policy of `maxRetries` retries (clamped to 0 or more), the first after `baseDelay`, each next
  /// one twice as long up to `maxDelay`, with a share `jitter` (clamped to 0...1) of each random,
  /// for the errors `retries` accepts (by default ``isTransient(_:)``).
  public init(
    maxRetries: Int = 3,
    baseDelay: Duration = .milliseconds(500),
    maxDelay: Duration = .seconds(30),
    jitter: Double = 0.5,
    retries: @escaping @Sendable (LoadError) -> Bool = RetryPolicy.isTransient,
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) {
    self.maxRetries = Swift.max(0, maxRetries)
    self.baseDelay = Swift.max(.zero, baseDelay)
    self.maxDelay = maxDelay
    self.jitter = jitter.isNaN ? 0 : Swift.min(1, Swift.max(0, jitter))
    self.retries = retries
    self.random = random
  }

  /// 3 retries after 0.5, 1 and 2 seconds (each up to half shorter), transient errors only.
  public static var `default`: RetryPolicy { RetryPolicy() }

  /// No retry: a failure waits for the user (a retry button, ``PaginationFeature/Action/retryFailed``).
  public static var never: RetryPolicy { RetryPolicy(maxRetries: 0) }

  /// The delay before retry `attempt` (from 1) after `error`; nil when the policy does not retry it:
  /// too many attempts, or an error it does not retry.
  public func delay(beforeRetry attempt: Int, after error: LoadError) -> Duration? {
    guard attempt >= 1, attempt <= maxRetries, retries(error) else { return nil }
    let cap = Swift.max(baseDelay, maxDelay)
    // Doubling `attempt - 1` times, stopping at the cap (no overflow for any attempt).
    var delay = baseDelay
    var doublings = attempt - 1
    while doublings > 0, delay < cap, .zero < delay {
      delay = delay.addingSaturated(delay)
      doublings -= 1
    }
    delay = Swift.min(delay, cap).clampedToLongestSleep
    guard jitter > 0 else { return delay }
    let fraction = Swift.min(Swift.max(random(), 0), 1)
    return delay * (1 - jitter * (1 - (fraction.isNaN ? 1 : fraction)))
  }

  /// Whether `error` may go away if the load is tried again: a timeout (``PaginationError/timedOut(after:)``),
  /// a failed or lost connection (`URLError`), or an error that says so (``TransientError``). A
  /// decoding error, a cancellation, or any other error is not.
  @Sendable
  public static func isTransient(_ error: LoadError) -> Bool {
    switch error.underlying {
    case let transient as any TransientError: transient.isTransient
    case PaginationError.timedOut: true
    case let url as URLError: transientURLErrors.contains(url.code)
    default: false
    }
  }

  /// The `URLError` codes of a connection that failed or was lost, or a server that did not answer.
  private static let transientURLErrors: Set<URLError.Code> = [
    .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
    .notConnectedToInternet, .secureConnectionFailed, .cannotLoadFromNetwork, .resourceUnavailable,
    .internationalRoamingOff, .callIsActive, .dataNotAllowed, .backgroundSessionWasDisconnected,
  ]
}

/// An error that says whether trying the load again may succeed: a server's "try later" (503, 429),
/// an offline cache miss. ``RetryPolicy/isTransient(_:)`` asks it.
///
/// ```swift
/// struct ServerBusy: TransientError {}  // retried by the default policy
/// ```
public protocol TransientError: Error {
  /// Whether trying again may succeed (true unless the error says otherwise).
  var isTransient: Bool { get }
}

extension TransientError {
  /// True: an error that conforms is transient unless it says otherwise.
  public var isTransient: Bool { true }
}
