/// One fling from rest of the scroll simulation (`scroll_sim_fling`): how long after the finger's
/// lift the screen it comes to rest on was loaded, and what that took.
struct FlingOutcome {
  /// The scroll of the one fling.
  let scroll: ScrollOutcome
  /// What its landing took.
  let landing: LandingWait

  /// The fling `scroll` made; nil for a scroll that made none.
  init?(_ scroll: ScrollOutcome) {
    guard let landing = scroll.firstLanding else { return nil }
    self.scroll = scroll
    self.landing = landing
  }

  /// Whether the screen it rests on was loaded within one round trip of the lift: no later than
  /// the answer to the request the lift made.
  var isWithinOneRoundTrip: Bool {
    guard let loadedAfter = landing.loadedAfter, let roundTrip = landing.roundTrip else { return false }
    return loadedAfter <= roundTrip
  }

  /// `nanoseconds` in milliseconds, to a hundredth.
  private static func milliseconds(_ nanoseconds: Int?) -> Double? {
    JSONLine.number(nanoseconds.map { Double($0) / 1e6 }, decimals: 2)
  }
}

extension FlingOutcome: Encodable {
  private enum CodingKeys: String, CodingKey {
    case name, rows, policy, requests
    case latencyMilliseconds = "latency_ms"
    case pageSize = "page_size"
    case listRows = "list_rows"
    case loadedAfterMilliseconds = "loaded_after_ms"
    case loadedRows = "loaded_rows"
    case roundTripMilliseconds = "round_trip_ms"
    case arrivalMilliseconds = "arrival_ms"
    case waitedMilliseconds = "waited_ms"
    case unloadedRows = "unloaded_rows"
  }

  /// The JSON row: `name` (`scroll_sim_fling`), the fling's `rows`, the latency, page size and
  /// `list_rows`, the policy's key; `loaded_after_ms` from the lift until the screen it rests on is
  /// loaded (null: never), the `requests` and `loaded_rows` until then, `round_trip_ms` of the
  /// request the lift made (null: none), `arrival_ms` when the fling comes to rest if nothing holds
  /// it up, `waited_ms` the user waited on the way or at rest, and the `unloaded_rows` it went past.
  func encode(to encoder: any Encoder) throws {
    var row = encoder.container(keyedBy: CodingKeys.self)
    let scenario = scroll.scenario
    try row.encode("scroll_sim_fling", forKey: .name)
    try row.encode(landing.rows, forKey: .rows)
    try row.encode(scenario.latencyMilliseconds, forKey: .latencyMilliseconds)
    try row.encode(scenario.pageSize, forKey: .pageSize)
    try row.encode(scenario.listSize, forKey: .listRows)
    try row.encode(scroll.policy.key, forKey: .policy)
    try row.encode(Self.milliseconds(landing.loadedAfter), forKey: .loadedAfterMilliseconds)
    try row.encode(landing.requests, forKey: .requests)
    try row.encode(landing.loadedRows, forKey: .loadedRows)
    try row.encode(Self.milliseconds(landing.roundTrip), forKey: .roundTripMilliseconds)
    try row.encode(Self.milliseconds(landing.arrival), forKey: .arrivalMilliseconds)
    try row.encode(Self.milliseconds(scroll.stalled), forKey: .waitedMilliseconds)
    try row.encode(scroll.unloadedRows, forKey: .unloadedRows)
  }
}
