import Foundation
import Pageflow
import Testing
import pageflow_sqlite_writer

@testable import PageflowSQLite

/// The cursors of a key of two numbers (integers, reals, dates), which the store writes and reads
/// without JSON: the same text as `PaginationCursor(key:)`, every number back to the last bit, and
/// only that exact text read without JSON (any other goes to the JSON decoder, which decides as
/// before).
struct NumericPairKeyTests {
  typealias IntegerKey = SQLiteKeyPair<Int64, Int64>
  typealias DateKey = SQLiteKeyPair<Date, Int64>
  typealias RealKey = SQLiteKeyPair<Double, Int64>

  /// A message sorted by an integer timestamp, then its id.
  struct Message: KeyedRecord {
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

  static let integers: [Int64] = [
    .min, .min + 1, -1_000_000_007, -10, -9, -1, 0, 1, 9, 10, 1_700_000_000, .max - 1, .max,
  ]

  /// Reals JSONEncoder writes in each of its forms: whole (`1`, `-0`), decimal, exponent (below
  /// 0.0001 and from 2⁵³ up), subnormal, the largest, and dates of every era.
  static let reals: [Double] = [
    0, -0.0, 1, -1, 0.1, -0.1, 1.5, 100, 0.0001, 0.00012, 0.00001, 9_007_199_254_740_991, 9_007_199_254_740_992,
    9_007_199_254_740_994, 1e15, 1e16, 1.2345678901234567e16, 1e21, 1e22, 1e300, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
    .leastNormalMagnitude.nextDown, 760_000_000.123_456_7, 760_000_000.5, -978_307_200, 1.0.nextUp, 1.0.nextDown,
    Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate,
  ]

  /// A finite real of one of several kinds, each as likely: any bit pattern (every exponent),
  /// subnormal, a date around now to the last bit, a whole number, a short decimal.
  static func randomReal(_ generator: inout SeededRandom) -> Double {
    let sign: Double = generator.next() % 2 == 0 ? 1 : -1
    let real: Double
    switch generator.next() % 5 {
    case 0: real = Double(bitPattern: generator.next())
    case 1: real = Double(bitPattern: generator.next() >> 12)  // exponent 0: subnormal
    case 2: real = 760_000_000 + Double(generator.next() % 100_000_000) + Double(generator.next() % 1 << 53) / 0x1p53
    case 3: real = Double(generator.next() >> (generator.next() % 64))
    default: real = Double(generator.next() % 100_000) / [1, 10, 1_000, 1e6, 1e9][Int(generator.next() % 5)]
    }
    return real.isFinite ? sign * real : 0
  }

  /// What differs, for the values `(first, second)` of a key of type `Key`, between the store's
  /// cursor text and `PaginationCursor(key:)`'s, and between the values read back from that text and
  /// the values (to the bit); nil when nothing does.
  static func difference<Key: SQLiteSortKey & Equatable>(_ key: Key) throws -> String? {
    let values = SortValues(key.sortValues)
    let json = try PaginationCursor(key: key).rawValue
    let text = CursorText.pairText(values, as: Key.self)
    guard text == json else { return "\(key): \(text ?? "nil") written, JSON \(json)" }
    guard let read = CursorText.pairValues(json, as: Key.self), read.bits == values.bits else {
      return "\(key): \(json) read as \(String(describing: CursorText.pairValues(json, as: Key.self)))"
    }
    guard try PaginationCursor(rawValue: json).decode(Key.self) == key else { return "\(key): JSON differs" }
    return nil
  }

  @Test func anIntegerKeysCursorIsWhatJSONMakesAndReadsBack() throws {
    var generator = SeededRandom(seed: testSeed("NumericPairKeyTests.anIntegerKeysCursorIsWhatJSONMakesAndReadsBack"))
    let random = (0..<2_000).map { _ in Int64(bitPattern: generator.next()) >> (generator.next() % 64) }
    let values = Self.integers + random
    let differences = try zip(values, values.reversed() + values).compactMap { try Self.difference(IntegerKey($0, $1)) }
    #expect(differences.isEmpty, "\(differences.prefix(10))")
  }

  @Test func aDateOrRealKeysCursorIsWhatJSONMakesAndReadsBackToTheBit() throws {
    var generator = SeededRandom(
      seed: testSeed("NumericPairKeyTests.aDateOrRealKeysCursorIsWhatJSONMakesAndReadsBackToTheBit"))
    var differences: [String] = []
    // Each fixed value in every kind of key, each random one in one of them.
    let reals =
      Self.reals.flatMap { [($0, 0), ($0, 1), ($0, 2)] } + (0..<10_000).map { (Self.randomReal(&generator), $0) }
    for (real, kind) in reals {
      let id = Int64(bitPattern: generator.next()) >> (generator.next() % 64)
      let date = Date(timeIntervalSinceReferenceDate: real)
      let difference =
        switch kind % 3 {
        case 0: try Self.difference(DateKey(date, id))
        case 1: try Self.difference(RealKey(real, id))
        default: try Self.difference(SQLiteKeyPair<Int64, Date>(id, date))
        }
      if let difference { differences.append(difference) }
    }
    #expect(differences.isEmpty, "\(differences.prefix(10))")
  }

