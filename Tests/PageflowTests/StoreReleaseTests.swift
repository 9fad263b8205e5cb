import Foundation
import Observation
import Pageflow
import PageflowTesting
import Testing

/// A store is released on whatever thread drops its last reference (a view's closure on a
/// background queue, a task on the cooperative pool), and its cleanup holds there: the effects it
/// started are cancelled, and what its views read is forgotten. Run under the thread sanitizer in CI.
@MainActor
struct StoreReleaseTests {
  /// The one reference to a store, handed to another thread to be dropped there.
  final class LastReference<Value: AnyObject & Sendable>: Sendable {
    private let held: Lock<Value?>

    init(_ value: Value) { held = Lock(value) }

    /// Drops the reference; the object's deinit runs here, on the caller's thread.
    nonisolated func drop() {
      let value = held.withLock { held in
        defer { held = nil }
        return held
      }
      _ = consume value
    }
  }

  /// Drops `reference` on a thread of its own (not the main thread, not the cooperative pool), and
  /// returns once it has.
  nonisolated func dropOnAThread<Value>(_ reference: LastReference<Value>) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let thread = Thread {
        reference.drop()
        done.resume()
      }
      thread.start()
    }
  }

  @Test func aStoreReleasedOnAnotherThreadCancelsItsEffects() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let forever = store.send(.incrementForever)
    let concatenated = store.send(.concatenated)
    let reference = LastReference(store)
    _ = consume store
    await dropOnAThread(reference)
    await forever.finish()
    await concatenated.finish()
    #expect(forever.isCancelled)
  }

  @Test func aStoreReleasedByADetachedTaskCancelsItsEffects() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let forever = store.send(.incrementForever)
    let reference = LastReference(store)
    _ = consume store
    await Task.detached { reference.drop() }.value
    await forever.finish()
    #expect(forever.isCancelled)
  }

  @Test func manyStoresReleasedOnManyThreadsEachCancelTheirEffects() async {
    var tasks: [StoreTask] = []
    var references: [LastReference<Store<Counter.State, Counter.Action>>] = []
    for _ in 0..<50 {
      let store = Store(initialState: Counter.State()) { Counter() }
      tasks.append(store.send(.incrementForever))
      references.append(LastReference(store))
    }
    await withTaskGroup(of: Void.self) { group in
      for reference in references { group.addTask { reference.drop() } }
    }
    for task in tasks { await task.finish() }
    #expect(tasks.filter { !$0.isCancelled }.isEmpty)
  }

  @Test func whatAScopedStoreReleasedOnAnotherThreadReadIsForgottenAtTheNextAction() async {
    let root = Store(initialState: Counter.State()) { Counter() }
    var scoped: Store<Int, Counter.Action>? = root.scope(state: \.count, action: { $0 })
    _ = scoped?.read(\.self)
    #expect(root.trackedFieldCount == 1)
    let reference = LastReference(scoped.unsafelyUnwrapped)
    scoped = nil
    await dropOnAThread(reference)
    root.send(.record("an action that leaves count as it was"))
    #expect(root.trackedFieldCount == 0)
  }

  @Test func aStoreScopedAfterAnotherWentAwayIsTrackedAsItsOwn() async {
    let root = Store(initialState: Counter.State()) { Counter() }
    for _ in 0..<20 {
      // Each scoped store may take the address of the one before: what it reads is tracked anyway.
      let reference = LastReference(root.scope(state: \.count, action: { $0 }))
      await dropOnAThread(reference)
      let scoped = root.scope(state: \.count, action: { $0 })
      let before = scoped.read(\.self)
      let changed = Flag()
      withObservationTracking {
        _ = scoped.read(\.self)
      } onChange: {
        changed.set()
      }
      root.send(.increment)
      #expect(scoped.read(\.self) == before + 1)
      #expect(changed.isSet)
    }
  }
}
