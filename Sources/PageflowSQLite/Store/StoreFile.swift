/// The store's objects in a database file, and the format they were written in: read without a
/// write lock to tell whether the file is the store's (then nothing is written), someone else's or
/// of another format (refused, and left untouched), or missing some (created, in one write
/// transaction).
///
/// The format of each record table is a row of `pageflow_formats`, a table shared by the stores of
/// one file (so that an app's own use of the file's `user_version` is left alone).
struct StoreFile {
  /// The format this version of the library writes and reads. A change to the tables, or to what
  /// their values mean, makes the next one.
  /// Format 1 kept the list's name in each row (and in each entry of the id index); format 2 keeps
  /// its number, from a table of the lists; format 3 tells when a range was last viewed by its id,
  /// the file's clock, shared by every store on it (format 2 kept a counter of each store's own in a
  /// column). A file of an older format is refused, to be rebuilt.
  static let format: Int64 = 3
  /// The table of formats: its name, and the SQL that creates it (which never changes).
  static let formatsTable = "pageflow_formats"
  static let formatsSQL =
    "CREATE TABLE \"pageflow_formats\" (\"table\" TEXT PRIMARY KEY, \"format\" INTEGER NOT NULL) STRICT"

  /// The size the write-ahead log is kept under while the store is open: SQLite copies it into the
  /// database file once it holds this much (`wal_autocheckpoint`, in 4 KiB pages) and truncates it
  /// to this size when it starts over (`journal_size_limit`); the store truncates it to nothing
  /// after a write that leaves it over four times this size (a large write, or readers that kept
  /// SQLite from starting over). Truncating it sooner would cost the writes that follow, which grow
  /// the file again (a third more per page written, measured).
  static let logLimit = 1 << 20

  let schema: StoreSchema
  let connection: SQLiteConnection

  /// Opens the store's file at `path`: checks it (reading only), then switches it to WAL mode and
  /// creates what is missing.
  static func open(_ schema: StoreSchema, path: String, busyTimeout: Duration) throws -> SQLiteConnection {
    let connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout, writeAheadLog: false)
    let file = StoreFile(schema: schema, connection: connection)
    let isComplete = try file.missingStatements().isEmpty
    try connection.useWriteAheadLog()
    try connection.execute("PRAGMA journal_size_limit = \(logLimit); PRAGMA wal_autocheckpoint = \(logLimit / 4_096)")
    if !isComplete {
      try connection.transaction(.immediate) {
        for sql in try file.missingStatements() { try connection.execute(sql) }
      }
    }
    return connection
  }

  /// The statements that would complete the store in the file (none when it is complete), read in
  /// one read transaction; throws ``SQLitePageStoreError/needsRebuild(_:)`` when the file holds a
  /// store of another format, or an object of one of the store's names with other SQL.
  func missingStatements() throws -> [String] {
    try connection.transaction {
      let objects = [(Self.formatsTable, Self.formatsSQL)] + schema.objects
      var found: [String: String] = [:]
      for (name, _) in objects {
        // SQLite's names are case-insensitive (in ASCII): "Notes" is taken when "notes" is.
        let row = try connection.firstRow(
          "SELECT \"sql\" FROM sqlite_schema WHERE \"name\" = ? COLLATE NOCASE", [.text(name)])
        if let row { found[name] = try row[0] as String? ?? "built in" }
      }
      var format: Int64?
      if found[Self.formatsTable] == Self.formatsSQL {
        format = try connection.firstRow(
          "SELECT \"format\" FROM \"pageflow_formats\" WHERE \"table\" = ?", [.text(schema.table.name)]
        ).map { try $0[0] }
        if let format, format != Self.format {
          throw SQLitePageStoreError.needsRebuild(.unsupportedFormat(found: format, supported: Self.format))
        }
      }
      var missing: [String] = []
      for (name, sql) in objects {
        guard let existing = found[name] else {
          missing.append(sql)
          continue
        }
        guard existing == sql else {
          throw SQLitePageStoreError.needsRebuild(.tableMismatch("\"\(name)\" is \(existing), expected \(sql)"))
        }
      }
      if format == nil {
        missing.append(
          "INSERT INTO \"pageflow_formats\" (\"table\", \"format\") VALUES (\(Self.literal(schema.table.name)), \(Self.format))"
        )
      }
      return missing
    }
  }

  /// `text` as an SQL string literal: in single quotes, inner quotes doubled.
  private static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}
