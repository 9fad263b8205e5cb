/// What one simulated scroll measured: how long it stalled, how many requests it made, and the most
/// elements the list held.
struct ScrollOutcome {
  /// The scroll.
  let scenario: ScrollScenario
  /// The list's settings.
  let policy: ScrollPolicy
  /// The rows that entered the viewport after the first screen (those a fling passed before they
  /// were loaded included).
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
  /// The rows a fling the list was told of passed before they were loaded (placeholders on
  /// screen, going by at the fling's speed); 0 for a policy not told of landings.
  var unloadedRows = 0
  /// The same after the scroll's first second (``ScrollScenario/warmUp``).
  var sustainedUnloadedRows = 0
  /// What the scroll's first fling took to load where it lands.
  var firstLanding: LandingWait? = nil

  /// The rows loaded per row shown: 1 when nothing is loaded that the scroll does not show.
  var overFetch: Double { Double(loadedRows) / Double(max(1, rowsShown)) }

  /// The stalls' share of the scroll's time.
  var stallShare: Double { Double(stalled) / Double(max(1, scenario.duration)) }

  /// Whether it is a `scroll_sim_flaky` row: one of the retry policies compared over a network
  /// that fails (or, for the baseline, does not).
  var isFlaky = false
  /// The name of its JSON row, when it is not flaky: `scroll_sim`, or `scroll_sim_fling_slow` for
  /// the slow scroll of the fling report.
  var name = "scroll_sim"
  /// The stalls' share of the scroll's time after its first second.
  var sustainedStallShare: Double {
    Double(sustainedStalled) / Double(max(1, scenario.duration - ScrollScenario.warmUp))
  }

  /// The stalls of the scroll's first second, in milliseconds.
  var startStallMilliseconds: Double { Double(stalled - sustainedStalled) / 1e6 }

}

extension ScrollOutcome: Encodable {
  private enum CodingKeys: String, CodingKey {
    case name, speed, policy, requests, rows, failures
    case latencyMilliseconds = "latency_ms"
    case pageSize = "page_size"
    case stallShare = "stall_share"
    case sustainedStallShare = "sustained_stall_share"
    case peakElements = "peak_elements"
    case loadedRows = "loaded_rows"
    case scrollSeconds = "scroll_s"
    case reducerNanosecondsPerPage = "reducer_ns_per_page"
    case failureRate = "failure_rate"
    case outageSeconds = "outage_s"
    case recoveryMilliseconds = "recovery_ms"
    case unloadedRows = "unloaded_rows"
  }

  /// The JSON row: `name` (`scroll_sim` or `scroll_sim_fling_slow`, or `scroll_sim_flaky` with the
  /// network's `failure_rate`, `outage_s`, the `failures` and `recovery_ms`), the scroll, the
  /// policy's key and what the scroll measured (`unloaded_rows`: the rows a fling passed before they were loaded).
  func encode(to encoder: any Encoder) throws {
    var row = encoder.container(keyedBy: CodingKeys.self)
    try row.encode(isFlaky ? "scroll_sim_flaky" : name, forKey: .name)
    try row.encode(scenario.speed, forKey: .speed)
    try row.encode(scenario.latencyMilliseconds, forKey: .latencyMilliseconds)
    try row.encode(scenario.pageSize, forKey: .pageSize)
    try row.encode(policy.key, forKey: .policy)
    try row.encode(JSONLine.number(stallShare, decimals: 6), forKey: .stallShare)
    try row.encode(JSONLine.number(sustainedStallShare, decimals: 6), forKey: .sustainedStallShare)
    try row.encode(requests, forKey: .requests)
    try row.encode(peakElements, forKey: .peakElements)
    try row.encode(rowsShown, forKey: .rows)
    try row.encode(loadedRows, forKey: .loadedRows)
    try row.encode(unloadedRows, forKey: .unloadedRows)
    try row.encode(Double(scenario.duration) / 1e9, forKey: .scrollSeconds)
    try row.encode(JSONLine.number(reducerNanosecondsPerPage, decimals: 1), forKey: .reducerNanosecondsPerPage)
    guard isFlaky else { return }
    try row.encode(scenario.network.failureRate, forKey: .failureRate)
    try row.encode(scenario.network.outageSeconds, forKey: .outageSeconds)
    try row.encode(failures, forKey: .failures)
    try row.encode(recovery.map { Double($0) / 1e6 }, forKey: .recoveryMilliseconds)
  }
}
