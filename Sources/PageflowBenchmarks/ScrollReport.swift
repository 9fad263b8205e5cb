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
    /// The fastest scroll once under way with every row loaded as it enters the screen: for a
    /// policy told of landings, whose flings let rows go by before they are loaded, below
    /// ``sustained``; else the same.
    var sustainedLoaded: Double
    /// The same from a standing start.
    var fromRestLoaded: Double

    /// The onsets of `policy`, with every row loaded as it enters at the same speeds (a policy not
    /// told of landings lets no row go by before it is loaded).
    init(policy: ScrollPolicy, sustained: Double, fromRest: Double) {
      self.policy = policy
      self.sustained = sustained
      self.fromRest = fromRest
      sustainedLoaded = sustained
      fromRestLoaded = fromRest
    }

    private enum CodingKeys: String, CodingKey {
      case name, policy, speed
      case latencyMilliseconds = "latency_ms"
      case pageSize = "page_size"
      case speedFromRest = "speed_from_rest"
      case speedLoaded = "speed_loaded"
      case speedFromRestLoaded = "speed_from_rest_loaded"
    }

    /// The JSON row: `name` (`scroll_sim_onset`), the latency and page size, the policy's key, the
    /// onsets under way (`speed`) and from rest, and the same with every row loaded as it enters
    /// (`speed_loaded`, `speed_from_rest_loaded`), to a hundredth (null when none was found).
    func encode(to encoder: any Encoder) throws {
      var row = encoder.container(keyedBy: CodingKeys.self)
      try row.encode("scroll_sim_onset", forKey: .name)
      try row.encode(300, forKey: .latencyMilliseconds)
      try row.encode(20, forKey: .pageSize)
      try row.encode(policy.key, forKey: .policy)
      try row.encode(JSONLine.number(sustained, decimals: 2), forKey: .speed)
      try row.encode(JSONLine.number(fromRest, decimals: 2), forKey: .speedFromRest)
      try row.encode(JSONLine.number(sustainedLoaded, decimals: 2), forKey: .speedLoaded)
      try row.encode(JSONLine.number(fromRestLoaded, decimals: 2), forKey: .speedFromRestLoaded)
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
        + pad("unloaded", 10, right: true) + pad("peak", 11, right: true) + pad("reducer/page", 14, right: true),
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
          + pad(thousands(outcome.unloadedRows), 10, right: true)
          + pad(thousands(outcome.peakElements), 11, right: true)
          + pad(outcome.reducerNanosecondsPerPage.map(Report.duration) ?? "–", 14, right: true))
    }
    lines.append("")
    lines.append("Stall onset at 300 ms and 20-row pages (the fastest scroll without a stall; loaded: nor a row")
    lines.append("going by before it is loaded):")
    lines.append(
      "  " + pad("", 28) + pad("under way", 16, right: true) + pad("from rest", 16, right: true)
        + pad("loaded, under way", 19, right: true) + pad("loaded, from rest", 19, right: true))
    for onset in onsets {
      lines.append(
        "  " + pad(onset.policy.name, 28) + pad(Self.speed(onset.sustained), 16, right: true)
          + pad(Self.speed(onset.fromRest), 16, right: true) + pad(Self.speed(onset.sustainedLoaded), 19, right: true)
          + pad(Self.speed(onset.fromRestLoaded), 19, right: true))
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
    lines.append("unloaded: rows a fling went past before they were loaded (placeholders going by at its speed:")
    lines.append("only a list told where each fling lands lets a fling go on past the rows loaded; the user")
    lines.append("waits where it comes to rest, until the screen there is loaded, and that wait is a stall);")
    lines.append("peak: the most elements held after any action; reducer/page: wall-clock time of the scroll's")
    lines.append("actions replayed through the reducer, per page (the best of \(samples) replays). A server")
    lines.append("answers a page in the latency shown, and 1 ms more for each row asked for beyond a page.")
    lines.append("The finger lifts once a second: each fling covers the rows of the next second and comes to")
    lines.append("rest as the next begins; a stall onset of \"none\" is none found below 10,000,000 rows/s.")
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
    return lines + adaptiveTargets + flingTargets
  }

  /// The targets of the fling's landing.
  private var flingTargets: [String] {
    var lines: [String] = []
    if let fling = onsets.first(where: { $0.policy.key == ScrollPolicy.fling.key }),
      let paging3 = onsets.first(where: { $0.policy.key == ScrollPolicy.paging3Like(pageSize: 20).key })
    {
      let paging3Onset = String(format: "%.1f", paging3.fromRest)
      let onset =
        fling.fromRest.isFinite
        ? "\(String(format: "%.1f", fling.fromRest)) rows/s, \(Report.ratio(fling.fromRest / paging3.fromRest)) the "
          + "Paging 3-like policy's (\(paging3Onset))"
        : "none found below 10,000,000 rows/s (the Paging 3-like policy's: \(paging3Onset))"
      lines.append(
        Report.check(
          fling.fromRest >= 5 * paging3.fromRest,
          "fling: stall onset from rest \(onset) at 300 ms and 20-row pages; rows go by unloaded above "
            + "\(Self.speed(fling.fromRestLoaded)) from rest, \(Self.speed(fling.sustainedLoaded)) under way "
            + "(target ≥ 5x)"))
    }
    if let fling = onsets.first(where: { $0.policy.key == ScrollPolicy.fling.key }),
      let adaptive = onsets.first(where: { $0.policy.key == ScrollPolicy.adaptive.key })
    {
      lines.append(
        Report.check(
          fling.sustainedLoaded >= adaptive.sustained,
          "fling: every row loaded as it enters up to \(Self.speed(fling.sustainedLoaded)) under way, the landing's "
            + "page loading beside the window while the edge feeds the scroll (target ≥ the adaptive policy's "
            + "\(Self.speed(adaptive.sustained)))"))
    }
    return lines + [readingTarget(.fling, "fling"), peakTarget(.fling, "fling")].compactMap { $0 }
  }

  /// The target of `policy` (named `label`) at reading speed, the table's first scroll: no more
  /// than 1.25 rows loaded per row shown, no stall, and no row going by before it is loaded.
  private func readingTarget(_ policy: ScrollPolicy, _ label: String) -> String? {
    guard let reading = outcome(policy, ScrollBenchmarks.scenarios[0]) else { return nil }
    let unloaded = policy.reportsLandings ? ", \(thousands(reading.unloadedRows)) rows gone by unloaded" : ""
    return Report.check(
      reading.overFetch <= 1.25 && reading.stalled == 0 && reading.unloadedRows == 0,
      "\(label): \(String(format: "%.3f", reading.overFetch)) rows loaded per row shown at 20 rows/s, and "
        + "\(Report.percent(reading.stallShare)) stalled\(unloaded) (target ≤ 1.25, none)")
  }

  /// The target of `policy` (named `label`) for the elements it holds: within the window's bound at
  /// every speed of the table.
  private func peakTarget(_ policy: ScrollPolicy, _ label: String) -> String? {
    guard let peak = outcomes.filter({ $0.policy.key == policy.key }).map(\.peakElements).max() else { return nil }
    return Report.check(
      peak <= ScrollPolicy.windowLimit,
      "\(label), maxElements \(thousands(ScrollPolicy.windowLimit)): at most \(thousands(peak)) elements held "
        + "at every speed (target ≤ \(thousands(ScrollPolicy.windowLimit)), the window's bound)")
  }

  /// `speed` in rows per second, or "none" when no onset was found.
  static func speed(_ speed: Double) -> String {
    speed.isFinite ? String(format: "%.1f rows/s", speed) : "none"
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
    lines += [readingTarget(.adaptive, "adaptive"), peakTarget(.adaptive, "adaptive")].compactMap { $0 }
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
    Report.thousands(value)
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    Report.pad(text, width, right: right)
  }
}
