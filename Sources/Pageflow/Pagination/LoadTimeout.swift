/// Runs `operation` against a timer: whichever ends first is given to `deliver` (the operation's
/// result, or ``PaginationError/timedOut(after:)`` when `sleep` returns first), and the other is
/// cancelled. Returns once that has happened, or once the caller is cancelled (then nothing is
/// delivered).
///
/// The two race in unstructured tasks, so a loader that ignores cancellation cannot hold the
/// caller past the timeout. They run on the main actor, where effects run, and the winner delivers
/// as soon as it ends, before it suspends again: answers reach the reducer in the order the
/// operations return, exactly as they do without a timeout.
@MainActor
@usableFromInline
func withTimeout<T: Sendable>(
  _ duration: Duration,
  sleep: @escaping @Sendable () async throws -> Void,
  operation: @escaping @MainActor @Sendable () async throws -> T,
  deliver: @escaping @MainActor @Sendable (Result<T, any Error>) -> Void
) async {
  let race = Race()
  await withTaskCancellationHandler {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      race.start(
        continuation,
        work: Task { @MainActor in
          let result: Result<T, any Error>
          do {
            result = .success(try await operation())
          } catch {
            result = .failure(error)
          }
          race.win { deliver(result) }
        },
        timer: Task { @MainActor in
          guard (try? await sleep()) != nil else { return }
          race.win { deliver(.failure(PaginationError.timedOut(after: duration))) }
        }
      )
    }
  } onCancel: {
    race.end()
  }
}

/// The first of the racers to finish wins; the others, and a cancelled caller, end it without
/// delivering anything.
private final class Race: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, Never>?
    var tasks: [Task<Void, Never>] = []
    var isOver = false
  }

  private let state = Lock(State())

  /// Hands the race the caller's continuation and the racing tasks.
  func start(_ continuation: CheckedContinuation<Void, Never>, work: Task<Void, Never>, timer: Task<Void, Never>) {
    let isOver = state.withLock { state in
      state.tasks = [work, timer]
      if !state.isOver { state.continuation = continuation }
      return state.isOver
    }
    if isOver {
      work.cancel()
      timer.cancel()
      continuation.resume()
    }
  }

  /// Runs `delivery` if the race is not over yet, and ends it.
  @MainActor
  func win(_ delivery: () -> Void) {
    guard let (continuation, tasks) = takeOver() else { return }
    delivery()
    for task in tasks { task.cancel() }
    continuation?.resume()
  }

  /// Ends the race without a winner: cancels the racers and lets the caller return.
  func end() {
    guard let (continuation, tasks) = takeOver() else { return }
    for task in tasks { task.cancel() }
    continuation?.resume()
  }

  /// Marks the race over; returns what it held, or nil if it was over already.
  private func takeOver() -> (CheckedContinuation<Void, Never>?, [Task<Void, Never>])? {
    state.withLock { state in
      guard !state.isOver else { return nil }
      state.isOver = true
      defer {
        state.continuation = nil
        state.tasks = []
      }
      return (state.continuation, state.tasks)
    }
  }
}
