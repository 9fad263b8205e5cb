import Foundation
import Pageflow

/// One frame of the browser, as text: a pure function of the browser's state, the gauges of the
/// layers and the spinner's frame, so that what a person sees is what the tests check.
///
/// ```text
///  #general · all messages                               1,000,000 on the server
///    999,981 Dec 27 17:22 gus     prefetch store merge
/// ▶  999,982 Dec 27 17:22 ada   • @you looks good to me
///    …
///   ── end of #general ──
///  disk ······························································█ 1 range
///  mem 50 · disk 1 page · net 1 req, 0 failed · stalls 0 · online
///  jk↑↓ move g/G ends f/F fling :N jump /filter r refresh R retry o offline q quit
/// ```
///
/// From the top: a title; the message list, with a header for the window's top edge and a footer
/// for its bottom edge (each drawn from the list's load-more model: loading, failed, more on disk
/// or a gap, the channel's end); a line that shows a jump or refresh in flight or failed, and
/// otherwise the disk map (the channel from oldest to newest: `━` held on disk, `·` not, `█` the
/// window in memory); the status line; the keys, or the `:` prompt.
public struct Screen: Equatable, Sendable {
  /// A message on a line of the list: its index in the window, and its id.
  public struct ShownMessage: Hashable, Sendable {
    /// Its index in the window.
    public var index: Int
    /// Its id.
    public var id: Message.ID
  }

  /// The size of the terminal it is drawn for.
  public let size: TerminalSize
  /// The lines, exactly as many as the terminal has, none wider than it.
  public let lines: [String]
  /// The line of the selected message (drawn in reverse video), if one is shown.
  public let selectedLine: Int?
  /// The message on each line of the list, from the line under the title: nil on the header, the
  /// footer and the blank lines below it; empty when no list is drawn (a terminal too small).
  public let shownMessages: [ShownMessage?]

  /// The whole screen, one line per row.
  public var text: String { lines.joined(separator: "\n") }

  /// The lines of the message list, under the title.
  public var listLines: Range<Int> { 1..<(1 + shownMessages.count) }

  /// The frames of the spinner.
  static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// The frame of `state`, with `gauges` from the layers and the spinner at `frame`.
  public init(state: Browser.State, gauges: Gauges, frame: Int = 0) {
    let size = state.size
    self.size = size
    guard size.columns >= 40, size.rows >= 8 else {
      lines = (0..<size.rows).map { $0 == 0 ? Self.fit("too small: \(size) < 40x8", size.columns) : "" }
      selectedLine = nil
      shownMessages = []
      return
    }
    let parts = Frame(state: state, gauges: gauges, spinner: Self.spinner[abs(frame) % Self.spinner.count])
    let (list, selected, shown) = parts.messageLines()
    var lines = [parts.title()] + list
    lines.append(parts.notice())
    lines.append(parts.status())
    lines.append(parts.keys())
    self.lines = lines.map { Self.fit($0, size.columns) }
    self.selectedLine = selected.map { $0 + 1 }
    self.shownMessages = shown
  }

  /// The lines as the terminal shows them: the title in bold, the status line as a reversed bar,
  /// the selected message reversed.
  public var styledLines: [String] {
    lines.enumerated().map { index, line in
      if index == 0 { return "\u{1B}[1m" + line }
      if index == lines.count - 2 {
        return "\u{1B}[7m" + line + String(repeating: " ", count: max(0, size.columns - line.count))
      }
      if index == selectedLine { return "\u{1B}[1;7m" + line }
      return line
    }
  }

  /// `line` cut to `width` characters, with `…` where it was cut.
  static func fit(_ line: String, _ width: Int) -> String {
    guard line.count > width else { return line }
    return String(line.prefix(max(0, width - 1))) + "…"
  }
}

/// The parts of one frame.
private struct Frame {
  let state: Browser.State
  let gauges: Gauges
  let spinner: String

  var list: PaginationFeature<Message>.State { state.list }
  var width: Int { state.size.columns }

  /// The channel and the filter, and the size of the channel on the right.
  func title() -> String {
    let left = " #general · \(filterTitle)"
    let right = "\(grouped(gauges.channelMessages)) on the server"
    let gap = max(1, width - left.count - right.count - 1)
    return left + String(repeating: " ", count: gap) + right
  }

