import Observation
import Pageflow
import Testing

/// A `send` made while the store is processing another action (from an observer, or from a
/// reducer that reaches its own store) is queued, and the task it returns stands for the queued
/// action: it waits for that action's effects once it has run, and cancels them.
@MainActor
struct BusySendTests {
  enum Action: Equatable, Sendable {
    case sendWhileBusy
    case waitThenCount
    case count
  }

  /// A store whose `.sendWhileBusy` sends `.waitThenCount` to the store itself, and the task
  /// that send returned. `.waitThenCount` counts once `latch` opens.
  @MainActor
  final class Fixture {
    /// The store as its reducer reaches it, and what a send to it returned.
    @MainActor
    final class Reference {
      weak var store: Store<Int, Action>?
      var task: StoreTask?
    }

    let latch = Latch()
    let store: Store<Int, Action>
    let reference = Reference()

    var task: StoreTask? {
      get { reference.task }
      set { reference.task = newValue }
    }

    init() {
      let (latch, reference) = (latch, reference)
      store = Store(initialState: 0) {
        Reduce<Int, Action> { count, action in
          switch action {
          case .sendWhileBusy:
            reference.task = reference.store?.send(.waitThenCount)
            return .none
          case .waitThenCount:
            return .run { send in
              await latch.wait()
              send(.count)
            }
          case .count:
            count += 1
            return .none
          }
        }
      }
      reference.store = store
    }
  }

  @Test func theTaskOfASendFromAReducerWaitsForTheQueuedActionsEffects() async {
    let busy = Fixture()
    busy.store.send(.sendWhileBusy)
    #expect(busy.store.runningEffectCount == 1)
    busy.latch.open()
    await busy.task?.finish()
    #expect(busy.store.state == 1)
    #expect(busy.store.runningEffectCount == 0)
  }

  @Test func cancellingThatTaskCancelsTheQueuedActionsEffects() async {
    let busy = Fixture()
    busy.store.send(.sendWhileBusy)
    busy.task?.cancel()
    #expect(busy.task?.isCancelled == true)
    busy.latch.open()  // the effect goes on and sends, after it was cancelled
    await busy.task?.finish()
    #expect(busy.store.state == 0)
    #expect(busy.store.runningEffectCount == 0)
  }

  @Test func theTaskOfASendFromAnObserverWaitsForTheQueuedActionsEffects() async {
    let busy = Fixture()
    withObservationTracking {
      _ = busy.store.state
    } onChange: {
      // Called while the store changes its state, in the middle of processing `.count`.
      MainActor.assumeIsolated { busy.task = busy.store.send(.waitThenCount) }
    }
    busy.store.send(.count)
    #expect(busy.store.runningEffectCount == 1)
    busy.latch.open()
    await busy.task?.finish()
    #expect(busy.store.state == 2)
  }
}
