import Testing

@testable import PageflowBrowser

struct BrowseOptionsTests {
  @Test func withoutFlagsTheDefaultsShowLoadingOverAMillionMessages() throws {
    let options = try BrowseOptions(arguments: [], defaultDatabase: "/cache/messages.sqlite")
    #expect(options.database == "/cache/messages.sqlite" && options.deviceStore == "/cache/messages-device.sqlite")
    #expect(options.messages == 1_000_000 && options.latency == 300 && options.failureRate == 0.05)
    #expect(options.script == nil && options.size == .standard && !options.reset)
  }

  @Test func everyFlagIsRead() throws {
    let options = try BrowseOptions(arguments: [
      "--db", "/tmp/x", "--reset", "--cold", "--messages", "600000", "--latency", "0", "--failure-rate", "0.5",
      "--page-size", "20", "--max-elements", "200", "--preload", "0", "--seed", "7", "--script", "j q",
      "--size", "120x40",
    ])
    #expect(options.database == "/tmp/x" && options.deviceStore == "/tmp/x-device.sqlite")
    #expect(options.reset && options.cold && options.messages == 600_000 && options.latency == 0)
    #expect(options.failureRate == 0.5 && options.pageSize == 20 && options.maxElements == 200)
    #expect(options.preload == 0 && options.seed == 7 && options.script == "j q")
    #expect(options.size == TerminalSize(columns: 120, rows: 40))
  }

  @Test(arguments: [
    (["--latency"], "--latency needs a value"),
    (["--latency", "-5"], "--latency takes a number of at least 0, not '-5'"),
    (["--failure-rate", "2"], "--failure-rate is a share, from 0 to 1"),
    (["--size", "80"], "--size takes COLUMNSxROWS, not '80'"),
    (["--fast"], "unknown option '--fast'"),
  ])
  func aWrongFlagSaysWhatIsWrong(arguments: [String], message: String) {
    #expect(throws: BrowseOptions.Invalid(description: message)) { try BrowseOptions(arguments: arguments) }
  }

  @Test func aWindowTooSmallForItsPagesIsRefusedBeforeTheScreenOpens() throws {
    #expect(throws: BrowseOptions.Invalid.self) { try BrowseOptions(arguments: ["--max-elements", "200"]) }
    let error = #expect(throws: BrowseOptions.Invalid.self) {
      try BrowseOptions(arguments: ["--max-elements", "200", "--page-size", "50"])
    }
    #expect(error?.description.hasPrefix("--max-elements 200 is too small for pages of 50: ") == true)
    #expect(error?.description.contains("250 elements") == true)
    #expect(try BrowseOptions(arguments: ["--max-elements", "200", "--page-size", "40"]).maxElements == 200)
  }
}
