import CSQLite
import Foundation

/// A connection to an SQLite database file (or an in-memory database): statements prepared once
/// and cached, typed bindings, transactions, and errors as ``SQLiteError`` values.
///
/// ```swift
/// let database = try SQLiteConnection(path: folder.appending(path: "app.sqlite").path)
/// try database.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT")
/// try database.transaction(.immediate) {
///   try database.run("INSERT INTO notes (id, text) VALUES (?, ?)", [.integer(1), .text("hello")])
/// }
/// let texts = try database.rows("SELECT text FROM notes").map { try $0["text"] as String }
/// ```
///
/// **Concurrency.** A connection is a non-Sendable class: Swift lets only one task or thread hold
/// it at a time, which is SQLite's own rule for a connection opened in multi-thread mode (as this
/// one is, without SQLite's per-connection mutex). Share it by putting it behind a lock or
/// inside an actor, as ``SQLitePageStore`` does; open one connection per reader for reads in
/// parallel (in WAL mode a reader never waits for the writer).
///
/// Opening a file sets WAL journaling (readers see the last committed state while a write is in
/// progress; a crash loses no committed transaction), `synchronous = NORMAL` (no fsync per
/// commit; a power cut, not a crash, can lose the last commits), a busy timeout (a writer waits
/// for another one instead of failing at once), and `trusted_schema = OFF` (a foreign file's
/// schema cannot run functions with side effects).
public final class SQLiteConnection {
  /// The file's path, or `:memory:`.
  public let path: String
  let handle: OpaquePointer
  private var statements: [String: SQLiteStatement] = [:]
  private var savepoints = 0
  /// How long a writer waits for another, in milliseconds.
  private let busyMilliseconds: Int32

  /// The most statements kept prepared; past it the cache starts over.
  private static let cacheLimit = 128

  /// Opens (creating it when missing) the database at `path`, or an in-memory database for
  /// `":memory:"`, in WAL mode; a writer waits up to `busyTimeout` for another writer (not at all
  /// when it is zero or negative; at most 24.8 days, the longest SQLite can wait).
  ///
  /// Throws an ``SQLiteError`` when the file cannot be opened, or is not a database
  /// (``SQLiteError/isCorruption``).
  public convenience init(path: String, busyTimeout: Duration = .seconds(5)) throws {
    try self.init(path: path, busyTimeout: busyTimeout, writeAheadLog: true)
  }

  /// Opens the database at `path`, switching it to WAL mode when `writeAheadLog` says so (the store
  /// does that itself, once it knows the file is its own: a foreign file stays as it was).
  init(path: String, busyTimeout: Duration, writeAheadLog: Bool) throws {
    var opened: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let result = sqlite3_open_v2(path, &opened, flags, nil)
    guard result == SQLITE_OK, let handle = opened else {
      let error = SQLiteError(result: result, handle: opened, sql: nil)
      sqlite3_close_v2(opened)
      throw error
    }
    self.path = path
    self.handle = handle
    busyMilliseconds = Self.milliseconds(busyTimeout)
    // From here on, deinit closes the handle when a step fails.
    try Self.check(sqlite3_extended_result_codes(handle, 1), handle)
    try Self.check(sqlite3_busy_timeout(handle, busyMilliseconds), handle)
    // Settings of this connection only: none of them changes the file.
    try execute("PRAGMA synchronous = NORMAL; PRAGMA trusted_schema = OFF; PRAGMA temp_store = MEMORY")
    if writeAheadLog { try useWriteAheadLog() }
  }

  /// Switches the database to WAL mode, unless it is in WAL mode already (or in memory): the
  /// switch writes the file's header, and needs the file to itself.
  func useWriteAheadLog() throws {
    let mode: String? = try firstRow("PRAGMA journal_mode")?[0]
    guard mode != "wal", mode != "memory" else { return }
    try execute("PRAGMA journal_mode = WAL")
  }

  /// Copies the write-ahead log into the database file and truncates the log to zero bytes, without
  /// waiting for the readers of other connections (nor for their writer): false when one of them
  /// kept the checkpoint from finishing (what it could copy is copied; the log is left as it is).
  func checkpoint() throws -> Bool {
    do {
      // (busy, frames in the log, frames copied): busy is 1 when a reader or writer was in the way.
      let busy: Int? = try withoutWaiting { try firstRow("PRAGMA wal_checkpoint(TRUNCATE)")?[0] }
      return busy == 0
    } catch let error as SQLiteError where error.code == SQLITE_BUSY || error.code == SQLITE_LOCKED {
      return false
    }
  }

  /// Runs `body` without waiting for other connections: a lock another one holds fails at once
  /// with `SQLITE_BUSY`, instead of after the busy timeout.
  func withoutWaiting<Result>(_ body: () throws -> Result) throws -> Result {
    try Self.check(sqlite3_busy_timeout(handle, 0), handle)
    defer { sqlite3_busy_timeout(handle, busyMilliseconds) }
    return try body()
  }

  /// The size in bytes of the file's write-ahead log (`-wal`), 0 when there is none.
  var writeAheadLogSize: Int {
    // One stat(2) call (FileManager's attributes cost some 40 µs, a tenth of a page write).
    var info = stat()
    return stat(path + "-wal", &info) == 0 ? Int(info.st_size) : 0
  }

