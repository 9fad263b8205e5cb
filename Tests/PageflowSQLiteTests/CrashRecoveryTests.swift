import Foundation
import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// A process killed with SIGKILL while it writes pages loses no page it committed and leaves no
/// range that claims rows it does not hold.
///
/// The test runs `pageflow-sqlite-writer` (an executable target of this package, built with the
/// tests because this test target depends on it, and found next to the test bundle in the build
/// folder) as a child process. The child writes pages of 200 notes of a 5,000-note timeline at
/// random positions into lists "all" and "pinned", and prints `committed N` after each write
/// returns. The test reads those lines from a pipe (no sleeping, no clock), and after 30 commits
/// kills the child with SIGKILL, most likely in the middle of a transaction, which is where the
/// child spends its time. It then opens the file and checks it against the timeline: every range
/// holds exactly the timeline's notes in it, no row lies outside a range, the row counts are right,
/// and (without a row limit, where nothing is dropped) every page reported committed reads back
/// from disk exactly as it was written.
struct CrashRecoveryTests {
  /// The writer executable, next to the test bundle (or the test executable) in the build folder.
  static func writerExecutable() throws -> URL {
    let candidates =
      [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL]
      + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    let found = candidates.compactMap { $0?.appending(path: "pageflow-sqlite-writer") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return try #require(found, "pageflow-sqlite-writer is not in the build folder: swift build --build-tests")
  }

  @Test(arguments: [nil, 1_500])
  func aWriterKilledMidWriteLosesNoCommittedPageAndLeavesNoFalseRange(rowLimit: Int?) throws {
    let folder = try TemporaryFolder()
    let seed = testSeed("CrashRecoveryTests(rowLimit: \(rowLimit.map(String.init) ?? "none"))")
    let child = Process()
    child.executableURL = try Self.writerExecutable()
    child.arguments = [folder.path(), "\(seed)"] + (rowLimit.map { ["\($0)"] } ?? [])
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    let committed = try Self.waitForCommits(30, from: output.fileHandleForReading)
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)

    let server = NoteServer(count: 5_000)
    let store = try SQLitePageStore<Note>(path: folder.path(), rowLimit: rowLimit)
    let disk = try DiskContents(path: folder.path())
    var rows = 0
    for list in try disk.lists() {
      let problems = try disk.problems(in: list, ranges: store.ranges(in: list), truth: server.notes)
      #expect(problems.isEmpty, "seed \(seed): \(problems)")
      rows += try disk.notes(in: list).count
    }
    #expect(try store.status().rows == rows)
    if let rowLimit {
      #expect(rows <= rowLimit + 200)
      return
    }
    // Replay the writer's script: each page it reported committed reads back as it was sent.
    var script = PageScript(seed: seed)
    for write in 1...committed {
      let position = try script.nextPosition(in: server)
      let stored = try store.page(at: position, limit: 200, in: PageScript.list(ofWrite: write))
      #expect(try stored?.page == server.page(at: position, limit: 200), "seed \(seed), write \(write): \(position)")
    }
  }

  /// Reads `committed N` lines until there are at least `count`, and returns the last N read.
  static func waitForCommits(_ count: Int, from pipe: FileHandle) throws -> Int {
    var text = ""
    while true {
      let data = pipe.availableData
      try #require(!data.isEmpty, "the writer stopped before \(count) commits: \(text)")
      text += String(decoding: data, as: UTF8.self)
      let lines = text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1)  // whole lines only
      let commits = lines.compactMap { Int($0.dropFirst("committed ".count)) }
      if let last = commits.last, last >= count { return last }
    }
  }
}
