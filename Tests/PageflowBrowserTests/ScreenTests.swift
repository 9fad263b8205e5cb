import Foundation
import Pageflow
import Testing

@testable import PageflowBrowser

/// The screen is a pure function of the browser's state, the layers' gauges and the spinner's
/// frame: these are the frames a person sees in a few states, at 80x24 and at 120x40.
struct ScreenTests {
  static let gauges = Gauges(
    channelMessages: 1_000, diskPages: 7, knownRanges: [300...549, 900...999],
    network: SimulatedNetwork.Counters(requests: 12, failures: 1))

  /// #500 … #549 in memory, #505 selected, the older page loading.
  static var loadingOlder: Browser.State {
    var state = sampleState(samplePage(500..<550), selection: 505)
    state.list.startStatus = .loading(PageRequest(.before("before-500"), context: MessageFilter.all))
    state.selectionRow = 6
    state.stalls = 2
    return state
  }

  /// The newest messages, the selection on the last, the network failed the page after it (the
  /// channel has grown since).
  static var failedNewer: Browser.State {
    var state = sampleState(samplePage(950..<1_000, total: 2_000), selection: 999)
    state.list.endStatus = .failed(LoadError(NetworkFailure.unavailable), retryable: true)
    state.selectionRow = 18
    return state
  }

  /// Mentions at 120x40, offline, a page from disk, the older ones not on this device, the `:`
  /// prompt open.
  static var offlineMentions: Browser.State {
    let page = Page(
      previous: "before-600", next: "after-790", elements: (60..<80).map { Message.sample(Int64($0) * 10) })
    var state = sampleState(page, selection: 700, size: TerminalSize(columns: 120, rows: 40), filter: .mentions)
    state.list.pages = PageList([PageInfo(previous: "before-600", next: "after-790", count: 20, isStale: true)])
    state.isOffline = true
    state.prompt = "5000"
    state.selectionRow = 11
    return state
  }

  /// A jump in flight over the old window.
  static var jumping: Browser.State {
    var state = sampleState(samplePage(0..<50), selection: 3)
    state.list.reloadStatus = .loading(PageRequest(.around("700"), context: MessageFilter.all))
    state.selectionRow = 4
    return state
  }

  /// An empty window loading: a filter switch.
  static var switching: Browser.State {
    var state = Browser.State(filter: .unread)
    state.list.reloadStatus = .loading(PageRequest(.last, context: MessageFilter.unread))
    return state
  }

  /// The screen of `state` at `size` is the one in `Screens/<name>`, and its selected line is
  /// `selected`. With `PAGEFLOW_RECORD_SCREENS=1` in the environment, the test writes the screen it
  /// draws there instead (to review with `git diff`, then commit).
  func check(
    _ name: String, _ state: Browser.State, size: TerminalSize? = nil, selected: Int?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var state = state
    if let size { state.size = size }
    let screen = Screen(state: state, gauges: Self.gauges)
    let file = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Screens/\(name)")
    if ProcessInfo.processInfo.environment["PAGEFLOW_RECORD_SCREENS"] == "1" {
      try (screen.text + "\n").write(to: file, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(
      screen.text + "\n" == expected, "Screens/\(name), as drawn:\n\(screen.text)", sourceLocation: sourceLocation)
    #expect(screen.lines.count == state.size.rows, sourceLocation: sourceLocation)
    #expect(screen.lines.allSatisfy { $0.count <= state.size.columns }, sourceLocation: sourceLocation)
    #expect(screen.selectedLine == selected, sourceLocation: sourceLocation)
  }

  @Test func aWindowWhoseOlderPageIsLoadingShowsTheSpinnerAboveItsFirstMessage() throws {
    try check("loading-older-80x24.txt", Self.loadingOlder, selected: 7)
    try check("loading-older-120x40.txt", Self.loadingOlder, size: TerminalSize(columns: 120, rows: 40), selected: 7)
  }

  @Test func aFailedPageShowsItsErrorAndTheRetryKeyUnderTheLastMessage() throws {
    try check("failed-newer-80x24.txt", Self.failedNewer, selected: 19)
  }

  @Test func aFailedPageRetriedOnItsOwnSaysWhenAndOfflineThatItWaitsForTheNetwork() {
    var state = Self.failedNewer
    state.size = TerminalSize(columns: 120, rows: 24)
    state.list.endRetry = ScheduledRetry(attempt: 1, delay: .milliseconds(400))
    let footer = { Screen(state: state, gauges: Self.gauges).lines[20] }
    #expect(footer() == "   ✗ newer messages failed: 503 Service Unavailable · retrying in 0.4 s")
    state.list.endRetry?.isWaitingForNetwork = true
    #expect(footer() == "   ✗ newer messages failed: 503 Service Unavailable · retrying when online")
    state.list.reloadStatus = .failed(
      PageRequest(.around("700"), context: MessageFilter.all), LoadError(NetworkFailure.offline))
    state.list.reloadRetry = ScheduledRetry(attempt: 2, delay: .seconds(1))
    #expect(
      Screen(state: state, gauges: Self.gauges).lines[21]
        == " ✗ loading around #700 failed: offline · retrying in 1.0 s")
  }

  @Test func offlineAPageFromDiskIsMarkedStaleAndTheGapsAroundTheWindowAreShown() throws {
    try check("offline-mentions-prompt-120x40.txt", Self.offlineMentions, selected: 12)
  }

  @Test func aJumpInFlightKeepsTheOldWindowOnScreenAndSaysWhereItGoes() throws {
    try check("jumping-80x24.txt", Self.jumping, selected: 5)
  }

  @Test func anEmptyWindowSaysWhatItIsLoading() throws {
    try check("switching-filter-80x24.txt", Self.switching, selected: nil)
  }

  @Test func aTerminalTooSmallSaysSo() throws {
    try check("too-small-30x6.txt", Self.loadingOlder, size: TerminalSize(columns: 30, rows: 6), selected: nil)
  }

  @Test func howTheChannelOpenedIsShownInPlaceOfTheDiskMapUntilAJumpOrRefresh() {
    var gauges = Self.gauges
    gauges.opening = "opened from disk in 0.64 ms"
    let idle = sampleState(samplePage(500..<550), selection: 505)
    #expect(Screen(state: idle, gauges: gauges).lines[21] == " opened from disk in 0.64 ms")
    #expect(Screen(state: idle, gauges: Self.gauges).lines[21].hasPrefix(" disk "))
    #expect(Screen(state: Self.jumping, gauges: gauges).lines[21] == " ⠋ loading around #700…")
  }

  @Test func theSpinnerTurnsWithTheFrame() {
    let first = Screen(state: Self.loadingOlder, gauges: Self.gauges, frame: 0).lines[1]
    let second = Screen(state: Self.loadingOlder, gauges: Self.gauges, frame: 1).lines[1]
    #expect(first.contains("⠋") && second.contains("⠙"))
  }

  @Test func numbersAreGroupedInThreesInEveryLocale() {
    #expect([0, 999, 1_000, 1_000_000, -12_345].map(grouped) == ["0", "999", "1,000", "1,000,000", "-12,345"])
  }
}
