import Foundation
import Testing

/// `pageflow-browse` run end to end as a child process: without a terminal, with a script.
struct BrowseScriptTests {
  struct Run {
    let status: Int32
    let output: String
    let errors: String
  }

  func run(_ arguments: [String], in folder: TemporaryFolder) throws -> Run {
    let child = Process()
    child.executableURL = try BrowseExecutable.url()
    child.arguments = arguments
    child.currentDirectoryURL = folder.url
    child.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let errors = Pipe()
    child.standardOutput = output
    child.standardError = errors
    try child.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let complained = errors.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    return Run(
      status: child.terminationStatus, output: String(decoding: printed, as: UTF8.self),
      errors: String(decoding: complained, as: UTF8.self))
  }

  @Test func aFlingOfFiveThousandMessagesOpensWhereItLandsInOneRequest() throws {
    let folder = try TemporaryFolder()
    let run = try run(
      BrowseExecutable.arguments(in: folder, messages: 600_000) + ["--script", ": 300000 f q"], in: folder)
    #expect(run.status == 0, "\(run.errors)")
    let screen = run.output.split(separator: "\n", omittingEmptySubsequences: false).suffix(24)
    let ids = screen.compactMap { line -> Int? in
      let number = line.dropFirst().prefix(9).filter(\.isNumber)
      return number.isEmpty || !line.dropFirst().prefix(9).contains(",") ? nil : Int(number)
    }
    // The screen shows the messages around #305,000, where the fling from #300,000 lands.
    #expect(ids.count >= 18 && ids.allSatisfy { (304_950..<305_050).contains($0) }, "\(ids)")
    #expect(ids == ids.sorted())
  }

  @Test func aJumpToMessage500000ThenAScrollShowsTheRightMessagesInABoundedWindow() throws {
    let folder = try TemporaryFolder()
    let pageDowns = Array(repeating: "pgdn", count: 30).joined(separator: " ")
    let run = try run(
      BrowseExecutable.arguments(in: folder, messages: 600_000)
        + ["--max-elements", "250", "--script", ": 500000 \(pageDowns) j j q"],
      in: folder)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.hasPrefix("Building the channel: 600,000 messages"))
    let screen = run.output.split(separator: "\n", omittingEmptySubsequences: false).suffix(24)
    #expect(screen.count == 24)

    // 30 screens of 19 messages down from #500,000, then two more: #500,572 is selected, and the
    // lines around it are the messages before and after it, in order.
    let selected = try #require(screen.first { $0.hasPrefix("▶") })
    #expect(selected.contains("500,572"))
    let ids = screen.compactMap { line -> Int? in
      let number = line.dropFirst().prefix(9).filter(\.isNumber)
      return number.isEmpty || !line.dropFirst().prefix(9).contains(",") ? nil : Int(number)
    }
    #expect(ids.count == 20 && ids == Array(ids[0]...(ids[0] + 19)) && ids.contains(500_572))

    // The window went through about 600 messages and holds at most its limit and a page.
    let status = try #require(screen.first { $0.contains("mem ") })
    let held = try #require(Int(status.split(separator: " ")[1].filter(\.isNumber)))
    #expect(held > 0 && held <= 250 + 50, "\(status)")
  }

  @Test func theNextRunOpensWhereTheLastOneQuitFromDisk() throws {
    let folder = try TemporaryFolder()
    let arguments = BrowseExecutable.arguments(in: folder, messages: 300_000)
    let first = try run(arguments + ["--script", ": 250000 k q"], in: folder)
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.output.split(separator: "\n").contains { $0.hasPrefix("▶") && $0.contains("249,999") })

    let second = try run(arguments + ["--script", "q"], in: folder)
    #expect(second.status == 0, "\(second.errors)")
    let screen = second.output.split(separator: "\n")
    #expect(screen.contains { $0.hasPrefix("▶") && $0.contains("249,999") })
    #expect(screen.contains { $0.contains("opened from disk") })

    // A place that cannot be read opens the channel at its newest message, as a first launch does.
    let place = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first { $0.hasSuffix(".place.json") })
    try Data("{\"version\": 9".utf8).write(to: folder.url.appending(path: place))
    let third = try run(arguments + ["--script", "q"], in: folder)
    #expect(third.status == 0, "\(third.errors)")
    #expect(third.output.split(separator: "\n").contains { $0.hasPrefix("▶") && $0.contains("299,999") })
  }

  @Test func withoutATerminalItSaysHowToRunItAndExitsWithAnError() throws {
    let folder = try TemporaryFolder()
    let run = try run(BrowseExecutable.arguments(in: folder, messages: 100), in: folder)
    #expect(run.status == 2)
    #expect(run.errors.contains("needs a terminal") && run.errors.contains("--script"))
    #expect(!FileManager.default.fileExists(atPath: folder.path("messages.sqlite")))  // nothing built
  }

  @Test func aWrongFlagPrintsTheUsageAndExitsWithAnError() throws {
    let folder = try TemporaryFolder()
    let run = try run(["--latency", "soon"], in: folder)
    #expect(run.status == 2)
    #expect(run.errors.contains("--latency takes a number") && run.errors.contains("usage: swift run pageflow-browse"))
  }
}
