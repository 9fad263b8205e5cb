import Pageflow
import Testing

/// A long-living effect (a listener that runs for hours) holds nothing of the short effects that
/// the actions it sends start, once they have finished: its memory stays flat.
@MainActor
struct LongLivingEffectTests {
  enum Action: Sendable {
    case listen
    case tick
  }

  @Test func aListenerThatSendsAHundredThousandActionsRetainsOnlyTheTasksStillRunning() async {
    let rounds = 100_000
    let relay = Relay()
    let probe = Probe()
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { count, action in
        switch action {
        case .listen:
          return .run { send in
            for _ in 0..<rounds {
              send(.tick)
              await relay.wait()  // until the tick's own effect has run
              probe.sample()
            }
          }
        case .tick:
          count += 1
          return .run { _ in relay.signal() }
        }
      }
    }
    probe.store = store
    await store.send(.listen).finish()
    #expect(store.state == rounds)
    #expect(probe.samples == rounds)
    #expect(probe.peak <= 2)  // the listener, and at most the tick effect that just signalled
    #expect(store.retainedTaskCount == 0)
  }
}

/// Lets the listener wait until the effect of its last action has run, without sleeping.
@MainActor
private final class Relay {
  private var waiter: CheckedContinuation<Void, Never>?
  private var signals = 0

  func wait() async {
    if signals > 0 {
      signals -= 1
      return
    }
    await withCheckedContinuation { waiter = $0 }
  }

  func signal() {
    if let waiter {
      self.waiter = nil
      waiter.resume()
    } else {
      signals += 1
    }
  }
}

/// Records the most task handles the store held at any sample.
@MainActor
private final class Probe {
  weak var store: Store<Int, LongLivingEffectTests.Action>?
  private(set) var peak = 0
  private(set) var samples = 0

  func sample() {
    samples += 1
    peak = max(peak, store?.retainedTaskCount ?? 0)
  }
}
