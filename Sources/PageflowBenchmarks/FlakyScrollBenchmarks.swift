import Pageflow

/// The scroll simulation over a network that fails: the retry policies side by side (by hand,
/// Pageflow's default, TanStack Query's settings) on the first scroll of the table, with no
/// failures, 5% and 20% of answers failing, and a 10-second outage in the middle.
enum FlakyScrollBenchmarks {
  /// The figures this benchmark makes (for `--filter`).
  static let names = ["scroll_sim_flaky"]

  /// The scroll: 20 rows/s, 300 ms, 20-row pages, ten minutes.
  static let scroll = ScrollScenario(
    speed: 20, latencyMilliseconds: 300, pageSize: 20, seconds: BenchmarkScale.current.scrollSeconds)

  /// The networks: reliable (the baseline), 5% and 20% of answers failing, and an outage of ten
  /// seconds from the middle of the scroll.
  static let networks = [
    ScrollNetwork.reliable,
    ScrollNetwork(failureRate: 0.05),
    ScrollNetwork(failureRate: 0.2),
    ScrollNetwork(outage: (scroll.duration / 2)..<(scroll.duration / 2 + 10_000_000_000)),
  ]

  /// Every policy over every network.
  static func run() -> FlakyScrollReport {
    FlakyScrollReport(
      outcomes: networks.flatMap { network in
        ScrollPolicy.flaky.map { policy in
          var outcome = ScrollSimulation.run(scroll.over(network), policy)
          outcome.isFlaky = true
          return outcome
        }
      })
  }
}
