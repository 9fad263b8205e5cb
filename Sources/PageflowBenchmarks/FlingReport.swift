/// The flings from rest: a table with its targets checked, or JSON lines.
struct FlingReport {
  /// Each fling with each policy.
  let outcomes: [FlingOutcome]

  /// The JSON rows: each fling.
  var jsonRows: [FlingOutcome] { outcomes }

  /// The table, the targets, and what the columns mean.
  var table: String {
    let scenario = FlingBenchmarks.scenario(rows: FlingBenchmarks.flings[0])
    var lines = [
      "scroll_sim_fling: a fling from rest, its rows in a second, over a list of \(thousands(scenario.listSize)) rows "
        + "(\(scenario.latencyMilliseconds) ms, \(scenario.pageSize)-row pages, viewport \(scenario.viewport) rows)",
      pad("rows", 7, right: true) + "  " + pad("policy", 28) + pad("landing loaded", 16, right: true)
        + pad("requests", 10, right: true) + pad("rows loaded", 13, right: true) + pad("waited", 11, right: true)
        + pad("unloaded", 10, right: true),
    ]
    for outcome in outcomes {
      let landing = outcome.landing
      lines.append(
        pad(thousands(landing.rows), 7, right: true) + "  " + pad(outcome.scroll.policy.name, 28)
          + pad(milliseconds(landing.loadedAfter), 16, right: true) + pad(thousands(landing.requests), 10, right: true)
          + pad(thousands(landing.loadedRows), 13, right: true)
          + pad(milliseconds(outcome.scroll.stalled), 11, right: true)
          + pad(thousands(outcome.scroll.unloadedRows), 10, right: true))
    }
    lines.append("")
    lines.append("Targets:")
    lines += targets.map { "  " + $0 }
    lines.append("")
    lines.append("The finger lifts at rest with the first screen loaded, and the fling goes down its rows in a")
    lines.append("second, at a steady pace. Told of landings, the list hears at the lift where the fling comes")
    lines.append("to rest (`.scrollWillLand(.rows(n, toward: .bottom, from: middle row, arrivingIn: 1 s))`),")
    lines.append("and the fling goes past rows not loaded yet (placeholders); else it stops at the last row")
    lines.append("loaded until the next page comes. landing loaded: from the lift until every row of the screen")
    lines.append("the fling rests on is loaded; requests, rows loaded: from the lift until then; waited: how")
    lines.append("long the user waited, on the way or at rest, beyond the fling's second; unloaded: rows the")
    lines.append("fling went past before they were loaded.")
    return lines.joined(separator: "\n")
  }

  /// Each target, its measured figure, and whether it is met: the policy told of landings shows
  /// where each fling lands within one round trip of the lift.
  var targets: [String] {
    outcomes.filter { $0.scroll.policy.key == ScrollPolicy.fling.key }.map { outcome in
      let landing = outcome.landing
      let scenario = outcome.scroll.scenario
      let loaded = landing.loadedAfter.map { "loaded \(milliseconds($0)) after the lift" } ?? "never loaded"
      let roundTrip =
        landing.roundTrip.map { roundTrip in
          let extra = roundTrip - scenario.latency
          return extra > 0
            ? "\(milliseconds(roundTrip)): \(scenario.latencyMilliseconds) ms and 1 ms for each of the \(extra / 1_000_000) "
              + "rows it asks for past a page" : milliseconds(roundTrip)
        } ?? "none made"
      return Report.check(
        outcome.isWithinOneRoundTrip,
        "fling of \(thousands(landing.rows)) rows from rest: its landing \(loaded), \(thousands(landing.requests)) "
          + "request\(landing.requests == 1 ? "" : "s") (target ≤ one round trip of the lift's request, \(roundTrip))")
    }
  }

  /// `nanoseconds` in milliseconds, or "never".
  private func milliseconds(_ nanoseconds: Int?) -> String {
    nanoseconds.map { "\(thousands(($0 + 500_000) / 1_000_000)) ms" } ?? "never"
  }

  private func thousands(_ value: Int) -> String {
    Report.thousands(value)
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    Report.pad(text, width, right: right)
  }
}
