import Foundation
import Testing

/// The `pageflow-browse` executable of this build, found next to the test bundle (this test target
/// depends on it, so `swift build --build-tests` builds it).
enum BrowseExecutable {
  static func url() throws -> URL {
    let candidates =
      [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL]
      + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    let found = candidates.compactMap { $0?.appending(path: "pageflow-browse") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return try #require(found, "pageflow-browse is not in the build folder: swift build --build-tests")
  }

  /// Arguments for a quick, quiet channel of `messages` in `folder`: no latency, no failures.
  static func arguments(in folder: TemporaryFolder, messages: Int) -> [String] {
    [
      "--db", folder.path("messages.sqlite"), "--messages", "\(messages)", "--latency", "0", "--failure-rate", "0",
    ]
  }
}
