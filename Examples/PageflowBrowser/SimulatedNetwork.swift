import Pageflow

/// The network between the app and the ``MessageServer``: each request waits `latency`, fails
/// with probability `failureRate` (a seeded, reproducible sequence), and fails at once while the
/// device is offline. It counts what it was asked, for the status line.
public final class SimulatedNetwork: Sendable {
  /// What the network has done so far.
  public struct Counters: Equatable, Sendable {
    /// Requests sent (a request cancelled before it was sent is not counted).
    public var requests = 0
    /// Requests that failed: offline, or an error from the server.
    public var failures = 0

    /// Counters with these values.
    public init(requests: Int = 0, failures: Int = 0) {
      self.requests = requests
      self.failures = failures
    }
  }

  private struct State {
    var isOffline = false
    var counters = Counters()
    var random: SplitMix64
  }

  /// The server behind the network.
  public let server: MessageServer
  /// How many messages a page holds when a request does not say (``PageRequest/count``): a
  /// request's count is passed on to the server as its limit, as an HTTP loader would.
  public let pageSize: Int
  /// How long each request takes.
  public let latency: Duration
  /// The share of requests that fail (0 to 1).
  public let failureRate: Double
  private let state: Lock<State>

  /// A network to `server` answering pages of `pageSize` messages after `latency`, failing
  /// `failureRate` of them in an order drawn from `seed`.
  public init(server: MessageServer, pageSize: Int, latency: Duration, failureRate: Double, seed: UInt64) {
    self.server = server
    self.pageSize = max(1, pageSize)
    self.latency = max(.zero, latency)
    self.failureRate = min(max(0, failureRate), 1)
    self.state = Lock(State(random: SplitMix64(seed: seed)))
  }

  /// Whether the device is offline.
  public var isOffline: Bool {
    get { state.withLock { $0.isOffline } }
    set { state.withLock { $0.isOffline = newValue } }
  }

  /// What the network has done so far.
  public var counters: Counters { state.withLock { $0.counters } }

  /// Sends `request` to the server and returns its page: the network layer of the app's loader.
  public func page(_ request: PageRequest) async throws -> Page<Message> {
    try Task.checkCancellation()
    let (isOffline, fails) = state.withLock { state in
      state.counters.requests += 1
      let fails = state.isOffline || state.random.nextUnit() < failureRate
      if fails { state.counters.failures += 1 }
      return (state.isOffline, fails)
    }
    if isOffline { throw NetworkFailure.offline }
    if latency > .zero { try await Task.sleep(for: latency) }
    if fails { throw NetworkFailure.unavailable }
    return try server.page(request, limit: request.count ?? pageSize)
  }
}

extension SplitMix64 {
  /// A number in 0 ..< 1.
  mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
