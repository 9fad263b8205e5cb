/// Keys written as text, for `--script`: the browser runs them without a terminal and prints the
/// final screen.
///
/// Tokens are separated by spaces. A token is a key name (`up`, `down`, `left`, `right`, `pgup`,
/// `pgdn`, `enter`, `esc`, `backspace`, `ctrl-c`), one character (`j`, `G`, `/`, `:`), or a number
/// after `:`, which is typed into the prompt and followed by Enter: `"j j G : 500000 q"` moves down
/// twice, jumps to the newest message, then to message 500,000, and quits.
public enum KeyScript {
  /// What a script could not be read as.
  public struct Unreadable: Error, Equatable, CustomStringConvertible {
    /// The token that is not a key.
    public let token: String
    /// Why.
    public var description: String {
      "'\(token)' is not a key: use a key name (up, down, left, right, pgup, pgdn, enter, esc, backspace, ctrl-c), "
        + "one character, or a number after ':'"
    }
  }

  /// The keys of `script`.
  public static func keys(_ script: String) throws(Unreadable) -> [Key] {
    var keys: [Key] = []
    var afterColon = false
    for token in script.split(whereSeparator: \.isWhitespace) {
      if afterColon, token.allSatisfy(\.isNumber) {
        keys += token.map(Key.character) + [.enter]
      } else if let key = Key(scriptName: token) {
        keys.append(key)
      } else {
        throw Unreadable(token: String(token))
      }
      afterColon = token == ":"
    }
    return keys
  }
}
