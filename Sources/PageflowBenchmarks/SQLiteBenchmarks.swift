import Foundation
import Pageflow
import PageflowSQLite

/// The on-device store over a table of 1,000,000 rows: keyset pages against LIMIT/OFFSET at
/// growing depths, a page read through the store against the same keyset query through the SQLite
/// C API (and the same over a second table of 1,000,000 rows sorted by a date, then the id), the
/// table's build against a C-API insert loop into the same schema, the bytes on disk
/// per row against the bytes of the rows' values, and a network page written with its range. The
/// databases live in a temporary folder, built once per run (their builds timed) and removed at
/// the end.
@MainActor
enum SQLiteBenchmarks {
  /// The figures this benchmark makes (for `--filter`).
  nonisolated static let names = [
    "sqlite_build_table", "sqlite_bytes_per_row", "sqlite_keyset_page", "sqlite_disk_page", datedDiskPage,
    "sqlite_write_page",
  ]
  /// The figure of a page from disk of the table sorted by `(created: Date, id: Int64)`.
  nonisolated static let datedDiskPage = "sqlite_disk_page_date_id"

  nonisolated static let rowCount = BenchmarkScale.current.sqliteRows
  nonisolated static let pageSize = BenchRow.pageSize
  /// The depths (rows before the page) measured, with their labels: the last page is labelled
  /// with the table's size.
  nonisolated static let depths: [(depth: Int, label: String)] =
    [0, rowCount / 100, rowCount / 10].map { ($0, Report.grouped($0)) } + [
      (rowCount - pageSize, Report.grouped(rowCount))
    ]

  /// The built database, kept across rounds.
  private static var fixture: Fixture?

  /// The database and what the measurements need from it.
  private final class Fixture {
    let folder: URL
    let store: SQLitePageStore<BenchRow>
    let connection: SQLiteConnection
    /// The same file through the C API alone.
    let floor: CAPIFloor<BenchRow>
    /// The table sorted by a date, in a file of its own, through the store and through the C API.
    let datedStore: SQLitePageStore<DatedBenchRow>
    let datedFloor: CAPIFloor<DatedBenchRow>
    /// How long building the table took, in nanoseconds: through the store, and through a C-API
    /// insert loop in one transaction into a second file of the same schema.
    let buildTime: Double
    let floorBuildTime: Double
    /// The bytes on disk per row after the build (the file and its log, over the rows), and the
    /// bytes of the rows' values as the store counts them (`SQLitePageStoreStatus.bytes`).
    let diskBytesPerRow: Double
    let payloadBytesPerRow: Double
    /// The key just before each depth (a key below every row for depth 0).
    let keys: [BenchRow.Key]
    /// The next page the write benchmark writes, into its own list.
    var nextWrite = 0

