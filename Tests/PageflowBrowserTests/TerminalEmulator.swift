@testable import PageflowBrowser

/// A terminal as far as the browser's frames use one: a grid of cells, each a character and the
/// attributes it was written with, a cursor and a scroll region, driven by the escape sequences
/// the browser writes (cursor position, erase screen and line, attributes, scroll region,
/// insert and delete lines, scroll up and down), as xterm reads them. A character written in the
/// last column leaves the cursor there, its wrap pending (an erase of the line then takes that
/// character, as it does in xterm). Anything else — an unknown sequence, a character that would
/// wrap onto the next line — is noted in ``unknown``, for the test to fail on.
struct TerminalEmulator {
  /// A character cell: what it shows (the browser draws no combining characters), and the
  /// attributes it was written with.
  struct Cell: Equatable {
    var character: Unicode.Scalar = " "
    var attributes = Attributes()
  }

  /// The attributes the browser draws with: bold (`ESC[1m`) and reverse video (`ESC[7m`).
  struct Attributes: OptionSet, Equatable {
    let rawValue: UInt8
    static let bold = Attributes(rawValue: 1)
    static let reverse = Attributes(rawValue: 2)
  }

  let size: TerminalSize
  private(set) var grid: [[Cell]]
  private(set) var unknown: [String] = []
  private var row = 0
  private var column = 0
  /// Whether a character was written in the last column: the next one would wrap.
  private var wrapPending = false
  private var region: Range<Int>
  private var attributes = Attributes()

  /// A blank terminal of `size`.
  init(size: TerminalSize) {
    self.size = size
    grid = Array(repeating: Array(repeating: Cell(), count: size.columns), count: size.rows)
    region = 0..<size.rows
  }

  /// The characters of each line, without the blanks that end it.
  var text: [String] {
    grid.map { line in
      var text = String(String.UnicodeScalarView(line.map(\.character)))
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// Reads what the browser wrote.
  mutating func receive(_ text: String) {
    var characters = text.unicodeScalars.makeIterator()
    var parameters = ""
    var inSequence = false
    while let character = characters.next() {
      if inSequence {
        if ("0"..."9").contains(character) || character == ";" || character == "?" {
          parameters.unicodeScalars.append(character)
        } else {
          perform(character, parameters)
          (inSequence, parameters) = (false, "")
        }
      } else if character == "\u{1B}" {
        inSequence = characters.next() == "["
        if !inSequence { unknown.append("ESC without [") }
      } else if wrapPending {
        unknown.append("a character past the last column of line \(row + 1)")
      } else {
        grid[row][column] = Cell(character: character, attributes: attributes)
        if column == size.columns - 1 { wrapPending = true } else { column += 1 }
      }
    }
  }

  private mutating func perform(_ command: Unicode.Scalar, _ parameters: String) {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    let count = max(1, numbers.first.flatMap { $0 } ?? 1)
    if command != "m" { wrapPending = false }
    switch command {
    case "H":
      row = min(max(1, numbers.first.flatMap { $0 } ?? 1), size.rows) - 1
      column = min(max(1, numbers.dropFirst().first.flatMap { $0 } ?? 1), size.columns) - 1
    case "J" where parameters == "2":
      grid = Array(repeating: Array(repeating: Cell(), count: size.columns), count: size.rows)
    case "K":
      for index in column..<size.columns { grid[row][index] = Cell() }
    case "m":
      for number in numbers {
        switch number ?? 0 {
        case 0: attributes = []
        case 1: attributes.insert(.bold)
        case 7: attributes.insert(.reverse)
        default: unknown.append("ESC[\(parameters)m")
        }
      }
    case "r":
      let top = numbers.first.flatMap { $0 } ?? 1
      let bottom = numbers.dropFirst().first.flatMap { $0 } ?? size.rows
      region = (top - 1)..<min(bottom, size.rows)
      (row, column) = (0, 0)
    case "L" where region.contains(row): insertLines(count, at: row)
    case "M" where region.contains(row): deleteLines(count, at: row)
    case "S": deleteLines(count, at: region.lowerBound)
    case "T": insertLines(count, at: region.lowerBound)
    default: unknown.append("ESC[\(parameters)\(command)")
    }
  }

  private mutating func insertLines(_ count: Int, at line: Int) {
    let count = min(count, region.upperBound - line)
    grid.removeSubrange((region.upperBound - count)..<region.upperBound)
    grid.insert(contentsOf: Array(repeating: Array(repeating: Cell(), count: size.columns), count: count), at: line)
    column = 0
  }

  private mutating func deleteLines(_ count: Int, at line: Int) {
    let count = min(count, region.upperBound - line)
    grid.removeSubrange(line..<(line + count))
    grid.insert(
      contentsOf: Array(repeating: Array(repeating: Cell(), count: size.columns), count: count),
      at: region.upperBound - count)
    column = 0
  }
}