  var filterTitle: String {
    switch state.filter {
    case .all: "all messages"
    case .mentions: "mentions of you"
    case .unread: "unread messages"
    }
  }

  var listName: String {
    switch state.filter {
    case .all: "#general"
    case .mentions: "your mentions"
    case .unread: "unread messages"
    }
  }

  /// The message list: its lines, which one holds the selection, and the message on each.
  func messageLines() -> ([String], Int?, [Screen.ShownMessage?]) {
    let height = state.size.listRows
    guard !list.elements.isEmpty else {
      var lines = Array(repeating: "", count: height)
      lines[height / 2] = "   " + emptyWindow()
      return (lines, nil, Array(repeating: nil, count: height))
    }
    let index = list.selectionIndex ?? 0
    let viewport = Viewport(
      selection: index, previousRow: state.selectionRow, previousIndex: index, count: list.elements.count,
      height: height)
    var lines: [String] = []
    var shown: [Screen.ShownMessage?] = []
    for row in viewport.top..<(viewport.top + height) {
      switch row {
      case 0: lines.append(edge(.top))
      case list.elements.count + 1: lines.append(edge(.bottom))
      case let row where row > list.elements.count + 1: lines.append("")
      default: lines.append(message(list.elements[row - 1], isSelected: row - 1 == index))
      }
      shown.append((1...list.elements.count).contains(row) ? .init(index: row - 1, id: list.elements[row - 1].id) : nil)
    }
    return (lines, viewport.selectionRow, shown)
  }

  /// What an empty window shows: its reload, or that the list has no messages.
  func emptyWindow() -> String {
    switch list.reloadStatus {
    case .loading: "\(spinner) loading \(listName)…"
    case .failed(_, let error): "✗ \(listName) could not load: \(error)\(retrying(list.reloadRetry))"
    case .idle: "no \(listName) yet"
    }
  }

  /// One message: the selection mark, its number, date, author, an unread dot and its text.
  func message(_ message: Message, isSelected: Bool) -> String {
    let mark = isSelected ? "▶" : " "
    let number = grouped(Int(message.id))
    let id = String(repeating: " ", count: max(0, 9 - number.count)) + number
    let author = message.author.padding(toLength: 5, withPad: " ", startingAt: 0)
    return "\(mark)\(id) \(Dates.short(message.created)) \(author) \(message.isUnread ? "•" : " ") \(message.text)"
  }

  /// The header (`.top`) or footer (`.bottom`) of the window, from its load-more model.
  func edge(_ direction: PaginationDirection) -> String {
    let model = list.loadMore(direction)
    let older = direction == .top
    let side = older ? "older" : "newer"
    var text: String
    switch model.status {
    case .loading: text = "\(spinner) loading \(side) messages…"
    case .failed(let error):
      text =
        "✗ \(side) messages failed: \(error)\(model.retry == nil ? "" : retrying(model.scheduledRetry))"
    case .more:
      let onDisk = older ? diskHoldsBeforeWindow : diskHoldsAfterWindow
      text = onDisk ? "┄┄ \(side) messages on this device ┄┄" : "┄┄ gap: \(side) messages not on this device ┄┄"
    case .end: text = older ? "── start of \(listName) ──" : "── end of \(listName) ──"
    }
    if model.unseen > 0 { text = "\(older ? "▲" : "▼") \(model.unseen) new · \(older ? "g" : "G") · " + text }
    return "   " + text
  }

  /// When a failed load is tried again: on its own (` · retrying in 0.4 s`, ` · retrying when
  /// online`), or when the user presses R (` · R retry`).
  func retrying(_ retry: ScheduledRetry?) -> String {
    guard let retry else { return " · R retry" }
    if retry.isWaitingForNetwork { return " · retrying when online" }
    return " · retrying in " + String(format: "%.1f s", retry.delayInSeconds)
  }

