import Pageflow
import PageflowTesting
import Testing

/// Cancellation by id reaches only the effects marked with that id.
@MainActor
struct EffectCancellationTests {
  enum Relay: Equatable, Sendable {
    case start
    case restart
    case tick
  }

  @Test func anEffectStartedByAnActionAnotherEffectSentIsNotCancelledWithIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Relay> { count, action in
        switch action {
        case .start:
          return .run { send in send(.restart) }.cancellable(id: "loop", cancelInFlight: true)
        case .restart:
          // Cancels the effect that sent this action; the effect started here must survive that.
          return .run { send in
            try await clock.sleep(until: TestClock.Instant(offset: .seconds(1)))
            send(.tick)
          }
          .cancellable(id: "loop", cancelInFlight: true)
        case .tick:
          count += 1
          return .none
        }
      }
    }
    await store.send(.start)
    await store.receive(.restart)
    clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0 = 1 }
  }
}
