import Foundation

/// The seed of a randomized test: `PAGEFLOW_TEST_SEED` from the environment to try another run,
/// otherwise a fixed seed made from the test's name, so that every run of the suite is the same and
/// a failure is reproduced by running the test again.
func testSeed(_ test: String) -> UInt64 {
  if let seed = ProcessInfo.processInfo.environment["PAGEFLOW_TEST_SEED"].flatMap({ UInt64($0) }) { return seed }
  // FNV-1a of the name: stable across runs and platforms, unlike `hashValue`.
  return test.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}
