/// Flings from rest in the scroll simulation: of 100, 1,000 and 5,000 rows, each in a second, over
/// a list of a million rows (``BenchmarkScale/flingListRows``), with the policy told where each
/// fling lands (its app counting rows, or finding the landing in points as a SwiftUI list does)
/// beside the Paging 3-like and adaptive policies, which are not; and the slow scroll of the
/// scroll table (20 rows/s) with the policy told of landings, both ways.
enum FlingBenchmarks {
  /// The figures this benchmark makes (for `--filter`).
  static let names = ["scroll_sim_fling"]

  /// The rows of each fling.
  static let flings = [100, 1_000, 5_000]

  /// The policies compared: two not told of landings, then the one told, its app counting rows and
  /// finding the landing in points.
  static let policies = [ScrollPolicy.paging3Like(pageSize: 20), .adaptive, .fling, .flingInPoints]

  /// The policies told of landings, over the slow scroll.
  static let landingPolicies = policies.filter(\.reportsLandings)

  /// The slow scroll: the scroll table's first (20 rows/s, 300 ms, 20-row pages, ten minutes).
  static var slowScroll: ScrollScenario { ScrollBenchmarks.scenarios[0] }

  /// The fling of `rows` rows from rest: 300 ms, 20-row pages.
  static func scenario(rows: Int) -> ScrollScenario {
    .fling(rows: rows, latencyMilliseconds: 300, pageSize: 20, listSize: BenchmarkScale.current.flingListRows)
  }

  /// Every fling with every policy, and the slow scroll with those told of landings.
  static func run() -> FlingReport {
    FlingReport(
      outcomes: flings.flatMap { rows in
        policies.compactMap { FlingOutcome(ScrollSimulation.run(scenario(rows: rows), $0)) }
      },
      slow: landingPolicies.map { policy in
        var outcome = ScrollSimulation.run(slowScroll, policy)
        outcome.name = "scroll_sim_fling_slow"
        return outcome
      })
  }
}
