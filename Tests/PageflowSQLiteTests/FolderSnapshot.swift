import Foundation

/// The files of a folder, by name, with their bytes: equal before and after something that must
/// not touch them (no byte changed, no file added or removed).
struct FolderSnapshot: Equatable {
  let files: [String: Data]

  init(_ folder: TemporaryFolder) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    var files: [String: Data] = [:]
    for name in names {
      files[name] = try Data(contentsOf: folder.url.appending(path: name))
    }
    self.files = files
  }
}
