import Foundation
import PageflowTestSupport
import Testing

/// A place saved by one process opens the list in the next one: what identifies the list does not
/// depend on the process's hash seed or on where the program was loaded, and a place carries its
/// filter to the next launch.
///
/// Each case runs `pageflow-place-roundtrip` (an executable target of this package, built with the
/// tests because this test target depends on it) twice on one file: a first process saves the
/// place, a second opens the list as a launch does and restores it. Within one process a set is
/// iterated in one order and a type is loaded at one address, so only a second process shows it.
struct PlaceAcrossLaunchesTests {
  /// The executable, in the build's products folder.
  static func roundTrip() throws -> URL {
    try BuildProducts.executable("pageflow-place-roundtrip")
  }

  /// Runs the executable with `arguments`, with hashing seeded at random as in an app, and returns
  /// what it printed.
  static func run(_ arguments: [String]) throws -> String {
    let child = Process()
    child.executableURL = try roundTrip()
    child.arguments = arguments
    child.environment = ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_DETERMINISTIC_HASHING" }
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    #expect(child.terminationStatus == 0, "\(arguments)")
    return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .newlines)
  }

  @Test(arguments: [
    // A context holding a set and a dictionary, which print in the order of the process's hashing.
    ("labels", "selection 16, on screen 17, context the saved labels"),
    // A private element type and a fileprivate context type, whose names carry a load address.
    ("private", "selection 16, on screen 17, context inbox"),
    // A Codable filter: the launch opens the list with its default filter, the place reopens its own.
    (
      "filter",
      "selection 16, on screen 17, context closed "
        + (1...20).map { "label-\($0)" }.sorted().joined(separator: ",")
    ),
  ])
  func aPlaceSavedByOneProcessOpensTheListInTheNext(list: String, opened: String) throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "pageflow-place-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try Self.run(["save", list, file.path])
    let restored = try Self.run(["restore", list, file.path])
    #expect(restored == opened)
  }
}
