import Foundation

/// The scroll simulation's results: a table with its targets checked, or JSON lines.
struct ScrollReport {
  /// Every simulated scroll.
  let outcomes: [ScrollOutcome]
  /// Each policy's stall onset at 300 ms and 20-row pages, in rows per second.
  let onsets: [(policy: ScrollPolicy, speed: Double)]
  /// How many times each long scroll was replayed to time its reducer work.
  let samples: Int
  /// How long the whole simulation part took, in wall-clock seconds.
  let seconds: Double

  /// One JSON object per line: each scroll, then each onset.
  var json: String {
    let onsetLines = onsets.map { onset in
      #"{"name":"scroll_sim_onset","latency_ms":300,"page_size":20,"policy":"\#(onset.policy.key)","#
        + #""speed":\#((onset.speed * 100).rounded() / 100)}"#
    }
    return (outcomes.map(\.json) + onsetLines).joined(separator: "\n")
  }

  /// The table, the onsets, the targets, and what the columns mean.
  var table: String {
    var lines = [
      "scroll_sim: scrolling down a list in virtual time (viewport 20 rows; 10 minutes a scroll, or 1M rows)",
      pad("speed", 8, right: true) + pad("latency", 9, right: true) + pad("page", 6, right: true) + "  "
        + pad("policy", 28) + pad("rows", 11, right: true) + pad("stalled", 9, right: true)
        + pad("requests", 10, right: true) + pad("peak", 11, right: true) + pad("reducer/page", 14, right: true),
    ]
    for outcome in outcomes {
      let scenario = outcome.scenario
      lines.append(
        pad("\(Int(scenario.speed))/s", 8, right: true) + pad("\(scenario.latencyMilliseconds) ms", 9, right: true)
          + pad("\(scenario.pageSize)", 6, right: true) + "  " + pad(outcome.policy.name, 28)
          + pad(thousands(outcome.rowsShown), 11, right: true) + pad(Report.percent(outcome.stallShare), 9, right: true)
          + pad(thousands(outcome.requests), 10, right: true) + pad(thousands(outcome.peakElements), 11, right: true)
          + pad(outcome.reducerNanosecondsPerPage.map(Report.duration) ?? "–", 14, right: true))
    }
    lines.append("")
    lines.append("Stall onset at 300 ms and 20-row pages (the fastest scroll without a stall):")
    for onset in onsets {
      lines.append("  " + pad(onset.policy.name, 28) + String(format: "%8.1f rows/s", onset.speed))
    }
    lines.append("")
    lines.append("Targets:")
    lines += targets.map { "  " + $0 }
    lines.append("")
    lines.append("rows: rows scrolled past the first screen; stalled: the share of the scroll's time spent")
    lines.append("waiting for the next row; requests: pages asked for; peak: the most elements held after any")
    lines.append("action; reducer/page: wall-clock time of the scroll's actions replayed through the reducer,")
    lines.append(
      "per page (the best of \(samples) replays). The simulation part took \(String(format: "%.1f", seconds)) s.")
    return lines.joined(separator: "\n")
  }

  /// Each target, its measured figure, and whether it is met.
  var targets: [String] {
    var lines: [String] = []
    let first = ScrollBenchmarks.scenarios[0]
    if let plain = outcome(.pageflowDefault, first) {
      lines.append(
        Report.check(
          plain.stalled == 0,
          "Pageflow default: \(Report.percent(plain.stallShare)) stalled at 20 rows/s, 300 ms, 20-row pages (target: none)"
        ))
    }
    let long = ScrollBenchmarks.longScroll
    if let evicting = outcome(.evicting, long) {
      let limit = ScrollPolicy.windowLimit + long.pageSize
      lines.append(
        Report.check(
          evicting.peakElements <= limit && evicting.rowsShown == long.rows,
          "evicting at \(thousands(ScrollPolicy.windowLimit)): at most \(thousands(evicting.peakElements)) elements held "
            + "scrolling \(thousands(evicting.rowsShown)) rows (target ≤ \(thousands(limit)))"))
      if let plain = outcome(.pageflowDefault, long), let cost = evicting.reducerNanosecondsPerPage,
        let baseline = plain.reducerNanosecondsPerPage
      {
        lines.append(
          Report.check(
            cost <= 1.5 * baseline,
            "evicting: \(Report.duration(cost)) of reducer work per page over the 1M rows, \(Report.ratio(cost / baseline)) "
              + "the cost without eviction (\(Report.duration(baseline))) (target ≤ 1.5x)"))
      }
    }
    return lines
  }

  /// The outcome of `policy` over `scenario`.
  private func outcome(_ policy: ScrollPolicy, _ scenario: ScrollScenario) -> ScrollOutcome? {
    outcomes.first { $0.policy.key == policy.key && $0.scenario == scenario }
  }

  private func thousands(_ value: Int) -> String {
    let digits = String(value)
    return digits.enumerated().map { offset, digit in
      offset > 0 && (digits.count - offset) % 3 == 0 ? ",\(digit)" : "\(digit)"
    }.joined()
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    Report.pad(text, width, right: right)
  }
}
