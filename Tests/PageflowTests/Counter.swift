import Pageflow
import PageflowTesting

/// A small feature that exercises every kind of effect.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case incrementTwiceNow
    case recordTwiceNow
    case incrementLater
    case incrementForever
    case incrementWhenOpen(Latch)
    case stop
    case stopUnknown
    case fail
    case failUnhandled
    case failed(String)
    case chain(Int)
    case merged
    case concatenated
    case record(String)
  }

  struct Boom: Error {}

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementTwiceNow:
        return .merge(.send(.increment), .send(.increment))
      case .recordTwiceNow:
        return .merge(.send(.record("first")), .send(.record("second")))
      case .incrementLater:
        return .run { send in
          await Task.yield()
          send(.increment)
        }
      case .incrementForever:
        return .run { send in
          // A clock nobody advances: asleep until cancelled.
          let clock = TestClock()
          while true {
            try await clock.sleep(for: .seconds(3600))
            send(.increment)
          }
        }
        .cancellable(id: "forever", cancelInFlight: true)
      case .incrementWhenOpen(let latch):
        return .run { send in
          await latch.wait()
          send(.increment)
        }
      case .stop:
        return .cancel(id: "forever")
      case .stopUnknown:
        return .cancel(id: "nothing runs under this id")
      case .fail:
        return .run { _ in
          throw Boom()
        } catch: { error, send in
          send(.failed("\(error)"))
        }
      case .failUnhandled:
        return .run { _ in throw Boom() }
      case .failed(let message):
        state.log.append("failed: \(message)")
        return .none
      case .chain(let remaining):
        state.count += 1
        guard remaining > 0 else { return .none }
        return .run { send in send(.chain(remaining - 1)) }
      case .merged:
        return .merge(
          .run { send in send(.record("a")) },
          .run { send in send(.record("b")) },
          .run { send in send(.record("c")) }
        )
      case .concatenated:
        return .concatenate(
          .run { send in
            await Task.yield()
            send(.record("first"))
          },
          .run { send in send(.record("second")) }
        )
      case .record(let entry):
        state.log.append(entry)
        return .none
      }
    }
  }
}

/// A latch an effect waits on, ignoring cancellation, until the test opens it: an effect that
/// finishes its work after it was cancelled.
final class Latch: Equatable, Sendable {
  private let state = Lock<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  /// Waits until the latch is open.
  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  /// Opens the latch, letting every waiter go.
  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  static func == (lhs: Latch, rhs: Latch) -> Bool { lhs === rhs }
}
