import Pageflow

/// Pages of a list kept on device in SQLite: keyset pages read from the stretches known to be
/// complete, and network pages written with the stretch they cover, for one record type and any
/// number of lists (a channel, a filter such as "mentions": each a list of its own).
///
/// ```swift
/// let store = try SQLitePageStore<Message>(path: path, order: .descending, rowLimit: 10_000)
/// if let stored = try store.page(at: request.position, limit: 50, in: "general") {
///   return stored.page  // from disk; stored.isComplete says whether a gap cut it short
/// }
/// let page = try await network.page(request)  // from the network…
/// try store.write(page, at: request.position, in: "general")  // …kept for next time
/// ```
///
/// The store creates the record's table (`STRICT`, `WITHOUT ROWID`, unique by list and id), whose
/// primary key is the list and the sort key (so each page is one range of one b-tree holding every
/// column, whatever its depth), a table numbering the lists (each row holds its list's number, a
/// byte or two, not its name), a table of the known ranges of each list, and a table of the number
/// of rows of each list (kept by triggers, so that no `COUNT(*)` runs per page).
///
/// **Concurrency.** The store is a `Sendable` final class whose connection lives behind a
/// lock: each call runs synchronously, in one transaction, under the lock, and returns — tens of
/// microseconds for a page read, so any thread or task may call it without an `await` or an actor
/// hop, and two calls never use the connection at once (SQLite's rule for a connection). An actor
/// would add a suspension point to every page without making anything safer. Stores on other
/// connections to the same file (another process, another store) read while one writes: WAL gives
/// each read transaction a snapshot, so a reader sees a write whole or not at all. They share one
/// notion of "least recently viewed": the clock of views is the file's, so a store drops what every
/// store on the file wrote and read least recently, not only what it did itself.
public final class SQLitePageStore<Record: SQLiteRecord>: Sendable {
  /// The list order: ascending or descending by the sort key.
  public let order: SQLiteSortOrder
  /// The most rows the store keeps (all lists together), or nil for no limit; a negative limit
  /// counts as 0.
  ///
  /// Each write ends by bringing the store under its limits: it drops whole ranges, least recently
  /// viewed first (written or read, through any store on the file), from any list (a list left
  /// with no range and no row is forgotten), and when the range just written is the last one left
  /// and still over, gives up rows at its ends, never inside the stretch just written. After a
  /// write that covers a stretch, the store holds at most the larger of the limit and the rows of
  /// the page just written (a page larger than the limit is kept whole), whatever its position.
  public var rowLimit: Int? { limits.rows }
  /// The most bytes the store's rows hold (all lists together), or nil for no limit; a negative
  /// limit counts as 0. It holds as ``rowLimit`` does, for the same writes.
  ///
  /// The bytes counted are those of the values stored, as they are given to SQLite: 8 for an
  /// integer or a real, the UTF-8 length of a text (and of the list's name, counted with each row),
  /// the length of a blob, nothing for NULL. They are exact, kept by triggers like the row counts
  /// (``SQLitePageStoreStatus/bytes``). The file is larger: SQLite adds a few bytes of header per
  /// row and value, leaves pages part empty (a file is typically 1.2 to 2 times these bytes, plus
  /// the known ranges), and keeps the space of deleted rows for later rows rather than shrinking.
  public var byteLimit: Int? { limits.bytes }
  private let limits: StoreLimits
  private let schema: StoreSchema
  private let rangeTable: RangeTable
  private let session: Lock<Session>

  /// The connection, and the views of reads not stored yet.
  private struct Session {
    let connection: SQLiteConnection
    /// The ids of the ranges read whose views are not stored yet, each once, in the order of their
    /// last view: a read stores its view at once unless another connection is writing, and then it
    /// waits here for the next read or write.
    var views: [Int64] = []
    /// The range the file said was viewed last, and the file's `dataVersion` then: while the file
    /// is unchanged, a read of that range needs no query to know it.
    var newest: (range: Int64, version: UInt32)?

    /// Whether a view of the range `id`, read in the current transaction, is as good as stored: the
    /// file says that range was viewed last, and no other view waits.
    mutating func isStored(viewOf id: Int64, in ranges: RangeTable) throws -> Bool {
      guard views.isEmpty else { return false }
      let version = connection.dataVersion
      if let newest, newest.range == id, newest.version == version { return true }
      guard try ranges.isNewest(id, in: connection) else { return false }
      newest = (id, version)
      return true
    }

    /// Stores the view of the range `id` after the views waiting, each after every view the file
    /// holds, in a write transaction that does not wait for another connection's: when one is
    /// writing (or the file cannot be written), they wait for the next read or write, and the read
    /// goes on.
    mutating func store(viewOf id: Int64, in ranges: RangeTable) {
      views.removeAll { $0 == id }
      views.append(id)
      do {
        let marked = try connection.withoutWaiting {
          try connection.transaction(.immediate) { try ranges.markViewed(views, in: connection) }
        }
        views = []
        newest = marked.map { ($0, connection.dataVersion) }
      } catch {
        return  // kept for the next read or write
      }
    }
  }

