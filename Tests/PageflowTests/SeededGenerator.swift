import Foundation

/// A random number generator that gives the same sequence for the same seed (SplitMix64), so that
/// a randomised test is reproduced from the seed it prints.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seed of a randomised test that prints nothing when it passes: `PAGEFLOW_TEST_SEED` to
  /// replay a run, `fixed` otherwise (the test names the seed in its failure).
  static func seed(default fixed: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment["PAGEFLOW_TEST_SEED"].flatMap(UInt64.init) ?? fixed
  }
}
