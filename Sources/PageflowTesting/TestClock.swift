import Pageflow

/// A clock whose time moves only when a test says so, so that debounces, retry back-offs and
/// timeouts are tested without waiting.
///
/// ```swift
/// let clock = TestClock()
/// // a feature sleeps on `clock` for 10 seconds…
/// clock.advance(by: .seconds(10))  // …and wakes now, in deadline order
/// ```
public final class TestClock: Clock, Sendable {
  /// A point in the test clock's time: an offset from its start.
  public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
    /// The time since the clock started.
    public let offset: Duration

    /// The instant `offset` after the start.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// This instant moved by `duration`.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset.addingSaturated(duration)) }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset.subtractingSaturated(offset) }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    /// The offset, e.g. `10.0 seconds`.
    public var description: String { "\(offset)" }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Timeline {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var cancelled: Set<Int> = []
    var nextID = 0
  }

  private let timeline = Lock(Timeline())

  /// A clock at offset zero.
  public init() {}

  /// The current instant.
  public var now: Instant { timeline.withLock { $0.now } }

  /// The smallest step: none.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on this clock.
  public var sleeperCount: Int { timeline.withLock { $0.sleepers.count } }

  /// Suspends until the clock has been advanced to `deadline`; throws `CancellationError` if the
  /// task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = timeline.withLock { timeline -> Int in
      defer { timeline.nextID += 1 }
      return timeline.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = timeline.withLock { timeline in
          if timeline.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= timeline.now { return .success(()) }
          timeline.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
        wakeSleeperWaiters()
      }
    } onCancel: {
      let sleeper = timeline.withLock { timeline -> Sleeper? in
        if let index = timeline.sleepers.firstIndex(where: { $0.id == id }) {
          return timeline.sleepers.remove(at: index)
        }
        timeline.cancelled.insert(id)
        return nil
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Waits until at least `count` tasks are sleeping on this clock.
  ///
  /// An effect calls `sleep` only once its task runs, which is after `send` returns; call this
  /// before ``advance(by:)`` so that the sleep is measured from the time it started, not from
  /// after the advance. (A feature that computes its deadline in the reducer, as
  /// `PaginationFeature` does for timeouts, needs no waiting.)
  public func waitForSleepers(count: Int = 1) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = timeline.withLock { timeline -> Bool in
        if timeline.sleepers.count >= count { return true }
        timeline.sleeperWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  private func wakeSleeperWaiters() {
    let ready = timeline.withLock { timeline -> [CheckedContinuation<Void, Never>] in
      let count = timeline.sleepers.count
      let ready = timeline.sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
      timeline.sleeperWaiters.removeAll { $0.count <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline has come, earliest first.
  public func advance(by duration: Duration = .zero) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `instant` (never backwards), waking the sleepers due by then.
  public func advance(to instant: Instant) {
    let due = timeline.withLock { timeline -> [Sleeper] in
      if timeline.now < instant { timeline.now = instant }
      let now = timeline.now
      let due = timeline.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      timeline.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Moves time forward to the latest deadline of the current sleepers, waking them all.
  public func run() {
    let last = timeline.withLock { $0.sleepers.map(\.deadline).max() }
    if let last { advance(to: last) }
  }
}

extension TestClock: Hashable {
  /// Clocks are equal when they are the same clock.
  public static func == (lhs: TestClock, rhs: TestClock) -> Bool { lhs === rhs }

  /// Hashes the clock's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
