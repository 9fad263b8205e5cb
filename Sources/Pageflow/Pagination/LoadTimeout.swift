import Synchronization

/// Runs `operation`, failing with ``PaginationError/timedOut(after:)`` if `sleep` returns first.
///
/// The two race in unstructured tasks, so a loader that ignores cancellation cannot hold the
/// caller past the timeout; the loser is cancelled.
@usableFromInline
func withTimeout<T: Sendable>(
  _ duration: Duration,
  sleep: @escaping @Sendable () async throws -> Void,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let race = Race<T>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      race.start(
        continuation,
        work: Task { race.finish(with: await Result { try await operation() }) },
        timer: Task {
          do {
            try await sleep()
            race.finish(with: .failure(PaginationError.timedOut(after: duration)))
          } catch {}
        }
      )
    }
  } onCancel: {
    race.finish(with: .failure(CancellationError()))
  }
}

/// The first of several outcomes to arrive resumes the continuation; the others are ignored.
private final class Race<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var tasks: [Task<Void, Never>] = []
    var early: Result<T, any Error>?
  }

  private let state = Mutex(State())

  func start(_ continuation: CheckedContinuation<T, any Error>, work: Task<Void, Never>, timer: Task<Void, Never>) {
    let early = state.withLock { state -> Result<T, any Error>? in
      state.tasks = [work, timer]
      if let early = state.early { return early }
      state.continuation = continuation
      return nil
    }
    if let early {
      work.cancel()
      timer.cancel()
      continuation.resume(with: early)
    }
  }

  func finish(with result: Result<T, any Error>) {
    let (continuation, tasks) = state.withLock { state in
      if state.continuation == nil, state.early == nil, state.tasks.isEmpty {
        state.early = result
      }
      defer {
        state.continuation = nil
        state.tasks = []
      }
      return (state.continuation, state.tasks)
    }
    for task in tasks { task.cancel() }
    continuation?.resume(with: result)
  }
}

extension Result where Failure == any Error {
  /// The result of an async throwing operation.
  init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
