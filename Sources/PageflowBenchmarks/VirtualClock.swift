import Pageflow
import Synchronization

/// The scroll simulation's virtual time as a clock, which the feature measures the scroll and the
/// loader's latency on: its time is what the simulation sets, and nothing sleeps on it (the
/// simulation runs no effects).
final class VirtualClock: Clock, Sendable {
  /// A point in virtual time: an offset from the start.
  struct Instant: InstantProtocol {
    let offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// The virtual time in nanoseconds: an atomic read, as cheap as reading a real clock.
  private let nanoseconds = Atomic(0)

  /// The current instant.
  var now: Instant { Instant(offset: .nanoseconds(nanoseconds.load(ordering: .relaxed))) }
  /// The smallest step: a nanosecond.
  var minimumResolution: Duration { .nanoseconds(1) }

  /// Sets the time to `nanoseconds` after the start.
  func set(nanoseconds: Int) {
    self.nanoseconds.store(nanoseconds, ordering: .relaxed)
  }

  /// Never called: nothing runs effects in the simulation. Returns at once.
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}