    init() throws {
      folder = FileManager.default.temporaryDirectory.appending(path: "pageflow-bench-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let path = folder.appending(path: "bench.sqlite").path
      store = try SQLitePageStore<BenchRow>(path: path)
      let rows = (0..<rowCount).map(BenchRow.init)
      let clock = ContinuousClock()
      var start = clock.now
      try store.write(rows, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "bench")
      buildTime = Measurement.nanoseconds(clock.now - start)
      try store.checkpoint()
      let status = try store.status()
      diskBytesPerRow = Double(Self.fileSize(path) + Self.fileSize(path + "-wal")) / Double(status.rows)
      payloadBytesPerRow = Double(status.bytes) / Double(status.rows)
      // The floor's build: the same schema (a store creates it, then is closed), the same rows.
      let floorPath = folder.appending(path: "floor.sqlite").path
      _ = try SQLitePageStore<BenchRow>(path: floorPath)
      let floorBuild = try CAPIFloor<BenchRow>(path: floorPath)
      start = clock.now
      try floorBuild.insert(rows, in: "bench")
      floorBuildTime = Measurement.nanoseconds(clock.now - start)
      connection = try SQLiteConnection(path: path)
      floor = try CAPIFloor(path: path)
      let datedPath = folder.appending(path: "dated.sqlite").path
      datedStore = try SQLitePageStore<DatedBenchRow>(path: datedPath)
      try datedStore.write(
        (0..<rowCount).map(DatedBenchRow.init), at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "bench")
      try datedStore.checkpoint()
      datedFloor = try CAPIFloor(path: datedPath)
      keys = depths.map { $0.depth == 0 ? BenchRow.Key(0, -1) : rows[$0.depth - 1].key }
    }

    deinit {
      try? FileManager.default.removeItem(at: folder)
    }

    /// The size of the file at `path`, 0 when there is none.
    private static func fileSize(_ path: String) -> Int {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
  }

  /// Every figure, measured with `samples` samples; the table is built on the first call, and its
  /// build's figures (measured once) are those of that call.
  static func run(samples: Int) throws -> [BenchmarkResult] {
    if let fixture { return try pages(fixture, samples: samples) }
    let fixture = try Fixture()
    Self.fixture = fixture
    let build = [
      BenchmarkResult(
        name: "sqlite_build_table", size: rowCount,
        Measurement.Paired(pageflow: [fixture.buildTime], floor: [fixture.floorBuildTime]), naive: nil,
        sizeLabel: Report.grouped(rowCount)),
      BenchmarkResult(
        name: "sqlite_bytes_per_row", size: rowCount,
        Measurement.Paired(pageflow: [fixture.diskBytesPerRow], floor: [fixture.payloadBytesPerRow]), naive: nil,
        sizeLabel: Report.grouped(rowCount), unit: .bytes),
    ]
    return build + (try pages(fixture, samples: samples))
  }

  /// The figures measured on the built table: keyset pages, a page from disk, a page written.
  private static func pages(_ fixture: Fixture, samples: Int) throws -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    for (index, (depth, label)) in depths.enumerated() {
      results.append(try keysetPage(fixture, key: fixture.keys[index], depth: depth, label: label, samples: samples))
    }
    let middle = rowCount / 2
    results.append(
      try diskPage(
        "sqlite_disk_page", fixture.store, fixture.floor, after: BenchRow(middle - 1).key, depth: middle,
        label: Report.grouped(middle), samples: samples))
    let dated = [(0, "0"), (middle, Report.grouped(middle)), (rowCount - pageSize, Report.grouped(rowCount))]
    for (depth, label) in dated {
      results.append(
        try diskPage(
          datedDiskPage, fixture.datedStore, fixture.datedFloor, after: DatedBenchRow(depth - 1).key, depth: depth,
          label: label, samples: samples))
    }
    results.append(try writePage(fixture, samples: samples))
    return results
  }

  /// Removes the database.
  static func tearDown() {
    fixture = nil
  }

  /// `sqlite_keyset_page`: the 50 rows after `key`, by a row-value comparison, against LIMIT/OFFSET
  /// at the same depth (naive); both read every column of every row.
  private static func keysetPage(
    _ fixture: Fixture, key: BenchRow.Key, depth: Int, label: String, samples: Int
  ) throws -> BenchmarkResult {
    let columns =
      "SELECT id, created, text FROM bench_rows "
      + "WHERE pageflow_list = (SELECT id FROM bench_rows_pageflow_lists WHERE name = 'bench')"
    let keyset = "\(columns) AND (created, id) > (?, ?) ORDER BY created, id LIMIT \(pageSize)"
    let offset = "\(columns) ORDER BY created, id LIMIT \(pageSize) OFFSET ?"
    let keysetFigure = try measure(samples: samples, operations: BenchmarkScale.current.operations(200)) {
      try fixture.connection.rows(keyset, key.sortValues).count
    }
    let offsetFigure = try measure(
      samples: samples, operations: min(BenchmarkScale.current.operations(200), max(2, 1_500_000 / max(depth, 1)))
    ) {
      try fixture.connection.rows(offset, [.integer(Int64(depth))]).count
    }
    return BenchmarkResult(
      name: "sqlite_keyset_page", size: depth, pageflow: keysetFigure, naive: offsetFigure, floor: nil, sizeLabel: label
    )
  }

