/// Flings from rest in the scroll simulation: of 100, 1,000 and 5,000 rows, each in a second, over
/// a list of a million rows (``BenchmarkScale/flingListRows``), with the policy told where each
/// fling lands beside the Paging 3-like and adaptive policies, which are not.
enum FlingBenchmarks {
  /// The figures this benchmark makes (for `--filter`).
  static let names = ["scroll_sim_fling"]

  /// The rows of each fling.
  static let flings = [100, 1_000, 5_000]

  /// The policies compared: two not told of landings, then the one told.
  static let policies = [ScrollPolicy.paging3Like(pageSize: 20), .adaptive, .fling]

  /// The fling of `rows` rows from rest: 300 ms, 20-row pages.
  static func scenario(rows: Int) -> ScrollScenario {
    .fling(rows: rows, latencyMilliseconds: 300, pageSize: 20, listSize: BenchmarkScale.current.flingListRows)
  }

  /// Every fling with every policy.
  static func run() -> FlingReport {
    FlingReport(
      outcomes: flings.flatMap { rows in
        policies.compactMap { FlingOutcome(ScrollSimulation.run(scenario(rows: rows), $0)) }
      })
  }
}
