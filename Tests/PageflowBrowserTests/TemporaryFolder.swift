import Foundation

/// A folder of its own under the system's temporary folder, deleted with everything in it when the
/// value is released (at the end of the test that made it).
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appending(path: "pageflow-browser-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of a file named `name` in the folder.
  func path(_ name: String) -> String {
    url.appending(path: name).path
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