  /// `sqlite_disk_page`: a page of 50 after `key` through the store (the range looked up, the
  /// keyset query, the records decoded, the cursor read and the page's cursors made), against the
  /// floor of the same keyset query through the SQLite C API alone: prepared once, bound, stepped,
  /// its columns decoded into the same records, in paired rounds.
  private static func diskPage<Row: CAPIFloorRow>(
    _ name: String, _ store: SQLitePageStore<Row>, _ floor: CAPIFloor<Row>, after key: Row.Key, depth: Int,
    label: String, samples: Int
  ) throws -> BenchmarkResult {
    let cursor = try PaginationCursor(key: key)
    let paired = try pairedMeasure(samples: samples, operations: BenchmarkScale.current.operations(200)) {
      try store.page(at: .after(cursor), limit: pageSize, in: "bench")?.records.count ?? 0
    } floor: {
      floor.page(after: key, limit: pageSize, in: "bench").count
    }
    return BenchmarkResult(name: name, size: depth, paired, naive: nil, sizeLabel: label)
  }

  /// `sqlite_write_page`: a network page of 50 new rows written through the store (checked,
  /// its stretch cleared, upserted, its range merged, one transaction), against the floor of
  /// inserting the same rows in one transaction, without the rest, in paired rounds.
  private static func writePage(_ fixture: Fixture, samples: Int) throws -> BenchmarkResult {
    func nextPage() -> (cursor: PaginationCursor?, rows: [BenchRow]) {
      defer { fixture.nextWrite += 1 }
      let first = rowCount + fixture.nextWrite * pageSize
      let cursor = fixture.nextWrite == 0 ? nil : try? PaginationCursor(key: BenchRow(first - 1).key)
      return (cursor, (first..<(first + pageSize)).map(BenchRow.init))
    }
    // The floor's rows go into a list of their own, numbered as the store numbers its lists.
    try fixture.connection.run("INSERT INTO bench_rows_pageflow_lists (name) VALUES ('floor') ON CONFLICT DO NOTHING")
    let list: Int64 =
      try fixture.connection.firstRow("SELECT id FROM bench_rows_pageflow_lists WHERE name = 'floor'")
      .map { try $0[0] } ?? 0
    let insert = "INSERT INTO bench_rows (pageflow_list, id, created, text) VALUES (?, ?, ?, ?)"
    // Each sample starts from an empty log, so that neither pays for checkpointing the other's rows.
    let paired = try pairedMeasure(
      samples: samples, operations: BenchmarkScale.current.operations(20), before: { try fixture.store.checkpoint() }
    ) {
      let page = nextPage()
      try fixture.store.write(
        page.rows, at: page.cursor.map { .after($0) } ?? .first, hasMoreBefore: page.cursor != nil,
        hasMoreAfter: true, in: "network")
      return page.rows.count
    } floor: {
      let rows = nextPage().rows
      try fixture.connection.transaction(.immediate) {
        for row in rows { try fixture.connection.run(insert, [.integer(list)] + row.columnValues) }
      }
      return rows.count
    }
    return BenchmarkResult(name: "sqlite_write_page", size: 0, paired, naive: nil)
  }

  /// `pageflow` and `floor` measured in `samples` paired rounds (``Measurement/paired(samples:pageflow:floor:)``),
  /// each sample the mean time of `operations` runs, after `before` (not timed); the first error
  /// thrown ends it.
  private static func pairedMeasure(
    samples: Int, operations: Int, before: @escaping () throws -> Void = {},
    _ pageflow: @escaping () throws -> Int, floor: @escaping () throws -> Int
  ) throws -> Measurement.Paired {
    var failure: (any Error)?
    func sampler(_ operation: @escaping () throws -> Int) -> () -> Double {
      {
        guard failure == nil else { return .nan }
        do {
          try before()
          return try measure(samples: 1, operations: operations, operation)
        } catch {
          failure = error
          return .nan
        }
      }
    }
    let paired = Measurement.paired(samples: samples, pageflow: sampler(pageflow), floor: sampler(floor))
    if let failure { throw failure }
    return paired
  }

  /// The best, over `samples` samples, of the mean time of `operations` runs of `operation`.
  private static func measure(samples: Int, operations: Int, _ operation: () throws -> Int) throws -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<samples {
      var count = 0
      let elapsed = try clock.measure {
        for _ in 0..<operations { count += try operation() }
      }
      blackHole(count)
      best = min(best, Measurement.nanoseconds(elapsed) / Double(operations))
    }
    return best
  }
}
