/// Wakes main-actor waiters when something happens (an action arrives, an effect finishes), or when
/// their timeout passes. The timeout uses real time; it only matters when a test is failing.
@MainActor
final class Signal {
  /// How many more turns of the main actor a wait grants once its deadline has passed.
  ///
  /// When many tests share the main actor, an effect that was started in time can still be queued
  /// behind their work at the deadline, and each step of it (its task, the action it sends, the
  /// task that waits for it) queues again. Letting what is already queued run a few more times
  /// before failing keeps a busy machine from failing a correct test; a test that really hangs
  /// fails just the same, a few milliseconds later.
  static let graceTurns = 50

  /// Waits until `isDone()` holds or `deadline` has passed (plus the grace turns); returns
  /// whether it holds. `isDone` is checked after every ``notify()``.
  func wait(until deadline: ContinuousClock.Instant, for isDone: () -> Bool) async -> Bool {
    while !isDone() {
      let now = ContinuousClock.now
      guard now < deadline else { break }
      await wait(timeout: now.duration(to: deadline))
    }
    var turns = 0
    while !isDone(), turns < Self.graceTurns {
      await Task.yield()
      turns += 1
    }
    return isDone()
  }

  private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextID = 0

  /// Wakes every waiter.
  func notify() {
    let current = waiters
    waiters = [:]
    for continuation in current.values { continuation.resume() }
  }

  /// Waits for the next ``notify()``, or for `timeout`.
  private func wait(timeout: Duration) async {
    let id = nextID
    nextID += 1
    let timer = Task { @MainActor [weak self] in
      try? await Task.sleep(for: timeout.clampedToLongestSleep)
      self?.resume(id)
    }
    await withCheckedContinuation { waiters[id] = $0 }
    timer.cancel()
  }

  private func resume(_ id: Int) {
    waiters.removeValue(forKey: id)?.resume()
  }
}
