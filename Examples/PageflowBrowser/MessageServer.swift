import Foundation
import Pageflow
import PageflowSQLite

/// The simulated server's side of the channel: a SQLite database of messages (a million by
/// default), built once in a few seconds by SQLite itself, and keyset pages read from it for each
/// filter, as a real chat server would answer them.
///
/// Its cursors are the keys of the messages at a page's ends (`PaginationCursor(key:)` of
/// ``Message/Key``), which is what the on-device store speaks too. A page around a message may
/// name it by key or by id (what `PaginationFeature`'s jump sends); a message that is not in the
/// filtered list is placed by its date, so a filter's page around it holds the messages of that
/// filter sent just before and after it.
public final class MessageServer: Sendable {
  /// What the server could not answer.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// No message has this id.
    case noSuchMessage(Int64)
    /// The cursor is neither a message's key nor an id.
    case badCursor(String)

    /// What went wrong, in a few words.
    public var description: String {
      switch self {
      case .noSuchMessage(let id): "no message #\(id)"
      case .badCursor(let cursor): "not a cursor of this server: \(cursor)"
      }
    }
  }

  /// How many messages the channel holds (the `all` list).
  public let count: Int
  private let connection: Lock<SQLiteConnection>

  /// Opens the server's database at `path`, building it with `count` messages when it does not
  /// exist, holds another number, or `rebuild` is set. `progress` hears when a build starts.
  public init(path: String, count: Int = 1_000_000, rebuild: Bool = false, building: () -> Void = {}) throws {
    let count = max(1, count)
    if rebuild || Self.storedCount(atPath: path) != count {
      building()
      try Self.build(at: path, count: count)
    }
    self.count = count
    self.connection = Lock(try SQLiteConnection(path: path))
  }

  /// The page `request` asks for, of at most `limit` messages.
  public func page(_ request: PageRequest, limit: Int) throws -> Page<Message> {
    let filter = MessageFilter.of(request)
    let limit = max(1, limit)
    return try connection.withLock { connection in
      let query = PageQuery(connection: connection, filter: filter)
      switch request.position {
      case .first:
        let rows = try query.rows(from: nil, forward: true, limit: limit + 1)
        return Page(
          previous: nil, next: rows.count > limit ? try cursor(rows[limit - 1]) : nil,
          elements: Array(rows.prefix(limit)))
      case .last:
        let rows = try query.rows(from: nil, forward: false, limit: limit + 1)
        let shown = Array(rows.prefix(limit).reversed())
        return Page(previous: rows.count > limit ? try cursor(shown[0]) : nil, next: nil, elements: shown)
      case .after(let cursor):
        let key = try self.key(of: cursor, in: connection, filter: filter)
        let rows = try query.rows(from: (key, inclusive: false), forward: true, limit: limit + 1)
        let shown = Array(rows.prefix(limit))
        return Page(
          previous: try shown.first.map(self.cursor),
          next: rows.count > limit ? try self.cursor(shown[limit - 1]) : nil,
          elements: shown)
      case .before(let cursor):
        let key = try self.key(of: cursor, in: connection, filter: filter)
        let rows = try query.rows(from: (key, inclusive: false), forward: false, limit: limit + 1)
        let shown = Array(rows.prefix(limit).reversed())
        return Page(
          previous: rows.count > limit ? try self.cursor(shown[0]) : nil, next: try shown.last.map(self.cursor),
          elements: shown)
      case .around(let cursor):
        let key = try self.key(of: cursor, in: connection, filter: filter)
        let half = limit / 2
        let before = try query.rows(from: (key, inclusive: false), forward: false, limit: half + 1)
        let after = try query.rows(from: (key, inclusive: true), forward: true, limit: limit - half + 1)
        let older = Array(before.prefix(half).reversed())
        let newer = Array(after.prefix(limit - half))
        let shown = older + newer
        guard let first = shown.first, let last = shown.last else { return Page(elements: []) }
        return Page(
          previous: before.count > half ? try self.cursor(first) : nil,
          next: after.count > limit - half ? try self.cursor(last) : nil, elements: shown)
      }
    }
  }

  /// The cursor that names `message`'s place: its key.
  private func cursor(_ message: Message) throws -> PaginationCursor {
    try PaginationCursor(key: message.key)
  }

  /// The key a cursor names: a key, the id of a message (placed by its date), or a place some
  /// messages of the filter from one (`"42+5000"`, `"42-300"`: where a fling lands).
  private func key(of cursor: PaginationCursor, in connection: SQLiteConnection, filter: MessageFilter) throws
    -> Message.Key
  {
    if let key = try? cursor.decode(Message.Key.self) { return key }
    if let sign = cursor.rawValue.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }),
      let id = Int64(cursor.rawValue[..<sign]), let rows = Int(cursor.rawValue[sign...])
    {
      let from = try key(of: PaginationCursor("\(id)"), in: connection, filter: filter)
      let query = PageQuery(connection: connection, filter: filter)
      return try query.key(from: from, forward: rows > 0, skipping: Int(rows.magnitude)) ?? from
    }
    guard let id = Int64(cursor.rawValue) else { throw Failure.badCursor(cursor.rawValue) }
    guard let row = try connection.firstRow("SELECT created FROM messages WHERE id = ?", [.integer(id)]) else {
      throw Failure.noSuchMessage(id)
    }
    return Message.Key(try row["created"], id)
  }

  // MARK: - The database

  /// The number of messages the database at `path` was built with; nil when there is none, or the
  /// file is not such a database (then it is built anew).
  private static func storedCount(atPath path: String) -> Int? {
    guard FileManager.default.fileExists(atPath: path), let connection = try? SQLiteConnection(path: path),
      let row = try? connection.firstRow("SELECT messages FROM channel")
    else { return nil }
    return try? row["messages"] as Int
  }

  /// Builds the database anew: `count` messages, generated by one SQL statement, then the indexes
  /// the keyset pages of each filter read.
  private static func build(at path: String, count: Int) throws {
    try SQLiteConnection.removeDatabase(atPath: path)
    let connection = try SQLiteConnection(path: path)
    try connection.transaction(.immediate) {
      try connection.execute(
        """
        CREATE TABLE messages (
          id INTEGER PRIMARY KEY, created REAL NOT NULL, author TEXT NOT NULL, text TEXT NOT NULL,
          mention INTEGER NOT NULL, unread INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE channel (messages INTEGER NOT NULL) STRICT;
        """)
      try connection.run(MessageGenerator.insertSQL, [.integer(Int64(count))])
      try connection.execute(
        """
        CREATE INDEX messages_by_time ON messages (created, id);
        CREATE INDEX mentions_by_time ON messages (created, id) WHERE mention = 1;
        CREATE INDEX unread_by_time ON messages (created, id) WHERE unread = 1;
        """)
      try connection.run("INSERT INTO channel (messages) VALUES (?)", [.integer(Int64(count))])
    }
  }
}

