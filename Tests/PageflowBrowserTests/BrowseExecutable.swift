import Foundation
import PageflowTestSupport

/// The `pageflow-browse` executable of this build, found in the build's products folder (this test target
/// depends on it, so `swift build --build-tests` builds it).
enum BrowseExecutable {
  static func url() throws -> URL {
    try BuildProducts.executable("pageflow-browse")
  }

  /// Arguments for a quick, quiet channel of `messages` in `folder`: no latency, no failures.
  static func arguments(in folder: TemporaryFolder, messages: Int) -> [String] {
    [
      "--db", folder.path("messages.sqlite"), "--messages", "\(messages)", "--latency", "0", "--failure-rate", "0",
    ]
  }
}