  /// Whether the disk holds the messages just before the window: a known range holds its first
  /// message and goes on before it.
  var diskHoldsBeforeWindow: Bool {
    guard let first = list.elements.first?.id else { return false }
    return gauges.knownRanges.contains { $0.contains(first) && $0.lowerBound < first }
  }

  /// Whether the disk holds the messages just after the window.
  var diskHoldsAfterWindow: Bool {
    guard let last = list.elements.last?.id else { return false }
    return gauges.knownRanges.contains { $0.contains(last) && $0.upperBound > last }
  }

  /// A jump or refresh in flight or failed; otherwise how the channel opened, until the first key;
  /// otherwise the disk map.
  func notice() -> String {
    if let request = list.reloadStatus.request {
      let what = describe(request)
      switch list.reloadStatus {
      case .loading: return " \(spinner) \(what)…"
      case .failed(_, let error): return " ✗ \(what) failed: \(error)\(retrying(list.reloadRetry))"
      case .idle: break
      }
    }
    if let opening = gauges.opening { return " \(opening)" }
    return diskMap()
  }

  func describe(_ request: PageRequest) -> String {
    let verb = request.isRefresh ? "refreshing" : "loading"
    switch request.position {
    case .around(let anchor): return "\(verb) around #\(anchor.rawValue)"
    case .last: return "\(verb) the newest of \(listName)"
    case .first: return "\(verb) the start of \(listName)"
    case .after, .before: return verb
    }
  }

  /// The channel from oldest to newest, one cell per stretch of ids: `█` the window in memory,
  /// `━` held on disk for this filter, `·` not held (a gap, or never loaded).
  func diskMap() -> String {
    let ranges = gauges.knownRanges
    let suffix = " \(ranges.count) \(ranges.count == 1 ? "range" : "ranges")"
    let cells = max(1, width - " disk ".count - suffix.count - 1)
    let total = max(1, Int64(gauges.channelMessages))
    let window = list.elements.first.map { $0.id...(list.elements.last?.id ?? $0.id) }
    let map = (0..<cells).map { cell -> Character in
      let start = Int64(cell) * total / Int64(cells)
      let span = start...max(start, Int64(cell + 1) * total / Int64(cells) - 1)
      if let window, window.overlaps(span) { return "█" }
      return ranges.contains { $0.overlaps(span) } ? "━" : "·"
    }
    return " disk " + String(map) + suffix
  }

  /// The status line: memory, disk, network, stalls, offline.
  func status() -> String {
    let network = gauges.network
    let pages = gauges.diskPages
    var parts = [
      "mem \(grouped(list.elements.count))",
      "disk \(grouped(pages)) \(pages == 1 ? "page" : "pages")",
      "net \(grouped(network.requests)) req, \(grouped(network.failures)) failed",
      "stalls \(state.stalls)",
      state.isOffline ? "OFFLINE" : "online",
    ]
    if list.isStale { parts.append("stale: from disk") }
    return " " + parts.joined(separator: " · ")
  }

  /// The keys, or the `:` prompt while it is open.
  func keys() -> String {
    if let prompt = state.prompt { return " jump to message #\(prompt)▏ Enter jumps · Esc cancels" }
    if width >= 100 {
      return " ↑↓ jk move · ←→ page · PgUp PgDn · g/G ends · f/F fling · :N jump · / filter · r refresh · R retry"
        + " · o offline · q quit"
    }
    return " jk↑↓ move g/G ends f/F fling :N jump /filter r refresh R retry o offline q quit"
  }
}

/// `1,000,000`: digits in groups of three, the same in every locale.
public func grouped(_ number: Int) -> String {
  let digits = String(number.magnitude)
  var groups: [Substring] = []
  var end = digits.endIndex
  while end > digits.startIndex {
    let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
    groups.insert(digits[start..<end], at: 0)
    end = start
  }
  return (number < 0 ? "-" : "") + groups.joined(separator: ",")
}

/// Dates as the list shows them, in UTC so that every machine draws the same screen.
enum Dates {
  static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return calendar
  }()

  /// `Mar 14 09:26`.
  static func short(_ date: Date) -> String {
    let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: date)
    func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "--" }
    let month = parts.month.map { months[($0 - 1) % 12] } ?? "---"
    return "\(month) \(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
  }
}
