/// The clock a feature runs on, as its transitions and effects use it: what time it is (to measure
/// the scroll and the loader's latency) and a way to wait (the delay of a retry).
///
/// Made from any clock whose durations are `Duration`: `ContinuousClock` by default, a test clock
/// in tests (its time moves only when the test says), a virtual clock in a simulation. The
/// transitions read ``now`` once per action, so that they stay deterministic on a clock that does.
@usableFromInline
struct FeatureClock: Sendable {
  /// The seconds since the origin of the clock's type: the first instant read from a clock of that
  /// type in this process, so that a feature made anew (a parent's body builds its child reducers
  /// for each action) goes on measuring from the same origin.
  @usableFromInline let now: @Sendable () -> Double
  /// Waits for a duration (clamped to the longest a sleep can represent).
  @usableFromInline let sleep: @Sendable (Duration) async throws -> Void

  /// The feature clock of `clock`.
  @usableFromInline
  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = Self.origin(of: clock)
    now = { Self.seconds(origin.duration(to: clock.now)) }
    sleep = { try await clock.sleep(until: clock.now.advanced(by: $0.clampedToLongestSleep), tolerance: nil) }
  }

  /// `duration` in seconds, from its two 64-bit halves (the standard library converts a 128-bit
  /// integer to a double through generic code, some ten times slower).
  @usableFromInline
  static func seconds(_ duration: Duration) -> Double {
    let attoseconds = duration.attoseconds
    let high = Double(Int64(truncatingIfNeeded: attoseconds >> 64))
    let low = Double(UInt64(truncatingIfNeeded: attoseconds))
    return (high * 0x1p64 + low) * 1e-18
  }

  /// The continuous clock: the default.
  @usableFromInline static let continuous = FeatureClock(ContinuousClock())

  /// The first instant read from each type of clock.
  private static let origins = Lock<[ObjectIdentifier: any Sendable]>([:])

  /// The origin of the type of `clock`: the first instant read from one.
  private static func origin<C: Clock>(of clock: C) -> C.Instant {
    origins.withLock { origins in
      if let origin = origins[ObjectIdentifier(C.self)] as? C.Instant { return origin }
      let origin = clock.now
      origins[ObjectIdentifier(C.self)] = origin
      return origin
    }
  }
}
