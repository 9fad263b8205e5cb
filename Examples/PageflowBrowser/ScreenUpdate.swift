import Pageflow

/// How the terminal goes from the frame it shows to the next one, as values: what a collection
/// view does with a change set, on a terminal. The lines of the message list are moved with the
/// terminal's own line operations where the list's change set says that messages on screen arrived
/// or left, or the list scrolled; then each line that differs from the next frame is written, and
/// only those. A frame after a resize is drawn whole on a cleared screen, and one after a reload
/// (the change set cannot be told) is drawn whole.
///
/// A scroll is a move like the others, not a redraw: the messages on screen in both frames are
/// found in the next one from the change set (by index, checked by id), so a `j` past the margin
/// scrolls the list's lines up by one with the terminal's scroll region (`ESC[1S`) and writes the
/// three lines that changed (the one the selection left, the one it reached, the one that came in at
/// the bottom): 205 bytes on 80x24, where rewriting each line that differs wrote 1,220 and a full
/// redraw writes 1,675. That is why a scroll is not a full redraw: the terminal moves the lines in
/// place, in one operation, and no line it already shows is sent again. A jump that shares no
/// message with the frame before moves nothing and writes every line that changed, which is then a
/// full redraw of the list.
struct ScreenUpdate: Equatable, Sendable {
  /// One thing the terminal does.
  enum Operation: Equatable, Sendable {
    /// Clears the screen.
    case clear
    /// Inserts `count` blank lines at `line`, pushing the list's lines from there down (its last
    /// ones off it).
    case insert(count: Int, at: Int)
    /// Deletes `count` lines at `line`, pulling the list's lines below them up (blank ones in at its
    /// bottom).
    case delete(count: Int, at: Int)
    /// Writes `text` over `line`.
    case write(String, line: Int)
  }

  /// The lines insertions and deletions move: the message list's (the terminal's scroll region).
  let region: Range<Int>
  /// What the terminal does, in order: the moves, then the writes.
  let operations: [Operation]
}

extension ScreenUpdate {
  /// The update from `previous`, the frame on the terminal (nil when there is none), to `next`,
  /// given `changes`, what changed in the window's elements between the two (nil: reload).
  init(from previous: Screen?, to next: Screen, changes: ElementChanges<Message.ID>?) {
    let lines = next.styledLines
    region = next.listLines
    guard let previous, previous.size == next.size else {
      operations = [.clear] + Self.writes(lines, over: Array(repeating: "", count: lines.count))
      return
    }
    guard let changes else {
      operations = lines.enumerated().map { .write($1, line: $0) }
      return
    }
    let moves = Self.moves(from: previous, to: next, changes: changes)
    var shown = previous.styledLines
    for move in moves { Self.perform(move, on: &shown, region: region) }
    operations = moves + Self.writes(lines, over: shown)
  }

  /// The writes of the lines of `lines` that `shown` does not hold already.
  static func writes(_ lines: [String], over shown: [String]) -> [Operation] {
    lines.indices.filter { $0 >= shown.count || shown[$0] != lines[$0] }.map { .write(lines[$0], line: $0) }
  }

  /// The moves that bring each message on the list's lines in both frames to its line in `next`:
  /// its index after `changes` found from its index before, checked by id. Deletions first, from
  /// the top, then insertions: above each such message, as many lines deleted or inserted as the
  /// space between it and the one above it (or the list's top) shrank or grew.
  static func moves(from previous: Screen, to next: Screen, changes: ElementChanges<Message.ID>) -> [Operation] {
    guard previous.listLines == next.listLines else { return [] }
    var lineOfIndex: [Int: Int] = [:]
    for (line, message) in next.shownMessages.enumerated() { if let message { lineOfIndex[message.index] = line } }
    var kept: [(before: Int, after: Int)] = [(-1, -1)]  // the list's top, which stays
    for (line, message) in previous.shownMessages.enumerated() {
      guard let message, let index = changes.indexAfter(before: message.index), let after = lineOfIndex[index],
        next.shownMessages[after]?.id == message.id, after > kept[kept.count - 1].after
      else { continue }
      kept.append((line, after))
    }
    let start = previous.listLines.lowerBound
    var (deletions, insertions, deleted): ([Operation], [Operation], Int) = ([], [], 0)
    for (above, below) in zip(kept, kept.dropFirst()) {
      let shrunk = (below.before - above.before) - (below.after - above.after)
      if shrunk > 0 {
        deletions.append(.delete(count: shrunk, at: start + above.before - deleted + 1))
        deleted += shrunk
      } else if shrunk < 0 {
        insertions.append(.insert(count: -shrunk, at: start + above.after + 1))
      }
    }
    return deletions + insertions
  }

  /// Performs `operation` on `lines`, as a terminal whose scroll region is `region` does.
  static func perform(_ operation: Operation, on lines: inout [String], region: Range<Int>) {
    switch operation {
    case .clear:
      lines = Array(repeating: "", count: lines.count)
    case .insert(let count, let line):
      guard region.contains(line) else { return }
      let count = min(count, region.upperBound - line)
      lines.removeSubrange((region.upperBound - count)..<region.upperBound)
      lines.insert(contentsOf: Array(repeating: "", count: count), at: line)
    case .delete(let count, let line):
      guard region.contains(line) else { return }
      let count = min(count, region.upperBound - line)
      lines.removeSubrange(line..<(line + count))
      lines.insert(contentsOf: Array(repeating: "", count: count), at: region.upperBound - count)
    case .write(let text, let line):
      if lines.indices.contains(line) { lines[line] = text }
    }
  }

  /// The escape sequences that do it, in one string: around the moves, the list's lines as the
  /// scroll region (a move at its first line is a scroll); each line erased, then written from its
  /// start and its attributes reset. Erasing first keeps a line as wide as the terminal whole: after
  /// its last column a terminal such as xterm holds the cursor on that column, and an erase there
  /// would take the last character. Empty when nothing changed.
  var text: String {
    var text = ""
    let top = region.lowerBound
    var inRegion = false
    for operation in operations {
      let isMove: Bool
      switch operation {
      case .insert, .delete: isMove = true
      case .clear, .write: isMove = false
      }
      if isMove != inRegion {
        text += isMove ? "\u{1B}[\(top + 1);\(region.upperBound)r" : "\u{1B}[r"
        inRegion = isMove
      }
      switch operation {
      case .clear: text += "\u{1B}[2J"
      case .insert(let count, top): text += "\u{1B}[\(count)T"
      case .delete(let count, top): text += "\u{1B}[\(count)S"
      case .insert(let count, let line): text += "\u{1B}[\(line + 1);1H\u{1B}[\(count)L"
      case .delete(let count, let line): text += "\u{1B}[\(line + 1);1H\u{1B}[\(count)M"
      case .write(let line, let index): text += "\u{1B}[\(index + 1);1H\u{1B}[K" + line + "\u{1B}[0m"
      }
    }
    return inRegion ? text + "\u{1B}[r" : text
  }
}
