/// What one simulated scroll measured: how long it stalled, how many requests it made, and the most
/// elements the list held.
struct ScrollOutcome {
  /// The scroll.
  let scenario: ScrollScenario
  /// The list's settings.
  let policy: ScrollPolicy
  /// The rows that entered the viewport after the first screen.
  let rowsShown: Int
  /// Virtual nanoseconds during which the next row was not loaded and the scroll waited.
  let stalled: Int
  /// The same once under way: after the scroll's first second (``ScrollScenario/warmUp``).
  let sustainedStalled: Int
  /// Requests the feature made (the first screen's included).
  let requests: Int
  /// Answers delivered, each a page (the first screen's included).
  let pages: Int
  /// Answers the network dropped.
  var failures = 0
  /// Virtual nanoseconds from the network's return after an outage to the first page delivered.
  var recovery: Int? = nil
  /// The rows those answers brought: over-fetch is `loadedRows / rowsShown`.
  let loadedRows: Int
  /// The most elements the state held after any action.
  let peakElements: Int
  /// The actions, when the scroll was recorded.
  var script: ActionScript?
  /// The reducer's wall-clock time per page over the whole scroll, when it was measured.
  var reducerNanosecondsPerPage: Double? = nil

  /// The rows loaded per row shown: 1 when nothing is loaded that the scroll does not show.
  var overFetch: Double { Double(loadedRows) / Double(max(1, rowsShown)) }

  /// The stalls' share of the scroll's time.
  var stallShare: Double { Double(stalled) / Double(max(1, scenario.duration)) }

  /// Whether it is a `scroll_sim_flaky` row: one of the retry policies compared over a network
  /// that fails (or, for the baseline, does not).
  var isFlaky = false
  /// The stalls' share of the scroll's time after its first second.
  var sustainedStallShare: Double {
    Double(sustainedStalled) / Double(max(1, scenario.duration - ScrollScenario.warmUp))
  }

  /// The stalls of the scroll's first second, in milliseconds.
  var startStallMilliseconds: Double { Double(stalled - sustainedStalled) / 1e6 }

  /// One JSON object, on one line.
  var json: String {
    let share = (stallShare * 1e6).rounded() / 1e6
    let perPage = reducerNanosecondsPerPage.map { "\(($0 * 10).rounded() / 10)" } ?? "null"
    let network = scenario.network
    let flaky =
      isFlaky
      ? #","failure_rate":\#(network.failureRate),"outage_s":\#(network.outageSeconds),"failures":\#(failures),"#
        + #""recovery_ms":\#(recovery.map { "\(Double($0) / 1e6)" } ?? "null")"# : ""
    return
      #"{"name":"\#(isFlaky ? "scroll_sim_flaky" : "scroll_sim")","speed":\#(scenario.speed),"latency_ms":\#(scenario.latencyMilliseconds),"#
      + #""page_size":\#(scenario.pageSize),"policy":"\#(policy.key)","stall_share":\#(share),"#
      + #""sustained_stall_share":\#((sustainedStallShare * 1e6).rounded() / 1e6),"#
      + #""requests":\#(requests),"peak_elements":\#(peakElements),"rows":\#(rowsShown),"loaded_rows":\#(loadedRows),"#
      + #""scroll_s":\#(Double(scenario.duration) / 1e9),"reducer_ns_per_page":\#(perPage)\#(flaky)}"#
  }
}
