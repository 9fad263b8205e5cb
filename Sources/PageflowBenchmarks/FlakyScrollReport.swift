import Pageflow

/// The flaky-network scrolls: a table with its targets checked, or JSON lines.
struct FlakyScrollReport {
  /// Each retry policy over each network.
  let outcomes: [ScrollOutcome]

  /// The JSON rows: each scroll.
  var jsonRows: [ScrollOutcome] { outcomes }

  /// The table, the targets, and what the columns mean.
  var table: String {
    let scroll = FlakyScrollBenchmarks.scroll
    var lines = [
      "scroll_sim_flaky: the same scroll over a network that fails (\(Int(scroll.speed)) rows/s, "
        + "\(scroll.latencyMilliseconds) ms, \(scroll.pageSize)-row pages, 10 minutes)",
      pad("network", 16) + pad("retry", 24) + pad("stalled", 9, right: true) + pad("requests", 10, right: true)
        + pad("failed", 8, right: true) + pad("back after outage", 19, right: true),
    ]
    for outcome in outcomes {
      lines.append(
        pad(outcome.scenario.network.description, 16) + pad(outcome.policy.name, 24)
          + pad(Report.percent(outcome.stallShare), 9, right: true) + pad("\(outcome.requests)", 10, right: true)
          + pad("\(outcome.failures)", 8, right: true)
          + pad(outcome.recovery.map { Report.duration(Double($0)) } ?? "–", 19, right: true))
    }
    lines.append("")
    lines.append("Targets:")
    lines += targets.map { "  " + $0 }
    lines.append("")
    lines.append("retry: by hand (the user presses retry a second after the scroll stops on a failed page; the")
    lines.append("app does not watch the network), Pageflow's default policy, or TanStack Query's settings (3")
    lines.append("retries after 1, 2, 4 s, every error); stalled: the share of the scroll's time spent waiting")
    lines.append("for the next row; failed: answers the network dropped; back after outage: from the network's")
    lines.append("return to the first page delivered.")
    return lines.joined(separator: "\n")
  }

  /// Each target, its measured figure, and whether it is met.
  var targets: [String] {
    var lines: [String] = []
    let networks = FlakyScrollBenchmarks.networks
    if let reliable = outcome(.reliable), let flaky = outcome(networks[1]) {
      let gap = flaky.stallShare - reliable.stallShare
      lines.append(
        Report.check(
          gap <= 0.02,
          "Pageflow default retry, 5% failures: \(Report.percent(flaky.stallShare)) stalled against "
            + "\(Report.percent(reliable.stallShare)) without failures (target: within 2 points)"))
    }
    if let outage = networks.first(where: { $0.outage != nil }), let after = outcome(outage) {
      let step = RetryPolicy.default.baseDelay
      let recovery = after.recovery.map { Double($0) } ?? .infinity
      lines.append(
        Report.check(
          recovery <= Measurement.nanoseconds(step),
          "Pageflow default retry, \(outage.outageSeconds) s outage: the first page "
            + "\(after.recovery == nil ? "never came" : Report.duration(recovery)) after the network came back "
            + "(target ≤ one backoff step, \(step))"))
    }
    return lines
  }

  /// Pageflow's default retry over `network`.
  private func outcome(_ network: ScrollNetwork) -> ScrollOutcome? {
    outcomes.first { $0.policy.key == ScrollPolicy.defaultRetry.key && $0.scenario.network == network }
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    Report.pad(text, width, right: right)
  }
}