  @Test func aValueNoCursorCanCarryGoesToJSONWhichRefusesIt() {
    for real in [Double.infinity, -.infinity, .nan] {
      let values = SortValues([.real(real), .integer(1)])
      #expect(CursorText.pairText(values, as: DateKey.self) == nil)
      #expect(CursorText.pairText(values, as: RealKey.self) == nil)
      #expect(throws: PaginationError.self) { try PaginationCursor(key: RealKey(real, 1)) }
    }
    // A value of another type than the key's: JSON decides.
    #expect(CursorText.pairText(SortValues([.integer(1), .integer(3)]), as: DateKey.self) == nil)
    #expect(CursorText.pairText(SortValues([.real(1), .integer(3)]), as: IntegerKey.self) == nil)
    #expect(CursorText.pairText(SortValues([.real(1), .text("3")]), as: SQLiteKeyPair<Double, String>.self) == nil)
  }

  /// Texts JSON may read but the store never writes (for either kind of first number), and texts
  /// that are no key at all.
  static let otherTexts = [
    #"{ "first":1,"second":2}"#, #"{"second":2,"first":1}"#, #"{"first":01,"second":2}"#, #"{"first":+1,"second":2}"#,
    #"{"first":1.0,"second":2}"#,
    #"{"first":1e3,"second":2}"#, #"{"first":1,"second":2} "#, #"{"first":9223372036854775808,"second":2}"#,
    #"{"first":-9223372036854775809,"second":2}"#, #"{"first":1,"second":2,"third":3}"#, #"{"first":1}"#,
    #"{"first":,"second":2}"#, #"{"first":-,"second":2}"#, #"{"first":1,"second":}"#, #"{"first":1,"second":2}}"#,
    #"{"first":1e16,"second":2}"#, #"{"first":1E+16,"second":2}"#, #"{"first":1e+016,"second":2}"#,
    #"{"first":.5,"second":2}"#, #"{"first":1.,"second":2}"#, #"{"first":-0.0,"second":2}"#,
    #"{"first":0.10,"second":2}"#, #"{"first":0.1000000000000000055511151231257827,"second":2}"#,
    #"{"first":1e999,"second":2}"#, #"{"first":1e-400,"second":2}"#,
    #"{"first":nan,"second":2}"#, #"{"first":inf,"second":2}"#, #"{"first":0x10,"second":2}"#,
    #"{"first": 1,"second":2}"#, #"{"first":"1","second":2}"#, #"{"first":1,"second":2.0}"#, "", "page-2",
  ]

  @Test func onlyTheExactTextIsReadWithoutJSON() throws {
    // -0 is how JSONEncoder writes the real -0, never an integer; a real has no more than 17 digits.
    try Self.expectOtherTextsGoToJSON(Message.self, Self.otherTexts + [#"{"first":-0,"second":2}"#])
    try Self.expectOtherTextsGoToJSON(Note.self, Self.otherTexts + [#"{"first":9007199254740993,"second":2}"#])
  }

  /// Every text of `texts` is refused by the fast path and read by the store as the JSON decoder
  /// reads it (which accepts some: spaces, another order, `1.0`; and refuses the rest).
  static func expectOtherTextsGoToJSON<Record: SQLiteRecord>(_: Record.Type, _ texts: [String]) throws {
    let schema = try StoreSchema(Record.table)
    for text in texts {
      #expect(CursorText.pairValues(text, as: Record.Key.self) == nil, "\(text)")
      let cursor = PaginationCursor(rawValue: text)
      let viaJSON = try? schema.sortValues(of: cursor.decode(Record.Key.self))
      let viaStore = try? CursorText.sortValues(of: cursor, as: Record.Key.self, schema: schema)
      #expect(viaStore?.bits == viaJSON?.bits, "\(text)")
    }
  }

  @Test func pagesOfANumericKeyCarryTheCursorsOfTheirKeys() throws {
    try Self.expectPagesCarryTheCursorsOfTheirKeys((0..<120).map(Message.init))
    try Self.expectPagesCarryTheCursorsOfTheirKeys((0..<120).map { Note(Int64($0)) })
  }

  /// `records` written to a store and read back page by page and around one of them: each page's
  /// cursors are `PaginationCursor(key:)` of its first and last records' keys.
  static func expectPagesCarryTheCursorsOfTheirKeys<Record: KeyedRecord>(_ records: [Record]) throws {
    let folder = try TemporaryFolder()
    let store = try SQLitePageStore<Record>(path: folder.path())
    let records = records.sorted { (a: Record, b: Record) in SortValues(a.key.sortValues) < SortValues(b.key.sortValues)
    }
    try store.write(records, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "inbox")
    var position = PageRequest.Position.first
    var read: [Record] = []
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
    #expect(read == records)
    let around = try #require(
      try store.page(at: .around(PaginationCursor(key: records[60].key)), limit: 10, in: "inbox"))
    #expect(around.records == Array(records[55..<65]))
  }
}

/// A record that gives its key.
protocol KeyedRecord: SQLiteRecord, Equatable {
  var key: Key { get }
}

extension Note: KeyedRecord {}

extension SortValues {
  /// The values with each real as its bits, for comparisons that tell -0 from 0.
  fileprivate var bits: [String] {
    values.map { value in
      if case .real(let real) = value { return "real \(real.bitPattern)" }
      return "\(value)"
    }
  }
}