/// One keyset query of a filter's list: the messages from a key on, one way, in that order.
private struct PageQuery {
  let connection: SQLiteConnection
  let filter: MessageFilter

  /// The key of the message `count` messages after `from` (before it when not `forward`), or of the
  /// last one that way when the list ends first; nil when there is none.
  func key(from: Message.Key, forward: Bool, skipping count: Int) throws -> Message.Key? {
    let (conditions, values) = self.conditions(from: (from, inclusive: false), forward: forward)
    let order = forward ? "created, id" : "created DESC, id DESC"
    let skipped = try connection.firstRow(
      "SELECT created, id FROM messages WHERE \(conditions) ORDER BY \(order) LIMIT 1 OFFSET ?",
      values + [.integer(Int64(max(0, count - 1)))])
    let row =
      try skipped
      ?? connection.firstRow(
        "SELECT created, id FROM messages WHERE \(conditions) ORDER BY \(forward ? "created DESC, id DESC" : "created, id") LIMIT 1",
        values)
    return try row.map { Message.Key(try $0["created"], try $0["id"]) }
  }

  /// The conditions of the filter, and of the messages from `from` on one way, and their values.
  private func conditions(from: (key: Message.Key, inclusive: Bool)?, forward: Bool) -> (String, [SQLiteValue]) {
    var conditions = ["1"]
    switch filter {
    case .all: break
    case .mentions: conditions.append("mention = 1")
    case .unread: conditions.append("unread = 1")
    }
    var values: [SQLiteValue] = []
    if let from {
      let comparison = forward ? (from.inclusive ? ">=" : ">") : (from.inclusive ? "<=" : "<")
      conditions.append("(created, id) \(comparison) (?, ?)")
      values += from.key.sortValues
    }
    return (conditions.joined(separator: " AND "), values)
  }

  /// Up to `limit` messages after `from` (or from the list's start), or before it (or from its
  /// end) when not `forward`, nearest first.
  func rows(from: (key: Message.Key, inclusive: Bool)?, forward: Bool, limit: Int) throws -> [Message] {
    var (conditions, values) = self.conditions(from: from, forward: forward)
    let order = forward ? "created, id" : "created DESC, id DESC"
    values.append(.integer(Int64(limit)))
    return try connection.rows(
      "SELECT id, created, author, text, mention, unread FROM messages WHERE \(conditions) ORDER BY \(order) LIMIT ?",
      values
    ).map(Message.init(row:))
  }
}
