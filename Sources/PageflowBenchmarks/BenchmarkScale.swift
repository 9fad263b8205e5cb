/// How large the benchmarks run: the sizes of a measuring run, or tiny ones (`--quick`) that run
/// every benchmark and print every kind of row in a few seconds, even from a debug build (what the
/// tests run to check the output, not to measure).
struct BenchmarkScale: Sendable {
  /// The sizes of the list benchmarks (`append_page`, `select_next`, …).
  let listSizes: [Int]
  /// The window sizes a jump starts from.
  let jumpSizes: [Int]
  /// The limit of the evicting window, and the rows scrolled through it before it is measured.
  let evictionWindow: Int
  let evictionScrolled: Int
  /// The rows of the on-device store's table.
  let sqliteRows: Int
  /// Pages taken in per sample of a page benchmark.
  let pagesPerSample: Int
  /// Rounds over the whole run, and paired samples per round.
  let rounds: Int
  let samplesPerRound: Int
  /// What the counts of operations per sample are divided by (cheap operations timed many at once).
  let operationDivisor: Int
  /// How long each scroll of the simulation's table lasts, in seconds of virtual time.
  let scrollSeconds: Int
  /// The rows of the long scroll (whose reducer work is timed), and of a scroll that probes a speed.
  let longScrollRows: Int
  let probeRows: Int
  /// How close the stall onset's search gets, in rows per second.
  let onsetPrecision: Double
  /// The rows of the observation scroll.
  let observedRows: Int
  /// The rows of the list the flings from rest (`scroll_sim_fling`) fly over.
  let flingListRows: Int

  /// The sizes of a measuring run.
  static let full = BenchmarkScale(
    listSizes: [1_000, 10_000, 100_000, 1_000_000], jumpSizes: [1_000, 1_000_000], evictionWindow: 10_000,
    evictionScrolled: 1_000_000, sqliteRows: 1_000_000, pagesPerSample: 40, rounds: 3, samplesPerRound: 5,
    operationDivisor: 1, scrollSeconds: 600, longScrollRows: 1_000_000, probeRows: 20_000, onsetPrecision: 0.05,
    observedRows: 1_000, flingListRows: 1_000_000)

  /// Tiny sizes, one round of two samples: every row, no meaningful figure.
  static let quick = BenchmarkScale(
    listSizes: [100, 1_000], jumpSizes: [100, 1_000], evictionWindow: 500, evictionScrolled: 2_000,
    sqliteRows: 2_000, pagesPerSample: 4, rounds: 1, samplesPerRound: 2, operationDivisor: 100, scrollSeconds: 10,
    longScrollRows: 400, probeRows: 100, onsetPrecision: 5, observedRows: 100, flingListRows: 10_000)

  /// The scale of this run: ``quick`` with `--quick`.
  static let current = CommandLine.arguments.dropFirst().contains("--quick") ? quick : full

  /// `count` operations, divided by ``operationDivisor`` (at least 1).
  func operations(_ count: Int) -> Int {
    Swift.max(1, count / operationDivisor)
  }
}
