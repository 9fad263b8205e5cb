/// A key the browser understands, decoded from the terminal's bytes or read from a script.
public enum Key: Equatable, Hashable, Sendable {
  /// A printable character.
  case character(Character)
  /// ↑
  case up
  /// ↓
  case down
  /// ←
  case left
  /// →
  case right
  /// Page Up
  case pageUp
  /// Page Down
  case pageDown
  /// Enter (Return)
  case enter
  /// Escape
  case escape
  /// Backspace (Delete on a Mac keyboard)
  case backspace
  /// Ctrl-C: quits, as q does.
  case interrupt

  /// The key a script names with `name`: a key name (`up`, `down`, `left`, `right`, `pgup`,
  /// `pgdn`, `enter`, `esc`, `backspace`, `ctrl-c`) or one character; nil for anything else.
  public init?(scriptName name: Substring) {
    switch name.lowercased() {
    case "up": self = .up
    case "down": self = .down
    case "left": self = .left
    case "right": self = .right
    case "pgup", "pageup": self = .pageUp
    case "pgdn", "pagedown": self = .pageDown
    case "enter", "return": self = .enter
    case "esc", "escape": self = .escape
    case "backspace": self = .backspace
    case "ctrl-c": self = .interrupt
    default:
      guard name.count == 1, let character = name.first else { return nil }
      self = .character(character)
    }
  }
}
