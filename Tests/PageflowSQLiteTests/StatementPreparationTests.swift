import Pageflow
import PageflowSQLite
import Testing

/// A statement is compiled from its SQL while the SQL's bytes are alive: statements of any length,
/// from a few bytes to megabytes, prepare and run every time, and what follows the statement is
/// checked in the same bytes (more whitespace, semicolons or comments: fine; a second statement:
/// refused).
struct StatementPreparationTests {
  let database: SQLiteConnection

  init() throws {
    database = try SQLiteConnection(path: ":memory:")
  }

  /// `SELECT 'xxx…'` of exactly `length` bytes (9 or more), and the text it selects.
  static func select(length: Int) -> (sql: String, text: String) {
    let text = String(repeating: "x", count: length - 9)
    return ("SELECT '\(text)'", text)
  }

  @Test func statementsOfEveryLengthFrom13To3000BytesPrepareAndRun() throws {
    var failed: [Int] = []
    for length in 13...3_000 {
      let (sql, text) = Self.select(length: length)
      let selected = try? database.firstRow(sql)?[0] as String?
      if selected != text { failed.append(length) }
    }
    #expect(failed.isEmpty, "\(failed.count) lengths failed, the first \(failed.prefix(8))")
  }

  @Test func aStatementOfSeveralMegabytesPreparesAndRuns() throws {
    let (sql, text) = Self.select(length: 8 << 20)
    #expect(try database.firstRow(sql)?[0] as String? == text)
  }

  @Test func whitespaceSemicolonsAndCommentsAfterTheStatementAreAccepted() throws {
    for tail in ["", ";", " ;; \n\t", "; -- the answer", " /* the answer */ ;"] {
      #expect(try database.firstRow("SELECT 42" + tail)?[0] as Int? == 42, "tail \(tail.debugDescription)")
    }
  }

  @Test func aSecondStatementAfterAStatementIsRefused() throws {
    for sql in ["SELECT 1; SELECT 2", "SELECT 1; -- one\nSELECT 2", "SELECT 1\u{0}; SELECT 2"] {
      let error = #expect(throws: SQLiteError.self, "\(sql.debugDescription)") { try database.run(sql) }
      #expect(error?.code == 21, "\(sql.debugDescription)")  // SQLITE_MISUSE
    }
  }

  @Test func statementsRunTogetherStopNowhereButTheirEnd() throws {
    try database.execute("CREATE TABLE t (n INTEGER) STRICT; INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)")
    #expect(try database.rows("SELECT n FROM t").count == 2)
    let error = #expect(throws: SQLiteError.self) {
      try database.execute("INSERT INTO t VALUES (3);\u{0} DROP TABLE t")
    }
    #expect(error?.code == 21)
    #expect(try database.rows("SELECT n FROM t").count == 2)
  }

  /// The first write of the on-device store's article, on a store in memory, a hundred times: each
  /// write prepares the store's statements anew.
  @Test func theArticlesFirstWriteSucceedsEveryTime() throws {
    var failures: [String] = []
    for _ in 0..<100 {
      do {
        let store = try SQLitePageStore<DocNote>(path: ":memory:")
        try store.write(
          [DocNote(1), DocNote(2)], at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "general")
        if try store.status().rows != 2 { failures.append("wrong status") }
      } catch {
        failures.append("\(error)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of 100 failed: \(failures.prefix(2))")
  }
}
