/// Messages collected from any task, in order: warnings or test failures that a test takes
/// instead of letting them be printed or reported.
package final class Collected: Sendable {
  private let messages = Lock<[String]>([])

  /// An empty collection.
  package init() {}

  /// Adds `message`.
  package func append(_ message: String) { messages.withLock { $0.append(message) } }

  /// Every message so far.
  package var all: [String] { messages.withLock { $0 } }
}

extension TaskLocal where Value == Collected? {
  /// Runs `body` with a fresh collection as this task-local's value (seen by the tasks `body`
  /// starts, too); returns what was collected.
  package func collecting(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
  ) async rethrows -> [String] {
    let collected = Collected()
    try await withValue(collected) { try await body() }
    return collected.all
  }
}
