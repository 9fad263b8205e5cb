import Pageflow
import PageflowSQLite

/// The network, as the tests and the crash writer see it: a list of notes in memory that answers
/// every kind of page request exactly, with key cursors (`PaginationCursor(key:)` of `Note.Key`).
public struct NoteServer {
  /// The notes, in list order.
  public private(set) var notes: [Note]
  /// The list order.
  public let order: SQLiteSortOrder

  /// A server of `notes` (in any order), listed in `order`.
  public init(_ notes: [Note], order: SQLiteSortOrder = .ascending) {
    self.order = order
    let sorted = notes.sorted { $0.key < $1.key }
    self.notes = order == .ascending ? sorted : sorted.reversed()
  }

  /// A server of notes `0..<count`.
  public init(count: Int, order: SQLiteSortOrder = .ascending) {
    self.init((0..<Int64(count)).map { Note($0) }, order: order)
  }

  /// Whether `a` comes before `b` in the list.
  public func precedes(_ a: Note.Key, _ b: Note.Key) -> Bool {
    order == .ascending ? a < b : b < a
  }

  /// The page at `position` of at most `limit` notes, with a cursor where more lies that way.
  public func page(at position: PageRequest.Position, limit: Int) throws -> Page<Note> {
    let range: Range<Int>
    switch position {
    case .first: range = 0..<min(limit, notes.count)
    case .last: range = max(0, notes.count - limit)..<notes.count
    case .after(let cursor):
      let start = try index(after: cursor.decode(Note.Key.self), including: false)
      range = start..<min(notes.count, start + limit)
    case .before(let cursor):
      let end = try index(after: cursor.decode(Note.Key.self), including: true)
      range = max(0, end - limit)..<end
    case .around(let cursor):
      let middle = try index(after: cursor.decode(Note.Key.self), including: true)
      range = max(0, middle - limit / 2)..<min(notes.count, middle + limit - limit / 2)
    }
    let elements = Array(notes[range])
    let fallback = position.cursor
    return Page(
      previous: range.lowerBound > 0 ? try elements.first.map { try PaginationCursor(key: $0.key) } ?? fallback : nil,
      next: range.upperBound < notes.count
        ? try elements.last.map { try PaginationCursor(key: $0.key) } ?? fallback : nil,
      elements: elements)
  }

  /// The offset of the first note after `key` in list order (at or after it when `including`).
  private func index(after key: Note.Key, including: Bool) -> Int {
    notes.firstIndex { including ? !precedes($0.key, key) : precedes(key, $0.key) } ?? notes.count
  }

  /// Replaces the note with `note`'s id (adding it where it belongs if there is none).
  public mutating func put(_ note: Note) {
    notes.removeAll { $0.id == note.id }
    let index = notes.firstIndex { precedes(note.key, $0.key) } ?? notes.count
    notes.insert(note, at: index)
  }

  /// Deletes the note with `id`.
  public mutating func remove(id: Int64) {
    notes.removeAll { $0.id == id }
  }
}