  /// Opens (or creates) the store of `Record`s in the database at `path` (`":memory:"` for one in
  /// memory), with lists in `order`, keeping at most `rowLimit` rows of at most `byteLimit` bytes
  /// (``rowLimit``, ``byteLimit``).
  ///
  /// Opening a file that holds the store already only reads it: it takes no write lock (it opens
  /// while another connection writes) and changes nothing. A new file is switched to WAL mode and
  /// given the store's tables, in one write transaction.
  ///
  /// Throws ``SQLitePageStoreError/needsRebuild(_:)`` when the file cannot serve as the store (it
  /// is damaged, not a database, of a newer SQLite file format, holds a table of one of the store's
  /// names that is not the record's, or a store of another format): a refused file is left as it
  /// was, byte for byte. Remove it with ``SQLiteConnection/removeDatabase(atPath:)`` and open the
  /// store again. Throws ``SQLitePageStoreError/invalidTable(_:)`` when the record's table
  /// description is unusable, and an ``SQLiteError`` when the file cannot be opened (a missing
  /// folder).
  public init(
    path: String, order: SQLiteSortOrder = .ascending, rowLimit: Int? = nil, byteLimit: Int? = nil,
    busyTimeout: Duration = .seconds(5)
  ) throws {
    let schema = try StoreSchema(Record.table)
    let ranges = RangeTable(schema: schema)
    let connection = try SQLitePageStoreError.rebuildable {
      try StoreFile.open(schema, path: path, busyTimeout: busyTimeout)
    }
    self.order = order
    self.limits = StoreLimits(rows: rowLimit, bytes: byteLimit)
    self.schema = schema
    self.rangeTable = ranges
    self.session = Lock(Session(connection: connection))
  }

  /// The page at `position` in `list`, of at most `limit` records (1 to 2³¹ − 1), read from disk;
  /// nil when the disk does not know it, and the network must answer.
  ///
  /// The page comes from the one known range that holds its start (the list's start for `.first`,
  /// just after the cursor's key for `.after`, the key itself for `.around`, …), and ends at
  /// `limit` records or at that range's edge: the list's end (then its cursor that way is nil), or a
  /// gap (then ``StoredPage/isComplete`` is false, and the cursor that way is where the network
  /// takes over). `.around(k)` reads half the page before `k` and half from `k` on.
  ///
  /// Cursors are `PaginationCursor(key:)` of a `Record.Key`; another throws
  /// `PaginationError.invalidCursor`.
  ///
  /// The range read is marked viewed in the file, for the limits of every store on it: a read of the
  /// range viewed last (paging through it) stores nothing; another stores its view in a short write
  /// transaction of its own, which does not wait for another connection's write (the view is then
  /// stored by the next read or write of this store).
  public func page(at position: PageRequest.Position, limit: Int, in list: String) throws -> StoredPage<Record>? {
    let anchor = try position.cursor.map { try CursorText.sortValues(of: $0, as: Record.Key.self, schema: schema) }
    return try withSession { session in
      let connection = session.connection
      let reader = PageReader<Record>(schema: schema, ranges: rangeTable, order: order, connection: connection)
      let read = try connection.transaction { () -> (page: StoredPage<Record>, range: Int64, isStored: Bool)? in
        let limit = min(max(1, limit), Int(Int32.max))
        guard let (page, range) = try reader.page(at: position, anchor: anchor, limit: limit, in: list) else {
          return nil
        }
        return (page, range, try session.isStored(viewOf: range, in: rangeTable))
      }
      guard let read else { return nil }
      // Most reads page through the range viewed last, and store nothing.
      if !read.isStored { session.store(viewOf: read.range, in: rangeTable) }
      return read.page
    }
  }

  /// Writes what the network answered for a request at `position` in `list`: `records` in list
  /// order, and whether the network said there is more before them and after them (whether its
  /// page had a `previous` and a `next` cursor). One transaction:
  ///
  /// 1. the records are checked: in the list's order, each id once, on the right side of the
  ///    request's cursor, each value of its column's type (``SQLiteColumn/ColumnType``), NULL only
  ///    where the column may hold it, no NaN, no infinite sort value — or nothing is stored and
  ///    ``SQLitePageStoreError/rejectedPage(_:)`` thrown naming the record and the column;
  /// 2. the rows held in the stretch the page covers are replaced by the records (a row that is no
  ///    longer there was deleted on the server; a record held elsewhere under its id moves);
  /// 3. the stretch is merged into the list's known ranges;
  /// 4. past ``rowLimit`` or ``byteLimit``, the least recently viewed ranges are dropped, then rows
  ///    at the ends of the range just written, outside the page.
  ///
  /// The stretch covered runs from the first record to the last, reaching the cursor of an
  /// `.after` or `.before` request, and the list's start or end where there is nothing more.
  public func write(
    _ records: [Record], at position: PageRequest.Position, hasMoreBefore: Bool, hasMoreAfter: Bool,
    in list: String
  ) throws {
    let anchor = try position.cursor.map { try CursorText.sortValues(of: $0, as: Record.Key.self, schema: schema) }
    let page = try NetworkPage(
      records, at: position, anchor: anchor, hasMoreBefore: hasMoreBefore, hasMoreAfter: hasMoreAfter,
      schema: schema, order: order)
    try withSession { session in
      let writer = PageWriter(schema: schema, ranges: rangeTable, connection: session.connection)
      let views = session.views
      try session.connection.transaction(.immediate) {
        try writer.write(page, in: list, views: views, limits: limits)
      }
      session.views = []
      // The page is committed whatever the checkpoint does; one that fails is tried again after
      // the next write.
      if session.connection.writeAheadLogSize > 4 * StoreFile.logLimit { _ = try? session.connection.checkpoint() }
    }
  }

