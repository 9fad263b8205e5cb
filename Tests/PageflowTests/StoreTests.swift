import Observation
import Pageflow
import Testing

@MainActor
struct StoreTests {
  @Test func synchronousSendEffectsRunInOrderBeforeSendReturns() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.recordTwiceNow)
    #expect(store.state.log == ["first", "second"])
    #expect(store.runningEffectCount == 0)
  }

  @Test func finishWaitsForEffectsAndTheEffectsOfTheActionsTheySent() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    await store.send(.chain(5)).finish()
    #expect(store.state.count == 6)
    #expect(store.runningEffectCount == 0)
  }

  @Test func mergedEffectsDeliverInTheOrderTheyStarted() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    await store.send(.merged).finish()
    #expect(store.state.log == ["a", "b", "c"])
  }

  @Test func concatenatedEffectsRunOneAfterTheOther() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    await store.send(.concatenated).finish()
    #expect(store.state.log == ["first", "second"])
  }

  @Test func cancellingTheStoreTaskDropsWhatTheEffectWouldSend() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let latch = Latch()
    let task = store.send(.incrementWhenOpen(latch))
    #expect(store.runningEffectCount == 1)
    task.cancel()
    latch.open()  // the effect goes on and sends, after it was cancelled
    await task.finish()
    #expect(store.state.count == 0)
    #expect(store.runningEffectCount == 0)
  }

  @Test func anEffectThatIsNotCancelledDeliversWhatItSends() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let latch = Latch()
    let task = store.send(.incrementWhenOpen(latch))
    latch.open()
    await task.finish()
    #expect(store.state.count == 1)
  }

  @Test func cancelByIdStopsTheEffect() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let task = store.send(.incrementForever)
    store.send(.stop)
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func cancelInFlightReplacesTheRunningEffect() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let first = store.send(.incrementForever)
    let second = store.send(.incrementForever)
    await first.finish()
    #expect(store.runningEffectCount == 1)
    second.cancel()
    await second.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func cancellingAnUnknownIdIsANoOp() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.stop)  // nothing runs yet
    let task = store.send(.incrementForever)
    store.send(.stopUnknown)
    #expect(store.runningEffectCount == 1)
    #expect(!task.isCancelled)
    store.send(.stop)
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func aRunEffectRunsAtThePriorityItAsksFor() async {
    let (priorities, report) = AsyncStream.makeStream(of: TaskPriority?.self)
    let store = Store(initialState: 0) {
      Reduce<Int, Void> { _, _ in
        // The base priority: the current one may be raised while the task waits behind others.
        .merge(
          .run(priority: .low) { _ in report.yield(Task.basePriority) },
          .run(priority: .high) { _ in report.yield(Task.basePriority) }
        )
      }
    }
    store.send(())
    var seen: [UInt8?] = []
    for await priority in priorities {
      seen.append(priority?.rawValue)
      if seen.count == 2 { break }
    }
    #expect(Set(seen) == [TaskPriority.low.rawValue, TaskPriority.high.rawValue])
  }

  @Test func anErrorWithACatchHandlerBecomesAnAction() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    await store.send(.fail).finish()
    #expect(store.state.log == ["failed: Boom()"])
  }

  @Test func anErrorWithoutACatchHandlerIsIgnoredAndTheStoreGoesOn() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let warnings = await RuntimeWarning.$sink.collecting { await store.send(.failUnhandled).finish() }
    #expect(
      warnings == ["An effect started by failUnhandled threw Boom() and has no catch handler; the error was ignored."])
    store.send(.increment)
    #expect(store.state == Counter.State(count: 1, log: []))
  }

  @Test func aStoreThatGoesAwayCancelsItsEffects() async {
    var store: Store<Counter.State, Counter.Action>? = Store(initialState: Counter.State()) { Counter() }
    let task = store?.send(.incrementForever)
    store = nil
    await task?.finish()
    #expect(task?.isCancelled == true)
  }

  @Test func observersAreToldWhenTheStateChanges() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let changed = Flag()
    withObservationTracking {
      _ = store.state.count
    } onChange: {
      changed.set()
    }
    #expect(!changed.isSet)
    store.send(.increment)
    #expect(changed.isSet)
  }

  @Test func theStateIsNotCopiedForAnAction() {
    let store = Store(initialState: BufferState()) {
      Reduce<BufferState, Void> { state, _ in
        state.wasUnique = isKnownUniquelyReferenced(&state.buffer)
        return .none
      }
    }
    store.send(())
    #expect(store.state.wasUnique)
  }

  @Test func aReducerThatReadsItsOwnStoreSeesTheStateSoFarInsteadOfStopping() {
    let reference = StoreReference()
    var seen: [Int] = []
    let store = Store(initialState: 0) {
      Reduce<Int, Void> { count, _ in
        seen.append(reference.store?.state ?? -1)
        count += 1
        seen.append(reference.store?.state ?? -1)
        return .none
      }
    }
    reference.store = store
    store.send(())
    store.send(())
    #expect(seen == [0, 1, 1, 2])
    #expect(store.state == 2)
  }
}

/// Lets a reducer reach the store that runs it (a misuse the store must survive).
@MainActor
final class StoreReference {
  weak var store: Store<Int, Void>?
}

final class Buffer {}

struct BufferState {
  var buffer = Buffer()
  var wasUnique = false
}

final class Flag: @unchecked Sendable {
  private(set) var isSet = false
  func set() { isSet = true }
}
