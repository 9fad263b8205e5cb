import Foundation
import Pageflow
import Testing
import pageflow_sqlite_writer

@testable import PageflowSQLite

/// The cursors of an integer pair key, which the store writes and reads without JSON: the same
/// text as `PaginationCursor(key:)`, and only that exact text read without JSON (any other goes to
/// the JSON decoder, which decides as before).
struct IntegerCursorKeyTests {
  typealias Key = SQLiteKeyPair<Int64, Int64>

  /// A message sorted by an integer timestamp, then its id: a key that takes the fast path.
  struct Message: SQLiteRecord, Equatable {
    typealias Key = SQLiteKeyPair<Int, Int>
    var id: Int
    var created: Int

    static let table = SQLiteTable(
      name: "messages", columns: [.integer("id"), .integer("created")], sortKey: ["created", "id"])

    init(_ id: Int) {
      self.id = id
      self.created = 1_700_000_000 - id / 2
    }

    init(row: SQLiteRow) throws {
      id = try row["id"]
      created = try row["created"]
    }

    var columnValues: [SQLiteValue] { [id.sqliteValue, created.sqliteValue] }
    var key: Key { Key(created, id) }
  }

  static let extremes: [Int64] = [
    .min, .min + 1, -1_000_000_007, -10, -9, -1, 0, 1, 9, 10, 1_700_000_000, .max - 1, .max,
  ]

  @Test func theCursorTextIsWhatJSONMakesAndReadsBack() throws {
    var generator = SeededRandom(seed: testSeed("IntegerCursorKeyTests.theCursorTextIsWhatJSONMakesAndReadsBack"))
    let random = (0..<2_000).map { _ in Int64(bitPattern: generator.next()) >> (generator.next() % 64) }
    let values = Self.extremes + random
    for (first, second) in zip(values, values.reversed() + values) {
      let sortValues = SortValues([.integer(first), .integer(second)])
      let json = try PaginationCursor(key: Key(first, second)).rawValue
      #expect(CursorText.integerPairText(sortValues, as: Key.self) == json)
      #expect(CursorText.integerPairValues(json, as: Key.self) == sortValues)
      #expect(try PaginationCursor(rawValue: json).decode(Key.self) == Key(first, second))
    }
  }

  @Test func onlyTheExactTextIsReadWithoutJSON() throws {
    let schema = try StoreSchema(Message.table)
    let texts = [
      #"{ "first":1,"second":2}"#, #"{"second":2,"first":1}"#, #"{"first":01,"second":2}"#,
      #"{"first":-0,"second":2}"#, #"{"first":+1,"second":2}"#, #"{"first":1.0,"second":2}"#,
      #"{"first":1e3,"second":2}"#, #"{"first":1,"second":2} "#, #"{"first":9223372036854775808,"second":2}"#,
      #"{"first":-9223372036854775809,"second":2}"#, #"{"first":1,"second":2,"third":3}"#, #"{"first":1}"#,
      #"{"first":,"second":2}"#, #"{"first":-,"second":2}"#, "", "page-2",
    ]
    for text in texts {
      #expect(CursorText.integerPairValues(text, as: Message.Key.self) == nil, "\(text)")
      // Read as it always was: by the JSON decoder, which accepts some (spaces, another order)
      // and refuses the rest.
      let cursor = PaginationCursor(rawValue: text)
      let viaJSON = Result { try schema.sortValues(of: cursor.decode(Message.Key.self)) }
      let viaStore = Result { try CursorText.sortValues(of: cursor, as: Message.Key.self, schema: schema) }
      let (store, json) = (try? viaStore.get(), try? viaJSON.get())
      #expect(store == json, "\(text)")
    }
    // A key of another kind (a date) always goes through JSON.
    let dated = SortValues([.real(1.5), .integer(3)])
    #expect(CursorText.integerPairText(dated, as: SQLiteKeyPair<Date, Int64>.self) == nil)
    #expect(CursorText.integerPairValues(#"{"first":1,"second":3}"#, as: SQLiteKeyPair<Date, Int64>.self) == nil)
  }

  @Test func pagesOfAnIntegerKeyCarryTheCursorsOfTheirKeys() throws {
    let folder = try TemporaryFolder()
    let store = try SQLitePageStore<Message>(path: folder.path())
    let messages = (0..<120).map(Message.init).sorted { ($0.created, $0.id) < ($1.created, $1.id) }
    try store.write(messages, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "inbox")
    var position = PageRequest.Position.first
    var read: [Message] = []
    while let stored = try store.page(at: position, limit: 25, in: "inbox") {
      let page = stored.page
      if let first = page.elements.first, read.count > 0 {
        #expect(page.previous == (try PaginationCursor(key: first.key)))
      }
      read += page.elements
      guard let next = page.next else { break }
      #expect(next == (try PaginationCursor(key: page.elements[page.elements.count - 1].key)))
      position = .after(next)
    }
    #expect(read == messages)
    let around = try #require(
      try store.page(at: .around(PaginationCursor(key: messages[60].key)), limit: 10, in: "inbox"))
    #expect(around.records == Array(messages[55..<65]))
  }
}