  /// Copies the write-ahead log into the database file and truncates the log (the `-wal` file) to
  /// zero bytes, without waiting for readers on other connections; false when a reader kept it
  /// from finishing (the store tries again after a later write).
  ///
  /// The store keeps its log small on its own (about 1 MiB, and emptied after a write that leaves
  /// it over 4 MiB); call this to leave the least behind, before the app is suspended for instance.
  @discardableResult
  public func checkpoint() throws -> Bool {
    try withSession { session in try session.connection.checkpoint() }
  }

  /// Writes a network `page` answering a request at `position` in `list`: its elements, with more
  /// before them where it has a `previous` cursor and more after where it has a `next` one.
  public func write(_ page: Page<Record>, at position: PageRequest.Position, in list: String) throws {
    try write(
      page.elements, at: position, hasMoreBefore: page.previous != nil, hasMoreAfter: page.next != nil, in: list)
  }

  /// The sort key of the row of `list` whose id is `id`, or nil when the store does not hold it:
  /// for a request around an element known by its id
  /// (`.around(try PaginationCursor(key: key))`).
  public func key(ofID id: some SQLiteValueConvertible, in list: String) throws -> Record.Key? {
    let idColumn = StoreSchema.quote(schema.sortColumns[schema.sortColumns.count - 1])
    let row = try withSession { session in
      try session.connection.firstRow(
        "SELECT \(schema.sortList)\(schema.fromList) AND \(idColumn) = ?", [.text(list), id.sqliteValue])
    }
    return try row.map { try Record.Key(row: $0) }
  }

  /// The sort key of the row of `list` whose id, written as text, is `text` (an `.around` anchor as
  /// `PaginationFeature` names an element: the id's description), or nil when the store holds none.
  /// The text is read as a value of the id column's type: an integer, a real, or text (for an ANY
  /// column, an integer when it reads as one, else text).
  func key(ofIDText text: String, in list: String) throws -> Record.Key? {
    let id: SQLiteValue
    switch schema.table.columns[schema.sortOffsets[schema.sortOffsets.count - 1]].type {
    case .integer: guard let integer = Int64(text) else { return nil }; id = .integer(integer)
    case .real: guard let real = Double(text), real.isFinite else { return nil }; id = .real(real)
    case .text: id = .text(text)
    case .blob: return nil
    case .any: id = Int64(text).map(SQLiteValue.integer) ?? .text(text)
    }
    return try key(ofID: id, in: list)
  }

  /// The sort key of `record`.
  public func key(of record: Record) throws -> Record.Key {
    try schema.key(schema.sortValues(of: record.columnValues))
  }

  /// The known ranges of `list`, in key order: the stretches it holds completely. The gaps are
  /// between them (`KnownRanges(store.ranges(in: list)).gaps`).
  public func ranges(in list: String) throws -> [KeyRange<Record.Key>] {
    let entries = try withSession { session in
      try rangeTable.ranges(of: list, in: session.connection).map(\.range)
    }
    return try KnownRanges(entries).ranges.map { range in try range.map { try schema.key($0) } }
  }

  /// How many rows and ranges `list` holds, or every list together when `list` is nil.
  public func status(of list: String? = nil) throws -> SQLitePageStoreStatus {
    try withSession { session in
      let connection = session.connection
      let table = rangeTable
      return try connection.transaction {
        SQLitePageStoreStatus(
          rows: try table.rowCount(of: list, in: connection), ranges: try table.count(of: list, in: connection),
          bytes: try table.byteCount(of: list, in: connection))
      }
    }
  }

  /// Runs `body` with the session, under the lock; an SQLite error that says the file is damaged
  /// becomes ``SQLitePageStoreError/needsRebuild(_:)``.
  private func withSession<Result>(
    _ body: (inout sending Session) throws -> sending Result
  ) throws -> sending Result {
    try SQLitePageStoreError.rebuildable { try session.withLock(body) }
  }
}
