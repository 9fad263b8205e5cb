import Pageflow

/// Random page requests over a server's notes: the first or last page, or a page after, before or
/// around a random note's key, as a list that is scrolled and jumped through asks for them.
public struct PageScript {
  private var random: SeededRandom

  /// A script that repeats for `seed`.
  public init(seed: UInt64) { random = SeededRandom(seed: seed) }

  /// The next request's position, for a list of `server`'s notes.
  public mutating func nextPosition(in server: NoteServer) throws -> PageRequest.Position {
    guard let note = server.notes.randomElement(using: &random) else { return .first }
    return Self.position(at: try PaginationCursor(key: note.key), using: &random)
  }

  /// One of the five positions, at random: the first or last page, or the page after, before or
  /// around `cursor`.
  public static func position(
    at cursor: PaginationCursor, using random: inout some RandomNumberGenerator
  ) -> PageRequest.Position {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: .first
    case 1: .last
    case 2: .after(cursor)
    case 3: .before(cursor)
    default: .around(cursor)
    }
  }

  /// The list the crash writer writes its `write`th page into (counting from 1).
  public static func list(ofWrite write: Int) -> String {
    write % 3 == 0 ? "pinned" : "all"
  }

  /// A page length between 1 and `limit`.
  public mutating func nextLimit(upTo limit: Int) -> Int {
    Int.random(in: 1...limit, using: &random)
  }
}