  /// A number that changes whenever the database changes, by a commit of this connection or of
  /// another (which this one sees from the start of its next transaction): equal twice, nothing
  /// changed in between. One call into SQLite, no statement (`SQLITE_FCNTL_DATA_VERSION`).
  var dataVersion: UInt32 {
    var version: UInt32 = 0
    // It fails only for a database name that is not attached: "main" always is.
    _ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_DATA_VERSION, &version)
    return version
  }

  /// `duration` in whole milliseconds, from 0 (negative durations) to `Int32.max` (about 24.8
  /// days, for anything longer).
  static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    return milliseconds >= Double(Int32.max) ? .max : Int32(max(0, milliseconds))
  }

  deinit {
    statements.removeAll()
    // close_v2 always returns SQLITE_OK: it closes once the last statement is finalized.
    sqlite3_close_v2(handle)
  }

  /// Deletes the database file at `path` with its WAL and shared-memory files: what to do with a
  /// file that ``SQLitePageStoreError/needsRebuild(_:)`` (or ``SQLiteError/isCorruption``) says is
  /// damaged, foreign or of another format, before opening it again. Close every connection to it
  /// first. A missing file is not an error.
  public static func removeDatabase(atPath path: String) throws {
    for file in [path, path + "-wal", path + "-shm", path + "-journal"]
    where FileManager.default.fileExists(atPath: file) {
      try FileManager.default.removeItem(atPath: file)
    }
  }

  /// Runs one or more statements separated by semicolons, with no parameters (a schema, pragmas).
  ///
  /// SQL holding a NUL byte is refused (SQLite would stop reading there and skip the rest).
  public func execute(_ sql: String) throws {
    guard !sql.utf8.contains(0) else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "the SQL holds a NUL byte", sql: sql)
    }
    try Self.check(sqlite3_exec(handle, sql, nil, nil, nil), handle, sql)
  }

  /// Runs one statement with `values` bound to its parameters (`?`, in order), and returns how many
  /// rows it inserted, updated or deleted.
  @discardableResult
  public func run(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int {
    try withStatement(sql, values) { statement in
      while try statement.step() {}
    }
    return Int(sqlite3_changes64(handle))
  }

  /// Runs a query with `values` bound, calling `body` with each row in turn.
  public func query(_ sql: String, _ values: [SQLiteValue] = [], _ body: (SQLiteRow) throws -> Void) throws {
    try query(sql, values) { row in
      try body(row)
      return true
    }
  }

  /// Runs a query with `values` bound, calling `body` with each row in turn while it returns true
  /// (the rows after the one it returns false for are not read).
  func query(_ sql: String, _ values: [SQLiteValue], while body: (SQLiteRow) throws -> Bool) throws {
    try withStatement(sql, values) { statement in
      while try statement.step(), try body(try statement.row()) {}
    }
  }

  /// Every row of a query with `values` bound.
  public func rows(_ sql: String, _ values: [SQLiteValue] = []) throws -> [SQLiteRow] {
    var rows: [SQLiteRow] = []
    try query(sql, values) { rows.append($0) }
    return rows
  }

  /// The first row of a query with `values` bound, or nil when it returns none.
  public func firstRow(_ sql: String, _ values: [SQLiteValue] = []) throws -> SQLiteRow? {
    try withStatement(sql, values) { statement in try statement.step() ? try statement.row() : nil }
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws (and the
  /// error rethrown). Inside another transaction, `body` runs in a savepoint of it instead, rolled
  /// back alone when it throws.
  @discardableResult
  public func transaction<Result>(_ kind: SQLiteTransactionKind = .deferred, _ body: () throws -> Result) throws
    -> Result
  {
    let savepoint = isInTransaction ? "pageflow_savepoint_\(savepoints)" : nil
    try run(savepoint.map { "SAVEPOINT \($0)" } ?? "BEGIN \(kind.rawValue)")
    savepoints += 1
    defer { savepoints -= 1 }
    do {
      let result = try body()
      try run(savepoint.map { "RELEASE \($0)" } ?? "COMMIT")
      return result
    } catch {
      rollBack(to: savepoint)
      throw error
    }
  }

  /// Undoes the transaction, or the savepoint, that failed. A rollback that fails too leaves the
  /// first error as the one reported (SQLite has then rolled the transaction back itself, or the
  /// next `BEGIN` will say that one is still open).
  private func rollBack(to savepoint: String?) {
    do {
      if let savepoint {
        try execute("ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
      } else if isInTransaction {
        try run("ROLLBACK")
      }
    } catch {
      return
    }
  }

  /// Whether a transaction is open.
  public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// The cached statement for `sql`, unbound, given to `body` to bind, step and read (for a loop
  /// over many rows, or over many runs of one statement, without a lookup of the SQL each time); reset,
  /// its bindings cleared, afterwards.
  func withPreparedStatement<Result>(_ sql: String, _ body: (SQLiteStatement) throws -> Result) throws -> Result {
    try withStatement(sql, nil, body)
  }

  /// The cached statement for `sql`, bound to `values` (left unbound for nil), given to `body` and
  /// reset afterwards.
  private func withStatement<Result>(
    _ sql: String, _ values: [SQLiteValue]?, _ body: (SQLiteStatement) throws -> Result
  ) throws -> Result {
    let statement = try statement(for: sql)
    statement.isInUse = true
    defer { statement.isInUse = false }
    let result: Result
    do {
      if let values { try statement.bind(values) }
      result = try body(statement)
    } catch {
      statement.resetAfterFailure()
      throw error
    }
    try statement.reset()
    return result
  }

  private func statement(for sql: String) throws -> SQLiteStatement {
    if let cached = statements[sql], !cached.isInUse { return cached }
    let isCached = statements[sql] == nil
    let statement = try SQLiteStatement(sql: sql, database: handle, persistent: isCached)
    if isCached {
      if statements.count >= Self.cacheLimit { statements = statements.filter { $0.value.isInUse } }
      statements[sql] = statement
    }
    return statement
  }

  private static func check(_ result: Int32, _ handle: OpaquePointer, _ sql: String? = nil) throws {
    guard result == SQLITE_OK else { throw SQLiteError(result: result, handle: handle, sql: sql) }
  }
}
