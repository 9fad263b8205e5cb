import Pageflow

/// A small feature that exercises every kind of effect.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case incrementTwiceNow
    case incrementLater
    case incrementForever
    case stop
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
      case .incrementLater:
        return .run { send in
          await Task.yield()
          send(.increment)
        }
      case .incrementForever:
        return .run { send in
          while true {
            try await Task.sleep(for: .seconds(3600))
            send(.increment)
          }
        }
        .cancellable(id: "forever", cancelInFlight: true)
      case .stop:
        return .cancel(id: "forever")
      case .fail:
        return .run { _ in throw Boom() } catch: { error, send in send(.failed("\(error)")) }
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
