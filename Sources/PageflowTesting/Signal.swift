/// Wakes main-actor waiters when something happens (an action arrives, an effect finishes), or when
/// their timeout passes. The timeout uses real time; it only matters when a test is failing.
@MainActor
final class Signal {
  private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextID = 0

  /// Wakes every waiter.
  func notify() {
    let current = waiters
    waiters = [:]
    for continuation in current.values { continuation.resume() }
  }

  /// Waits for the next ``notify()``, or for `timeout`.
  func wait(timeout: Duration) async {
    let id = nextID
    nextID += 1
    let timer = Task { @MainActor [weak self] in
      try? await Task.sleep(for: timeout)
      self?.resume(id)
    }
    await withCheckedContinuation { waiters[id] = $0 }
    timer.cancel()
  }

  private func resume(_ id: Int) {
    waiters.removeValue(forKey: id)?.resume()
  }
}
