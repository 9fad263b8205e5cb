import Foundation

/// The folder that holds this build's products (the test bundle, the package's executables), found
/// from the image of the test code itself, on every platform:
///
/// - On Apple platforms, `swift test` (and Xcode) run the tests inside a test bundle, a folder named
///   `….xctest` that a runner loads: `Bundle(for:)` gives that bundle, and the products folder is
///   the folder it is in. `Bundle.main` is the runner, which lives in the toolchain.
/// - On Linux, the tests are an executable in the products folder: `Bundle(for:)` gives the folder
///   that holds it.
///
/// A test that starts one of the package's executables finds it here, built with the tests
/// because its test target depends on it.
public enum BuildProducts {
  /// A class of this module, whose image is the test code's.
  private final class Marker {}

  /// The build's products folder.
  public static var folder: URL {
    let bundle = Bundle(for: Marker.self).bundleURL
    return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
  }

  /// The executable `name` of this build.
  public static func executable(_ name: String) throws -> URL {
    let url = folder.appending(path: name)
    guard FileManager.default.isExecutableFile(atPath: url.path) else { throw Missing(name: name, folder: folder) }
    return url
  }

  /// An executable that is not in the products folder.
  public struct Missing: Error, CustomStringConvertible {
    /// The executable's name.
    public let name: String
    /// Where it was looked for.
    public let folder: URL

    public var description: String {
      "\(name) is not in the build's products folder (\(folder.path)): build it with `swift build --build-tests`"
    }
  }
}
