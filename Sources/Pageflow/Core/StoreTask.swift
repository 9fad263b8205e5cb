/// The work started by one ``Store/send(_:)``: every effect that the action started and,
/// transitively, the effects of the actions those effects sent.
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let rawValue: Task<Void, Never>?

  @inlinable
  init(_ rawValue: Task<Void, Never>?) { self.rawValue = rawValue }

  /// Combines the tasks of several effects into one.
  @inlinable
  package init(_ tasks: [Task<Void, Never>]) {
    switch tasks.count {
    case 0: self.init(nil)
    case 1: self.init(tasks[0])
    default: self.init(combining: tasks)
    }
  }

  /// One task that waits for all of `tasks`.
  @usableFromInline
  init(combining tasks: [Task<Void, Never>]) {
    self.init(Task { await waitForAll(tasks) })
  }

  /// Waits until all of that work has finished. Cancelling the waiting task cancels the work.
  public func finish() async {
    guard let rawValue else { return }
    await withTaskCancellationHandler {
      await rawValue.value
    } onCancel: {
      rawValue.cancel()
    }
  }

  /// Cancels the effects this action started; actions they would still send are dropped. Effects
  /// started by actions they already sent are independent and keep running (cancel them by id).
  public func cancel() { rawValue?.cancel() }

  /// Whether ``cancel()`` was called (always false when the action started no async work).
  public var isCancelled: Bool { rawValue?.isCancelled ?? false }
}

/// Waits for every task; if the waiting task is cancelled, cancels them.
package func waitForAll(_ tasks: [Task<Void, Never>]) async {
  guard !tasks.isEmpty else { return }
  await withTaskCancellationHandler {
    for task in tasks { await task.value }
  } onCancel: {
    for task in tasks { task.cancel() }
  }
}
