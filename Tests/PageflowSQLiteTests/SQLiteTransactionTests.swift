import PageflowSQLite
import Testing

/// Transactions: committed when the body returns, rolled back when it throws (the error passed
/// on), nested ones as savepoints that roll back alone; statements reused, even re-entrantly.
struct SQLiteTransactionTests {
  struct Failure: Error, Equatable {}

  let scratch: ScratchDatabase
  var database: SQLiteConnection { scratch.connection }

  init() throws {
    scratch = try ScratchDatabase("CREATE TABLE t (n INTEGER NOT NULL) STRICT")
  }

  func numbers() throws -> [Int] {
    try database.rows("SELECT n FROM t ORDER BY n").map { try $0[0] }
  }

  @Test func aBodyThatReturnsIsCommitted() throws {
    let count = try database.transaction(.immediate) {
      try database.run("INSERT INTO t VALUES (1), (2)")
    }
    #expect(count == 2)
    #expect(try SQLiteConnection(path: scratch.folder.path()).rows("SELECT n FROM t").count == 2)
    #expect(!database.isInTransaction)
  }

  @Test func aBodyThatThrowsIsRolledBackAndItsErrorPassedOn() throws {
    #expect(throws: Failure()) {
      try database.transaction {
        try database.run("INSERT INTO t VALUES (1)")
        throw Failure()
      }
    }
    #expect(try numbers().isEmpty)
    #expect(!database.isInTransaction)
  }

  @Test func aNestedTransactionRollsBackAlone() throws {
    try database.transaction {
      try database.run("INSERT INTO t VALUES (1)")
      #expect(throws: Failure()) {
        try database.transaction {
          try database.run("INSERT INTO t VALUES (2)")
          throw Failure()
        }
      }
      try database.transaction { try database.run("INSERT INTO t VALUES (3)") }
    }
    #expect(try numbers() == [1, 3])
  }

  @Test func theSameStatementCanRunInsideItsOwnRows() throws {
    try database.run("INSERT INTO t VALUES (1), (2)")
    var pairs: [[Int]] = []
    try database.query("SELECT n FROM t ORDER BY n") { outer in
      try database.query("SELECT n FROM t ORDER BY n") { inner in pairs.append([try outer[0], try inner[0]]) }
    }
    #expect(pairs == [[1, 1], [1, 2], [2, 1], [2, 2]])
  }

  @Test func aStatementIsReusedAfterItFailed() throws {
    try database.execute("CREATE UNIQUE INDEX t_n ON t (n)")
    try database.run("INSERT INTO t VALUES (?)", [.integer(1)])
    #expect(throws: SQLiteError.self) { try database.run("INSERT INTO t VALUES (?)", [.integer(1)]) }
    try database.run("INSERT INTO t VALUES (?)", [.integer(2)])
    #expect(try numbers() == [1, 2])
  }
}
