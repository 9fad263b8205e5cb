import Pageflow
import Testing

/// Runs each test of a suite with Pageflow's debug-build warnings collected instead of printed: for
/// suites that set windows smaller than a scroll needs on purpose (tiny pages that keep a test
/// readable, or random settings), where the warning is expected and would only be noise.
struct CollectingWarnings: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await RuntimeWarning.$sink.withValue(Collected()) { try await function() }
  }
}

extension Trait where Self == CollectingWarnings {
  /// Pageflow's warnings are collected, not printed (see ``CollectingWarnings``).
  static var collectingWarnings: Self { Self() }
}
