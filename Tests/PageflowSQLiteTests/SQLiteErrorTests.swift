import PageflowSQLite
import Testing

/// Failures are values: SQLite's result code, extended code and message, with the SQL that failed.
struct SQLiteErrorTests {
  let scratch: ScratchDatabase
  var database: SQLiteConnection { scratch.connection }

  init() throws {
    scratch = try ScratchDatabase()
  }

  /// The error `body` throws, which must be an ``SQLiteError``.
  func error(_ body: () throws -> Void) throws -> SQLiteError {
    let error = #expect(throws: SQLiteError.self) { try body() }
    return try #require(error)
  }

  @Test func anUnknownTableIsReportedWithSQLitesMessageAndTheSQL() throws {
    let failure = try error { try database.run("SELECT * FROM missing") }
    #expect(failure.code == 1)
    #expect(failure.message == "no such table: missing")
    #expect(failure.sql == "SELECT * FROM missing")
    #expect(failure.description.contains("no such table: missing"))
  }

  @Test func aConstraintViolationCarriesItsExtendedCode() throws {
    try database.execute("CREATE TABLE t (n INTEGER UNIQUE) STRICT; INSERT INTO t VALUES (1)")
    let failure = try error { try database.run("INSERT INTO t VALUES (?)", [.integer(1)]) }
    #expect(failure.code == 19)  // SQLITE_CONSTRAINT
    #expect(failure.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
    #expect(failure.message.contains("UNIQUE constraint failed"))
  }

  @Test func aWrongNumberOfValuesIsRefused() throws {
    let failure = try error { try database.run("SELECT ?, ?", [.integer(1)]) }
    #expect(failure.code == 25)  // SQLITE_RANGE
  }

  @Test func twoStatementsWhereOneIsExpectedAreRefused() throws {
    let failure = try error { try database.run("SELECT 1; SELECT 2") }
    #expect(failure.code == 21)  // SQLITE_MISUSE
  }

  @Test func aFolderThatDoesNotExistCannotBeOpened() throws {
    let failure = try error { _ = try SQLiteConnection(path: scratch.folder.path("missing/folder/db.sqlite")) }
    #expect(failure.code == 14)  // SQLITE_CANTOPEN
  }
}
