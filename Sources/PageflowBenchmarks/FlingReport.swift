/// The flings from rest: a table with its targets checked, or JSON lines.
struct FlingReport {
  /// Each fling with each policy.
  let outcomes: [FlingOutcome]
  /// The slow scroll with each policy told of landings.
  let slow: [ScrollOutcome]

  /// The JSON rows: each fling, then each slow scroll.
  var jsonRows: [any Encodable] { outcomes as [any Encodable] + slow as [any Encodable] }

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
    let slowScroll = FlingBenchmarks.slowScroll
    lines.append("")
    lines.append(
      "The slow scroll (\(Int(slowScroll.speed)) rows/s, \(slowScroll.latencyMilliseconds) ms, "
        + "\(slowScroll.pageSize)-row pages, \(thousands(slowScroll.rows)) rows: a fling of \(slowScroll.flingRows) rows a second):"
    )
    lines.append(
      "  " + pad("policy", 28) + pad("rows", 9, right: true) + pad("loaded", 9, right: true)
        + pad("stalled", 9, right: true) + pad("unloaded", 10, right: true))
    for outcome in slow {
      lines.append(
        "  " + pad(outcome.policy.name, 28) + pad(thousands(outcome.rowsShown), 9, right: true)
          + pad(String(format: "%.3fx", outcome.overFetch), 9, right: true)
          + pad(Report.percent(outcome.stallShare), 9, right: true)
          + pad(thousands(outcome.unloadedRows), 10, right: true))
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
    lines.append("fling went past before they were loaded. SwiftUI: the app finds each landing in points, as")
    lines.append("a SwiftUI list's scroll target behaviour does: rows of 40 to 120 points measured as they lay")
    lines.append("out (RowLayout.laidOut), and RowLayout.landing from where the screen starts as the finger")
    lines.append("lifts, where it starts at rest (the content's end, when it clamps the target) and the")
    lines.append("velocity a scroll view decelerating at 0.998 a millisecond starts at to go that far; the")
    lines.append("fling rests with the row it lands on at the top of the screen (rows: those it covers, the")
    lines.append("ones not measured at the average height). loaded: rows loaded per row shown.")
    return lines.joined(separator: "\n")
  }

  /// Each target, its measured figure, and whether it is met: the policy told of landings shows
  /// where each fling lands within one round trip of the lift, its app counting rows or finding the
  /// landing in points, and loads no more than 1.01 rows per row shown over the slow scroll.
  var targets: [String] {
    flingTargets
      + slow.map { outcome in
        Report.check(
          outcome.overFetch <= 1.01 && outcome.stalled == 0 && outcome.unloadedRows == 0,
          "\(outcome.policy.name), slow scroll: \(String(format: "%.3f", outcome.overFetch)) rows loaded per row shown, "
            + "\(Report.percent(outcome.stallShare)) stalled, \(thousands(outcome.unloadedRows)) rows gone by unloaded "
            + "(target ≤ 1.01, none, none)")
      }
  }

  /// The targets of the flings from rest.
  private var flingTargets: [String] {
    outcomes.filter(\.scroll.policy.reportsLandings).map { outcome in
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
      let told = outcome.scroll.policy.landsInPoints ? " (SwiftUI)" : ""
      return Report.check(
        outcome.isWithinOneRoundTrip,
        "fling of \(thousands(landing.rows)) rows from rest\(told): its landing \(loaded), \(thousands(landing.requests)) "
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
