import PageflowSQLite

/// A database file of its own in a temporary folder, opened, with `schema` run on it; deleted with
/// the folder when released.
struct ScratchDatabase {
  let folder: TemporaryFolder
  let connection: SQLiteConnection

  init(_ schema: String? = nil) throws {
    folder = try TemporaryFolder()
    connection = try SQLiteConnection(path: folder.path())
    if let schema { try connection.execute(schema) }
  }
}
