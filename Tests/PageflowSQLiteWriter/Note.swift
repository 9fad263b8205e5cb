import Foundation
import PageflowSQLite

/// A note of a timeline: what the crash writer writes and the tests read, sorted by its creation
/// date and then its id.
public struct Note: SQLiteRecord, Identifiable, Equatable, CustomStringConvertible {
  /// The note's id: unique, and the last sort column.
  public var id: Int64
  /// When the note was written: the first sort column.
  public var created: Date
  /// What the note says.
  public var text: String

  /// The note's sort key: its creation date, then its id.
  public typealias Key = SQLiteKeyPair<Date, Int64>

  /// Table `notes`: id, created, text; sorted by created, then id.
  public static let table = SQLiteTable(
    name: "notes", columns: [.integer("id"), .real("created"), .text("text")], sortKey: ["created", "id"])

  /// Note `id` as first written: three notes share each creation date (to the sub-millisecond), so
  /// the id decides their order.
  public init(_ id: Int64, text: String? = nil) {
    self.id = id
    self.created = Date(timeIntervalSinceReferenceDate: 700_000_000.000_123_4 + Double(id / 3) * 0.25)
    self.text = text ?? "note \(id)"
  }

  /// The note in a row of its table.
  public init(row: SQLiteRow) throws {
    id = try row["id"]
    created = try row["created"]
    text = try row["text"]
  }

  /// id, created, text.
  public var columnValues: [SQLiteValue] { [id.sqliteValue, created.sqliteValue, text.sqliteValue] }

  /// The note's sort key.
  public var key: Key { Key(created, id) }

  /// `#7`.
  public var description: String { "#\(id)" }
}
