import CSQLite

/// The SQLite C API with nothing around it, the floor of the store's figures: a connection of its
/// own to a store's file (the same schema), the store's keyset query prepared once, bound, stepped
/// and its columns decoded into the store's records (`BenchRow`s, `DatedBenchRow`s); and the same
/// rows inserted in one transaction by a prepared-statement loop (the list numbered first, as the
/// store numbers it).
///
/// Text is bound with `SQLITE_TRANSIENT` inside `withCString`'s closure: SQLite copies it there,
/// and no pointer outlives the closure.
final class CAPIFloor<Row: CAPIFloorRow> {
  /// The store's keyset query of a page after a key, as `SQLitePageStore.page(at: .after(…))`
  /// runs it in a range open at both ends (the store binds one row more than the page, to learn
  /// whether the range goes on; the floor binds the page's length).
  static var pageQuery: String {
    #"SELECT "id", "created", "text" FROM "\#(Row.table.name)" WHERE "pageflow_list" = "#
      + #"(SELECT "id" FROM "\#(Row.table.name)_pageflow_lists" WHERE "name" = ?) AND ("created", "id") > (?, ?) "#
      + #"ORDER BY "created", "id" LIMIT ?"#
  }
  /// A row of a list (its number), every column, as the store writes it (the store's own statement
  /// is an upsert).
  static var insert: String {
    #"INSERT INTO "\#(Row.table.name)" ("pageflow_list", "id", "created", "text") VALUES (?, ?, ?, ?)"#
  }
  /// The list, numbered as the store numbers it.
  static var insertList: String {
    #"INSERT INTO "\#(Row.table.name)_pageflow_lists" ("name") VALUES (?) RETURNING "id""#
  }

  private let handle: OpaquePointer
  private let page: OpaquePointer

  /// Opens the file at `path`, which holds the store's tables, with the store's settings.
  init(path: String) throws {
    var opened: OpaquePointer?
    guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
      let handle = opened
    else {
      sqlite3_close_v2(opened)
      throw CAPIFloorError("cannot open \(path)")
    }
    self.handle = handle
    var prepared: OpaquePointer?
    guard
      sqlite3_prepare_v3(handle, Self.pageQuery, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil) == SQLITE_OK,
      let page = prepared
    else {
      sqlite3_close_v2(handle)
      throw CAPIFloorError("cannot prepare the page query")
    }
    self.page = page
    try execute(
      "PRAGMA synchronous = NORMAL; PRAGMA trusted_schema = OFF; PRAGMA temp_store = MEMORY; "
        + "PRAGMA journal_mode = WAL; PRAGMA journal_size_limit = 1048576; PRAGMA wal_autocheckpoint = 256")
  }

  deinit {
    sqlite3_finalize(page)
    sqlite3_close_v2(handle)
  }

  /// The `limit` rows of `list` after `key`, decoded.
  func page(after key: Row.Key, limit: Int, in list: String) -> [Row] {
    var rows: [Row] = []
    rows.reserveCapacity(limit)
    _ = list.withCString { sqlite3_bind_text(page, 1, $0, -1, csqlite_transient()) }
    Row.bind(key, to: page)
    sqlite3_bind_int64(page, 4, Int64(limit))
    while sqlite3_step(page) == SQLITE_ROW {
      rows.append(Row(columnsOf: page))
    }
    sqlite3_reset(page)
    return rows
  }

  /// Inserts `rows` into `list` in one transaction, one prepared statement for all.
  func insert(_ rows: [BenchRow], in list: String) throws where Row == BenchRow {
    var prepared: OpaquePointer?
    guard sqlite3_prepare_v3(handle, Self.insert, -1, 0, &prepared, nil) == SQLITE_OK, let insert = prepared else {
      throw CAPIFloorError("cannot prepare the insert")
    }
    defer { sqlite3_finalize(insert) }
    try execute("BEGIN IMMEDIATE")
    var preparedList: OpaquePointer?
    guard sqlite3_prepare_v3(handle, Self.insertList, -1, 0, &preparedList, nil) == SQLITE_OK,
      let insertList = preparedList
    else { throw CAPIFloorError("cannot prepare the list's insert") }
    defer { sqlite3_finalize(insertList) }
    _ = list.withCString { sqlite3_bind_text(insertList, 1, $0, -1, csqlite_transient()) }
    guard sqlite3_step(insertList) == SQLITE_ROW else { throw CAPIFloorError("cannot number the list") }
    sqlite3_bind_int64(insert, 1, sqlite3_column_int64(insertList, 0))
    sqlite3_reset(insertList)
    for row in rows {
      sqlite3_bind_int64(insert, 2, Int64(row.id))
      sqlite3_bind_int64(insert, 3, Int64(row.created))
      _ = row.text.withCString { sqlite3_bind_text(insert, 4, $0, -1, csqlite_transient()) }
      guard sqlite3_step(insert) == SQLITE_DONE else {
        try? execute("ROLLBACK")
        throw CAPIFloorError("insert failed: \(String(cString: sqlite3_errmsg(handle)))")
      }
      sqlite3_reset(insert)
    }
    try execute("COMMIT")
  }

  private func execute(_ sql: String) throws {
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw CAPIFloorError("\(sql): \(String(cString: sqlite3_errmsg(handle)))")
    }
  }
}
