import Foundation
import Pageflow

/// The generator of the randomised tests: the same sequence for the same seed, so that a run is
/// reproduced from the seed it prints.
typealias SeededGenerator = SplitMix64

extension SplitMix64 {
  /// The seed of a randomised test that prints nothing when it passes: `PAGEFLOW_TEST_SEED` to
  /// replay a run, `fixed` otherwise (the test names the seed in its failure).
  static func seed(default fixed: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment["PAGEFLOW_TEST_SEED"].flatMap(UInt64.init) ?? fixed
  }
}
