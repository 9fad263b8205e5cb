import Foundation

/// The scroll simulation's results: a table with its targets checked, or JSON lines.
struct ScrollReport {
  /// A policy's stall onsets at 300 ms and 20-row pages, in rows per second.
  struct Onset: Encodable {
    let policy: ScrollPolicy
    /// The fastest scroll without a stall once under way (after its first second).
    let sustained: Double
    /// The fastest scroll without a stall at all, from a standing start.
    let fromRest: Double

    private enum CodingKeys: String, CodingKey {
      case name, policy, speed
      case latencyMilliseconds = "latency_ms"
      case pageSize = "page_size"
      case speedFromRest = "speed_from_rest"
    }

    /// The JSON row: `name` (`scroll_sim_onset`), the latency and page size, the policy's key, and
    /// the onsets under way (`speed`) and from rest, to a hundredth (null when none was found).
    func encode(to encoder: any Encoder) throws {
      var row = encoder.container(keyedBy: CodingKeys.self)
      try row.encode("scroll_sim_onset", forKey: .name)
      try row.encode(300, forKey: .latencyMilliseconds)
      try row.encode(20, forKey: .pageSize)
      try row.encode(policy.key, forKey: .policy)
      try row.encode(JSONLine.number(sustained, decimals: 2), forKey: .speed)
      try row.encode(JSONLine.number(fromRest, decimals: 2), forKey: .speedFromRest)
    }
  }

  /// Every simulated scroll.
  let outcomes: [ScrollOutcome]
  /// Each policy's stall onsets at 300 ms and 20-row pages.
  let onsets: [Onset]
  /// How many times each long scroll was replayed to time its reducer work.
  let samples: Int
  /// How long the whole simulation part took, in wall-clock seconds.
  let seconds: Double

  /// The JSON rows: each scroll, then each onset.
  var jsonRows: [any Encodable] {
    outcomes as [any Encodable] + onsets as [any Encodable]
  }

  /// The table, the onsets, the targets, and what the columns mean.
  var table: String {
    var lines = [
      "scroll_sim: scrolling down a list in virtual time (viewport 20 rows; 10 minutes a scroll, or 1M rows)",
      pad("speed", 8, right: true) + pad("latency", 9, right: true) + pad("page", 6, right: true) + "  "
        + pad("policy", 28) + pad("rows", 11, right: true) + pad("stalled", 9, right: true)
        + pad("under way", 11, right: true) + pad("requests", 10, right: true) + pad("loaded", 8, right: true)
        + pad("peak", 11, right: true) + pad("reducer/page", 14, right: true),
    ]
    for outcome in outcomes {
      let scenario = outcome.scenario
      lines.append(
        pad("\(Int(scenario.speed))/s", 8, right: true) + pad("\(scenario.latencyMilliseconds) ms", 9, right: true)
          + pad("\(scenario.pageSize)", 6, right: true) + "  " + pad(outcome.policy.name, 28)
          + pad(thousands(outcome.rowsShown), 11, right: true) + pad(Report.percent(outcome.stallShare), 9, right: true)
          + pad(Report.percent(outcome.sustainedStallShare), 11, right: true)
          + pad(thousands(outcome.requests), 10, right: true)
          + pad(String(format: "%.2fx", outcome.overFetch), 8, right: true)
          + pad(thousands(outcome.peakElements), 11, right: true)
          + pad(outcome.reducerNanosecondsPerPage.map(Report.duration) ?? "–", 14, right: true))
    }
    lines.append("")
    lines.append("Stall onset at 300 ms and 20-row pages (the fastest scroll without a stall):")
    lines.append("  " + pad("", 28) + pad("under way", 16, right: true) + pad("from rest", 16, right: true))
    for onset in onsets {
      lines.append(
        "  " + pad(onset.policy.name, 28) + String(format: "%9.1f rows/s", onset.sustained)
          + String(format: "%9.1f rows/s", onset.fromRest))
    }
    lines.append("")
    lines.append("Targets:")
    lines += targets.map { "  " + $0 }
    lines.append("")
    lines.append("rows: rows scrolled past the first screen; stalled: the share of the scroll's time spent")
    lines.append("waiting for the next row; under way: the same after the scroll's first second (from a")
    lines.append("standing start, a scroll faster than the rows loaded ahead of the first screen can feed in")
    lines.append("one round trip stalls at first whatever the policy: no policy knows the speed before the")
    lines.append("scroll starts); requests: pages asked for; loaded: rows loaded per row shown (over-fetch);")
    lines.append("peak: the most elements held after any action; reducer/page: wall-clock time of the scroll's")
    lines.append("actions replayed through the reducer, per page (the best of \(samples) replays). A server")
    lines.append("answers a page in the latency shown, and 1 ms more for each row asked for beyond a page.")
    lines.append("The simulation part took \(String(format: "%.1f", seconds)) s.")
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
          "Pageflow fixed: \(Report.percent(plain.stallShare)) stalled at 20 rows/s, 300 ms, 20-row pages (target: none)"
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
    return lines + adaptiveTargets
  }

