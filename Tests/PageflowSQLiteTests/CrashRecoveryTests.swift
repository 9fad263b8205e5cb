import Foundation
import Pageflow
import PageflowSQLite
import PageflowTestSupport
import Testing
import pageflow_sqlite_writer

/// A process killed with SIGKILL while it writes pages, trims them under a row or byte limit, or
/// checkpoints its log, loses no page it committed and leaves no range that claims rows it does not
/// hold; the next process to open the file writes on from there, and survives its kill as well.
///
/// The test runs `pageflow-sqlite-writer` (an executable target of this package, built with the
/// tests because this test target depends on it, and found in the build's products folder) as a
/// child process, three times on the same file. The child writes pages of 200 notes of
/// a 5,000-note timeline at random positions into lists "all" and "pinned", and prints
/// `committed N` after each write returns (then, with `--checkpoint`, copies its log into the file
/// and truncates it). The test reads those lines from a pipe (no sleeping, no clock), and after 30
/// commits kills the child with SIGKILL: most likely in the middle of a transaction (under a small
/// row limit, of the trim that ends every write) or of a checkpoint, which is where the child spends
/// its time. After each kill it opens the file and checks it against the timeline: every range
/// holds exactly the timeline's notes in it, no row lies outside a range, the counted rows and
/// bytes are those on disk and within the limits, and every page reported committed reads back from
/// disk whole, exactly as it was written (without a limit: each one; with one, each that the store
/// still holds whole, the others having given way to later pages).
struct CrashRecoveryTests {
  /// The writer executable, in the build's products folder.
  static func writerExecutable() throws -> URL {
    try BuildProducts.executable("pageflow-sqlite-writer")
  }

  /// The writers' settings: no limit; a row limit of several pages; a byte limit of several pages;
  /// a row limit below one page, so that every write trims; and a checkpoint after every write.
  static let settings = [
    WriterOptions(), WriterOptions(rowLimit: 1_500), WriterOptions(byteLimit: 40_000), WriterOptions(rowLimit: 150),
    WriterOptions(checkpoints: true),
  ]

  @Test(arguments: settings)
  func aWriterKilledMidWriteLosesNoCommittedPageAndLeavesNoFalseRange(options: WriterOptions) throws {
    let folder = try TemporaryFolder()
    let server = NoteServer(count: 5_000)
    for kill in 1...3 {
      let seed = testSeed("CrashRecoveryTests(\(options.arguments), kill \(kill))")
      let committed = try Self.runWriterUntilKilled(on: folder.path(), seed: seed, options: options)
      let context = "\(options.arguments), kill \(kill), seed \(seed)"
      let store = try SQLitePageStore<Note>(path: folder.path())
      let disk = try DiskContents(path: folder.path())
      var rows = 0
      var bytes = 0
      for list in try disk.lists() {
        let problems = try disk.problems(in: list, ranges: store.ranges(in: list), truth: server.notes)
        #expect(problems.isEmpty, "\(context): \(problems)")
        let held = try disk.notes(in: list)
        rows += held.count
        bytes += held.reduce(0) { $0 + $1.storedBytes(in: list) }
      }
      let status = try store.status()
      #expect(status.rows == rows && status.bytes == bytes, "\(context): \(status)")
      // The last write kept its page whole, and nothing else beyond the limits.
      let largestPage = 200 * Note(4_999).storedBytes(in: "pinned")
      #expect(rows <= max(options.rowLimit ?? .max, 200), "\(context): \(rows) rows")
      #expect(bytes <= max(options.byteLimit ?? .max, largestPage), "\(context): \(bytes) bytes")
      // Replay the writer's script: each page it reported committed reads back as it was sent,
      // where the store still holds it whole (under a limit, a later write, reported or not, may
      // have dropped it).
      var script = PageScript(seed: seed)
      for write in 1...committed {
        let position = try script.nextPosition(in: server)
        let stored = try store.page(at: position, limit: 200, in: PageScript.list(ofWrite: write))
        guard let stored, stored.isComplete else {
          #expect(options.rowLimit != nil || options.byteLimit != nil, "\(context), write \(write): \(position)")
          continue
        }
        #expect(try stored.page == server.page(at: position, limit: 200), "\(context), write \(write): \(position)")
      }
    }
  }

  /// Runs the writer on `path` until it reports 30 commits, kills it with SIGKILL, and returns the
  /// number of the last commit it reported.
  ///
  /// Between the 30th report and the kill, the test builds a random number (0 to 8) of the
  /// timeline's pages, about as long as as many writes of the child: the kill lands anywhere in
  /// the child's cycle (a write's rows, its ranges, its trim, a checkpoint), not always at the
  /// start of the write that follows a report.
  static func runWriterUntilKilled(on path: String, seed: UInt64, options: WriterOptions) throws -> Int {
    let child = Process()
    child.executableURL = try writerExecutable()
    child.arguments = [path, "\(seed)"] + options.arguments
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    var text = try waitForCommits(30, from: output.fileHandleForReading)
    var script = PageScript(seed: seed &+ 1)
    let server = NoteServer(count: 5_000)
    for _ in 0..<script.nextLimit(upTo: 9) - 1 {
      _ = try server.page(at: script.nextPosition(in: server), limit: 200)
    }
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)
    text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return try #require(commits(in: text).last)
  }

  /// Reads the writer's output until it reports `count` commits, and returns what it read.
  static func waitForCommits(_ count: Int, from pipe: FileHandle) throws -> String {
    var text = ""
    while (commits(in: text).last ?? 0) < count {
      let data = pipe.availableData
      try #require(!data.isEmpty, "the writer stopped before \(count) commits: \(text)")
      text += String(decoding: data, as: UTF8.self)
    }
    return text
  }

  /// The numbers of the `committed N` lines of `text`, whole lines only.
  static func commits(in text: String) -> [Int] {
    let lines = text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1)
    return lines.compactMap { Int($0.dropFirst("committed ".count)) }
  }
}
