import Foundation
import PageflowSQLite
import pageflow_sqlite_writer

/// What a store's file holds, read on a connection of its own with plain SQL: the rows of each
/// list, and whether they agree with the known ranges.
struct DiskContents {
  let connection: SQLiteConnection

  init(path: String) throws {
    connection = try SQLiteConnection(path: path)
  }

  /// The notes of `list`, in key order.
  func notes(in list: String) throws -> [Note] {
    try connection.rows(
      "SELECT id, created, text FROM notes WHERE pageflow_list = (SELECT id FROM notes_pageflow_lists WHERE name = ?) "
        + "ORDER BY created, id", [.text(list)]
    ).map(Note.init(row:))
  }

  /// The names of the lists that hold rows or ranges.
  func lists() throws -> [String] {
    try connection.rows(
      "SELECT name FROM notes_pageflow_lists WHERE id IN (SELECT pageflow_list FROM notes) "
        + "UNION SELECT list FROM notes_pageflow_ranges ORDER BY 1"
    ).map { try $0[0] }
  }

  /// What the store's bookkeeping should have forgotten: the names of lists that hold neither rows
  /// nor ranges, and the counts of a list number that no name has.
  func unforgottenLists() throws -> [String] {
    try connection.rows(
      "SELECT 'the list ' || name FROM notes_pageflow_lists WHERE id NOT IN (SELECT pageflow_list FROM notes) "
        + "AND name NOT IN (SELECT list FROM notes_pageflow_ranges) "
        + "UNION ALL SELECT 'the counts of list number ' || list FROM notes_pageflow_counts "
        + "WHERE list NOT IN (SELECT id FROM notes_pageflow_lists)"
    ).map { try $0[0] }
  }

  /// Everything wrong with `list` against `truth` (the notes the server holds, in any order):
  /// a range whose rows are not exactly the truth's notes in it (a row missing, extra, or
  /// different), or a row that no range holds. Empty when all is well.
  func problems(in list: String, ranges: [KeyRange<Note.Key>], truth: [Note]) throws -> [String] {
    let held = try notes(in: list)
    let inSomeRange = { (note: Note) in ranges.contains { $0.contains(note.key) } }
    let isInKeyOrder = zip(truth, truth.dropFirst()).allSatisfy { $0.key < $1.key }
    let expected = (isInKeyOrder ? truth : truth.sorted { $0.key < $1.key }).filter(inSomeRange)
    guard held != expected else { return [] }
    // Something is wrong: say where.
    var problems: [String] = []
    for range in ranges {
      let expectedHere = expected.filter { range.contains($0.key) }
      let actual = held.filter { range.contains($0.key) }
      if actual != expectedHere {
        problems.append("\(list) \(range): holds \(actual), the server \(expectedHere)")
      }
    }
    for note in held where !inSomeRange(note) {
      problems.append("\(list): row \(note) lies in no range")
    }
    return problems
  }
}

extension Note {
  /// The bytes the store counts for the note in `list`: 8 for each number, the UTF-8 length of each
  /// text (the list's name is stored with the row).
  func storedBytes(in list: String) -> Int {
    list.utf8.count + 8 + 8 + text.utf8.count
  }
}
