import Foundation
import Pageflow
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    // What the process holds stays flat while the listener runs: a runtime that kept the 90,000
    // finished tasks between the two samples would hold about a hundred megabytes more.
    // (Other tests run at the same time; 64 MB is far above their noise and far below a leak.)
    let growth = probe.heapAtEnd - probe.heapAtStart
    #expect(growth < 64 << 20, "the heap grew by \(growth >> 20) MB over 90,000 actions")
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

/// Records the most task handles the store held at any sample, and the heap in use after 10,000
/// and 100,000 samples.
@MainActor
private final class Probe {
  weak var store: Store<Int, LongLivingEffectTests.Action>?
  private(set) var peak = 0
  private(set) var samples = 0
  private(set) var heapAtStart = 0
  private(set) var heapAtEnd = 0

  func sample() {
    samples += 1
    peak = max(peak, store?.retainedTaskCount ?? 0)
    if samples == 10_000 { heapAtStart = heapInUse() }
    if samples == 100_000 { heapAtEnd = heapInUse() }
  }
}

/// The memory the process holds: on Linux its resident set (from `/proc/self/statm`), which grows
/// with what the heap keeps; on Apple platforms the bytes allocated from the heap and not freed.
private func heapInUse() -> Int {
  #if canImport(Glibc)
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #elseif canImport(Darwin)
    var statistics = malloc_statistics_t()
    malloc_zone_statistics(nil, &statistics)
    return Int(statistics.size_in_use)
  #else
    0
  #endif
}
