/// Runs effects for a store: starts their tasks on the main actor, tracks what is in flight, and
/// keeps the cancellation ids of one store (never a process-wide table).
///
/// Shared by ``Store`` and `TestStore`, which differ only in what they do with an action an effect
/// sends (`dispatch`) and with an error no effect handles (`onUnhandledError`).
@MainActor
@usableFromInline
package final class EffectRuntime<Action> {
  /// Delivers an action sent by an effect; returns the tasks that processing it started.
  package var dispatch: @MainActor (Action) -> [Task<Void, Never>] = { _ in [] }
  /// Called with an error thrown by an effect that has no `catch` handler.
  package var onUnhandledError: @MainActor (any Error, Action) -> Void = { _, _ in }
  /// Called whenever an effect finishes.
  package var onEffectFinished: @MainActor () -> Void = {}

  /// An effect that has started and not finished, with the action that started it.
  package struct InFlight {
    package let task: Task<Void, Never>
    package let origin: Action
    /// True while the effect's own work runs; false once it only waits for the effects of the
    /// actions it sent (or, for `concatenate`, for the effects it runs in turn).
    package var isRunning: Bool
  }

  /// The effects whose own work is still running.
  package var running: [InFlight] { inFlight.values.filter(\.isRunning) }

  package private(set) var inFlight: [Int: InFlight] = [:]
  private var cancellables: [AnyHashable: Set<Int>] = [:]
  private var nextID = 0

  package init() {}

  /// Starts `effect`, which `origin` produced; returns the tasks it started.
  @usableFromInline
  package func run(_ effect: Effect<Action>, origin: Action) -> [Task<Void, Never>] {
    run(effect, origin: origin, cancelIDs: [])
  }

  /// Cancels everything in flight and forgets it.
  package func cancelAll() {
    for effect in inFlight.values { effect.task.cancel() }
    inFlight = [:]
    cancellables = [:]
  }

  private func run(_ effect: Effect<Action>, origin: Action, cancelIDs: [AnyHashable]) -> [Task<Void, Never>] {
    switch effect.operation {
    case .none:
      return []
    case .send(let action):
      return dispatch(action)
    case .run(let run):
      return [
        start(origin: origin, cancelIDs: cancelIDs, isRunning: true) { runtime, send in
          do {
            try await run.operation(send)
          } catch is CancellationError {
          } catch {
            guard !Task.isCancelled else { return }
            if let handler = run.handler {
              await handler(error, send)
            } else {
              runtime.onUnhandledError(error, origin)
            }
          }
        }
      ]
    case .merge(let effects):
      return effects.flatMap { run($0, origin: origin, cancelIDs: cancelIDs) }
    case .concatenate(let effects):
      return [
        start(origin: origin, cancelIDs: cancelIDs, isRunning: false) { runtime, _ in
          for effect in effects {
            guard !Task.isCancelled else { return }
            await waitForAll(runtime.run(effect, origin: origin, cancelIDs: cancelIDs))
          }
        }
      ]
    case .cancellable(let inner, let id, let cancelInFlight):
      if cancelInFlight { cancel(id: id) }
      return run(inner, origin: origin, cancelIDs: cancelIDs + [id])
    case .cancel(let id):
      cancel(id: id)
      return []
    }
  }

  /// Starts `body` in a main-actor task that is tracked until it, and the effects of the actions it
  /// sent, have finished.
  private func start(
    origin: Action,
    cancelIDs: [AnyHashable],
    isRunning: Bool,
    _ body: @escaping @MainActor (EffectRuntime, Send<Action>) async -> Void
  ) -> Task<Void, Never> {
    let id = nextID
    nextID += 1
    let children = TaskBag()
    let send = Send<Action> { [weak self] action in
      guard let self else { return }
      children.tasks += self.dispatch(action)
    }
    let task = Task { @MainActor in
      await body(self, send)
      if !children.tasks.isEmpty {
        // Wait (for StoreTask.finish) but do not propagate cancellation: the effects of the actions
        // this effect sent are independent effects, cancelled only by their own ids.
        self.inFlight[id]?.isRunning = false
        for child in children.tasks { await child.value }
      }
      self.finish(id: id, cancelIDs: cancelIDs)
    }
    inFlight[id] = InFlight(task: task, origin: origin, isRunning: isRunning)
    for cancelID in cancelIDs { cancellables[cancelID, default: []].insert(id) }
    return task
  }

  private func finish(id: Int, cancelIDs: [AnyHashable]) {
    inFlight[id] = nil
    for cancelID in cancelIDs {
      cancellables[cancelID]?.remove(id)
      if cancellables[cancelID]?.isEmpty == true { cancellables[cancelID] = nil }
    }
    onEffectFinished()
  }

  private func cancel(id: AnyHashable) {
    guard let ids = cancellables[id] else { return }
    for id in ids { inFlight[id]?.task.cancel() }
  }
}

/// The tasks started by actions that one effect sent.
@MainActor
final class TaskBag {
  var tasks: [Task<Void, Never>] = []
}
