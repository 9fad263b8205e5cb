/// Turns the bytes a terminal in raw mode sends into ``Key``s: printable characters (UTF-8), the
/// control keys, and the escape sequences of the arrows and of Page Up/Down (both the `ESC [` and
/// the `ESC O` forms).
///
/// Bytes arrive in chunks as the terminal writes them; a sequence cut by a chunk's end is kept for
/// the next chunk, except a lone `ESC` at the end of a chunk, which is the Escape key (a terminal
/// writes a whole sequence at once).
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// A decoder with nothing pending.
  public init() {}

  /// The keys in `bytes`, after what the previous chunks left pending.
  public mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = decode(at: index) else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// The key at `index` and how many bytes it takes (a nil key: bytes to skip); nil when the bytes
  /// from `index` on are the start of a sequence that has not arrived whole yet.
  private func decode(at index: Int) -> (Key?, Int)? {
    let byte = pending[index]
    switch byte {
    case 0x1B: return escape(at: index)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x03: return (.interrupt, 1)
    case 0x00..<0x20: return (nil, 1)
    case 0x20..<0x80: return (.character(Character(Unicode.Scalar(byte))), 1)
    default: return utf8(at: index)
    }
  }

  private func escape(at index: Int) -> (Key?, Int)? {
    let rest = pending[(index + 1)...]
    guard let introducer = rest.first else { return (.escape, 1) }
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return (.escape, 1) }
    // ESC [ then parameters (digits, ';') and one final byte.
    var end = index + 2
    while end < pending.count, (0x30...0x3F).contains(pending[end]) { end += 1 }
    guard end < pending.count else { return nil }
    let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
    let key: Key? =
      switch (pending[end], parameters) {
      case (UInt8(ascii: "A"), _): .up
      case (UInt8(ascii: "B"), _): .down
      case (UInt8(ascii: "C"), _): .right
      case (UInt8(ascii: "D"), _): .left
      case (UInt8(ascii: "~"), "5"): .pageUp
      case (UInt8(ascii: "~"), "6"): .pageDown
      default: nil
      }
    return (key, end - index + 1)
  }

  private func utf8(at index: Int) -> (Key?, Int)? {
    let byte = pending[index]
    let length =
      switch byte {
      case 0xC0..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF8: 4
      default: 1
      }
    guard length > 1 else { return (nil, 1) }
    guard index + length <= pending.count else { return nil }
    let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
    guard let character = text.first, text.count == 1, character != "\u{FFFD}" else { return (nil, length) }
    return (.character(character), length)
  }
}
