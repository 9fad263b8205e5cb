import Foundation
import Pageflow
import PageflowSQLite

/// A chat message of the browser's channel: what the simulated server sends and what the
/// on-device store keeps.
public struct Message: Identifiable, Equatable, Sendable, SQLiteRecord {
  /// Where a message stands in the channel: its creation date, then its id.
  public typealias Key = SQLiteKeyPair<Date, Int64>

  /// The message's number in the channel: 0 is the oldest.
  public var id: Int64
  /// When it was sent.
  public var created: Date
  /// Who sent it.
  public var author: String
  /// What it says.
  public var text: String
  /// Whether it mentions the reader (the "mentions" filter).
  public var isMention: Bool
  /// Whether the reader has not read it yet (the "unread" filter).
  public var isUnread: Bool

  /// A message with these fields.
  public init(id: Int64, created: Date, author: String, text: String, isMention: Bool, isUnread: Bool) {
    self.id = id
    self.created = created
    self.author = author
    self.text = text
    self.isMention = isMention
    self.isUnread = isUnread
  }

  /// The columns of the `messages` table, on the server and on the device alike.
  public static let table = SQLiteTable(
    name: "messages",
    columns: [
      .integer("id"), .real("created"), .text("author"), .text("text"), .integer("mention"), .integer("unread"),
    ],
    sortKey: ["created", "id"]
  )

  /// A message read from a row of ``table``.
  public init(row: SQLiteRow) throws {
    id = try row["id"]
    created = try row["created"]
    author = try row["author"]
    text = try row["text"]
    isMention = try row["mention"]
    isUnread = try row["unread"]
  }

  /// The values of ``table``'s columns, in order.
  public var columnValues: [SQLiteValue] {
    [
      id.sqliteValue, created.sqliteValue, author.sqliteValue, text.sqliteValue, isMention.sqliteValue,
      isUnread.sqliteValue,
    ]
  }

  /// The message's sort key.
  public var key: Key { Key(created, id) }
}
