import Foundation
import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// Every value of a page is checked against its column before SQLite sees it (SQLite's STRICT
/// tables convert some values silently): a wrong type, NULL where the column says NOT NULL, NaN
/// anywhere, an infinite sort value — each refuses the page, naming the record and the column, and
/// stores nothing. An integer in a REAL column is stored as the real it equals, when it equals one.
struct ValueCheckTests {
  /// A record whose values are given as they are, for a table with a column of each type.
  struct Row: SQLiteRecord, Equatable {
    typealias Key = SQLiteKeyPair<Double, Int64>
    static let table = SQLiteTable(
      name: "rows",
      columns: [
        .integer("id"), .real("score"), .text("title"), .blob("photo", isNullable: true),
        .real("weight", isNullable: true), SQLiteColumn("extra", .any, isNullable: true),
      ],
      sortKey: ["score", "id"])

    var values: [SQLiteValue]

    init(_ id: Int64, score: SQLiteValue, title: SQLiteValue = .text("t"), weight: SQLiteValue = .null) {
      values = [.integer(id), score, title, .null, weight, .null]
    }

    init(row: SQLiteRow) throws { values = row.values }
    var columnValues: [SQLiteValue] { values }
  }

  /// A store of `Row`s in a folder of its own.
  let folder: TemporaryFolder
  let store: SQLitePageStore<Row>

  init() throws {
    folder = try TemporaryFolder()
    store = try SQLitePageStore<Row>(path: folder.path())
  }

  /// Expects writing `rows` as a whole list to be refused with a reason containing `reason`, and
  /// nothing stored.
  func expectRefused(_ rows: [Row], _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let before = try? store.status()
    #expect(sourceLocation: sourceLocation) {
      try store.write(rows, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    } throws: { error in
      guard case SQLitePageStoreError.rejectedPage(let message) = error else { return false }
      return message.contains(reason)
    }
    #expect((try? store.status()) == before, sourceLocation: sourceLocation)
  }

  @Test func aValueOfAnotherTypeIsRefusedNamingItsColumn() {
    expectRefused([Row(1, score: .real(1)), Row(2, score: .text("10"))], "record 1 column \"score\": '10' is TEXT")
    expectRefused([Row(1, score: .real(1), title: .integer(7))], "record 0 column \"title\": 7 is INTEGER")
    expectRefused([Row(1, score: .real(1), title: .blob(Data([1])))], "column \"title\": x'01' is BLOB")
    var real = Row(1, score: .real(1))
    real.values[0] = .real(1)
    expectRefused([real], "record 0 column \"id\": 1.0 is REAL, the column is INTEGER")
  }

  @Test func nullIsRefusedWhereTheColumnIsNotNull() {
    expectRefused([Row(1, score: .real(1), title: .null)], "record 0 column \"title\": NULL in a NOT NULL column")
  }

  @Test func notANumberIsRefusedInEveryColumn() {
    expectRefused([Row(1, score: .real(.nan))], "column \"score\": NaN")
    expectRefused([Row(1, score: .real(1), weight: .real(.nan))], "column \"weight\": NaN")
  }

  @Test func anInfiniteSortValueIsRefusedAndElsewhereStoredAsItIs() throws {
    expectRefused([Row(1, score: .real(.infinity))], "column \"score\": an infinite sort value")
    expectRefused([Row(1, score: .real(-.infinity))], "column \"score\": an infinite sort value")
    let heavy = Row(1, score: .real(1), weight: .real(.infinity))
    try store.write([heavy], at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "all")
    #expect(try store.page(at: .first, limit: 5, in: "all")?.records == [heavy])
  }

  /// SQLite stores an integer given to a REAL column as a real: accepted when that real is the
  /// same number (every integer up to 2⁵³), refused when SQLite would round it.
  @Test func anIntegerInARealColumnIsStoredAsTheRealItEquals() throws {
    try store.write(
      [Row(1, score: .integer(-3)), Row(2, score: .real(0.5)), Row(3, score: .integer(1 << 53))], at: .first,
      hasMoreBefore: false, hasMoreAfter: false, in: "all")
    let stored = try #require(try store.page(at: .first, limit: 5, in: "all")).records
    #expect(stored.map { $0.values[1].description } == ["-3.0", "0.5", "9007199254740992.0"])
    expectRefused(
      [Row(4, score: .integer((1 << 53) + 1))], "column \"score\": 9007199254740993 is an integer that REAL rounds")
  }

  /// The page of the issue: sort values of text, checked in text order ('10' before '9'), would
  /// have been stored as numbers in the other order, and read back as "9 is not a String".
  @Test func sortValuesOfTheWrongTypeNeverReachTheTable() throws {
    expectRefused([Row(1, score: .text("10")), Row(2, score: .text("9"))], "'10' is TEXT, the column is REAL")
  }
}
