import Foundation
import Testing
import pageflow_sqlite_writer

@testable import PageflowSQLite

/// Values through the connection: each storage class bound and read back exactly, typed reads that
/// refuse what does not fit, and Swift's order of values the same as SQLite's.
struct SQLiteValueTests {
  let scratch: ScratchDatabase
  var database: SQLiteConnection { scratch.connection }

  init() throws {
    scratch = try ScratchDatabase("CREATE TABLE t (v ANY) STRICT")
  }

  static let samples: [SQLiteValue] = [
    .null, .integer(0), .integer(.min), .integer(.max), .integer(-1), .real(0.1), .real(-0.0), .real(.infinity),
    .real(-.infinity), .real(.leastNonzeroMagnitude), .real(1e300), .real(42), .text(""), .text("a\u{0}b"),
    .text("né"), .text("ne\u{301}"), .text("🧭 compass"), .blob(Data()), .blob(Data([0, 255, 0])), .blob(Data([1])),
  ]

  @Test func everyValueComesBackExactly() throws {
    for value in Self.samples {
      try database.run("INSERT INTO t (v) VALUES (?)", [value])
    }
    let read = try database.rows("SELECT v FROM t ORDER BY rowid").map { $0.values[0] }
    #expect(read.map(\.description) == Self.samples.map(\.description))
    #expect(read == Self.samples)
  }

  @Test func typedReadsConvertWhatFitsAndRefuseTheRest() throws {
    let row = try #require(try database.firstRow("SELECT 7 AS n, 2.5 AS x, 'hi' AS s, NULL AS z, 3.0 AS whole"))
    #expect(try row["n"] as Int == 7)
    #expect(try row["x"] as Double == 2.5)
    #expect(try row["s"] as String == "hi")
    #expect(try row["z"] as Int? == nil)
    #expect(try row["whole"] as Int64 == 3)
    #expect(try row["n"] as Date == Date(timeIntervalSinceReferenceDate: 7))
    #expect {
      _ = try row["s"] as Int
    } throws: { error in
      (error as? SQLiteError).map { $0.code == 20 && $0.message.contains("column \"s\"") } ?? false
    }
    #expect(throws: SQLiteError.self) { _ = try row["x"] as Int }
    #expect(throws: SQLiteError.self) { _ = try row["missing"] as Int }
  }

  @Test func datesAreStoredAsTheirExactNumber() throws {
    let date = Note(7).created
    try database.run("INSERT INTO t (v) VALUES (?)", [date.sqliteValue])
    #expect(try database.firstRow("SELECT v FROM t")?[0] as Date? == date)
  }

  /// Random values of every class, sorted by SQLite (`ORDER BY`) and by ``SQLiteValue``'s order:
  /// the same sequence (ties kept in insertion order).
  @Test func swiftOrdersValuesAsSQLiteDoes() throws {
    let seed = testSeed("SQLiteValueTests.swiftOrdersValuesAsSQLiteDoes")
    var random = SeededRandom(seed: seed)
    var values = Self.samples
    for _ in 0..<500 {
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        values.append(
          .integer(Int64.random(in: -5...5, using: &random) * (1 << Int64.random(in: 0...60, using: &random))))
      case 1:
        values.append(
          .real(Double(Int.random(in: -5...5, using: &random)) * pow(2, Double.random(in: -2...62, using: &random))))
      case 2: values.append(.real(Double(Int64.random(in: -5...5, using: &random))))
      case 3:
        values.append(
          .text(
            String(
              (0..<Int.random(in: 0...3, using: &random)).map { _ in "aéb\u{301}z".randomElement(using: &random) ?? "a"
              })))
      default:
        values.append(
          .blob(Data((0..<Int.random(in: 0...3, using: &random)).map { _ in UInt8.random(in: 0...2, using: &random) })))
      }
    }
    try database.transaction(.immediate) {
      for value in values { try database.run("INSERT INTO t (v) VALUES (?)", [value]) }
    }
    let sqliteOrder = try database.rows("SELECT rowid FROM t ORDER BY v, rowid").map { try $0[0] as Int - 1 }
    let swiftOrder = values.indices.sorted { a, b in
      let order = values[a].compare(values[b])
      return order == 0 ? a < b : order < 0
    }
    #expect(swiftOrder == sqliteOrder, "seed \(seed)")
  }
}
