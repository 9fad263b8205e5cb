/// The size of the terminal, in character cells.
public struct TerminalSize: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Characters per line.
  public var columns: Int
  /// Lines.
  public var rows: Int

  /// A terminal of `columns` by `rows`.
  public init(columns: Int, rows: Int) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
  }

  /// The size a script runs at, and a terminal's when it does not say: 80 by 24.
  public static let standard = TerminalSize(columns: 80, rows: 24)

  /// Reads `80x24`.
  public init?(_ text: some StringProtocol) {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0 else {
      return nil
    }
    self.init(columns: columns, rows: rows)
  }

  /// `80x24`.
  public var description: String { "\(columns)x\(rows)" }

  /// The lines of the message list: all but the title, the disk map, the status line and the key
  /// line.
  public var listRows: Int { max(1, rows - 4) }
}