  /// The targets of adaptive load sizes.
  private var adaptiveTargets: [String] {
    var lines: [String] = []
    if let adaptive = onsets.first(where: { $0.policy.key == ScrollPolicy.adaptive.key }),
      let paging3 = onsets.first(where: { $0.policy.key == ScrollPolicy.paging3Like(pageSize: 20).key })
    {
      lines.append(
        Report.check(
          adaptive.sustained >= 5 * paging3.sustained,
          "adaptive: stall onset \(String(format: "%.1f", adaptive.sustained)) rows/s under way at 300 ms and 20-row "
            + "pages, \(Report.ratio(adaptive.sustained / paging3.sustained)) the Paging 3-like policy's "
            + "(\(String(format: "%.1f", paging3.sustained))) (target ≥ 5x)"))
    }
    if let fast = outcomes.first(where: {
      $0.policy.key == ScrollPolicy.adaptive.key && $0.scenario.speed == 100 && $0.scenario.latencyMilliseconds == 300
        && $0.scenario.pageSize == 20
    }) {
      lines.append(
        Report.check(
          fast.sustainedStalled == 0,
          "adaptive: \(Report.percent(fast.sustainedStallShare)) stalled under way at 100 rows/s, 300 ms, 20-row pages "
            + "(\(String(format: "%.0f", fast.startStallMilliseconds)) ms in its first second) (target: none)"))
    }
    let first = ScrollBenchmarks.scenarios[0]
    if let reading = outcome(.adaptive, first) {
      lines.append(
        Report.check(
          reading.overFetch <= 1.25 && reading.stalled == 0,
          "adaptive: \(String(format: "%.3f", reading.overFetch)) rows loaded per row shown at 20 rows/s, and "
            + "\(Report.percent(reading.stallShare)) stalled (target ≤ 1.25, none)"))
    }
    let adaptive = outcomes.filter { $0.policy.key == ScrollPolicy.adaptive.key }
    if let peak = adaptive.map(\.peakElements).max() {
      lines.append(
        Report.check(
          peak <= ScrollPolicy.windowLimit,
          "adaptive, maxElements \(thousands(ScrollPolicy.windowLimit)): at most \(thousands(peak)) elements held "
            + "at every speed (target ≤ \(thousands(ScrollPolicy.windowLimit)), the window's bound)"))
    }
    let long = ScrollBenchmarks.longScroll
    if let cost = outcome(.adaptive, long)?.reducerNanosecondsPerPage,
      let baseline = outcome(.evicting, long)?.reducerNanosecondsPerPage
    {
      lines.append(
        Report.check(
          cost <= 1.3 * baseline,
          "adaptive: \(Report.duration(cost)) of reducer work per page over the 1M rows at 20 rows/s, "
            + "\(Report.ratio(cost / baseline)) the fixed size's (\(Report.duration(baseline))): the clock read and "
            + "the rate updated on each row (target ≤ 1.3x)"))
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
