import Pageflow
import PageflowTesting
import Testing

/// An action sent by a `.send` effect runs after the action being processed and after the actions
/// queued before it, and `TestStore` runs them in exactly the order `Store` does.
@MainActor
struct SendEffectOrderTests {
  enum Step: Equatable, Sendable {
    case start, a, b, c
    case startTickerThenCancel, startTicker, tick
  }

  /// Logs every action; `.start` sends `.a` and `.b`, and `.a` sends `.c`.
  struct Log: Reducer {
    var body: some Reducer<[Step], Step> {
      Reduce { log, action in
        log.append(action)
        switch action {
        case .start:
          return .merge(.send(.a), .send(.b))
        case .a:
          return .send(.c)
        case .startTickerThenCancel:
          // The cancel runs now; the ticker starts when `.startTicker` runs, after it.
          return .merge(.send(.startTicker), .cancel(id: "ticker"))
        case .startTicker:
          return .run { send in
            await Task.yield()
            send(.tick)
          }
          .cancellable(id: "ticker")
        case .b, .c, .tick:
          return .none
        }
      }
    }
  }

  @Test func aStoreRunsSentActionsAfterTheCurrentOneInTheOrderTheyWereSent() {
    let store = Store(initialState: [Step]()) { Log() }
    store.send(.start)
    #expect(store.state == [.start, .a, .b, .c])
  }

  @Test func aTestStoreReceivesThemInTheSameOrder() async {
    let store = TestStore(initialState: [Step]()) { Log() }
    await store.send(.start) { $0 = [.start] }
    await store.receive(.a) { $0.append(.a) }
    await store.receive(.b) { $0.append(.b) }
    await store.receive(.c) { $0.append(.c) }
  }

  @Test func aStoreRunsACancelBeforeTheEffectOfAnActionSentInTheSameMerge() async {
    let store = Store(initialState: [Step]()) { Log() }
    await store.send(.startTickerThenCancel).finish()
    #expect(store.state == [.startTickerThenCancel, .startTicker, .tick])
  }

  @Test func aTestStoreKeepsThatEffectRunningToo() async {
    let store = TestStore(initialState: [Step]()) { Log() }
    await store.send(.startTickerThenCancel) { $0 = [.startTickerThenCancel] }
    await store.receive(.startTicker) { $0.append(.startTicker) }
    await store.receive(.tick) { $0.append(.tick) }
    await store.finish()
  }
}
