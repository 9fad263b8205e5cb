import Pageflow

/// A user scrolling down a list at a steady speed, in virtual time (no sleeps, no clock): the list's
/// reducer sees the actions a UI would send, and a simulated server answers its requests after a
/// fixed latency.
///
/// The viewport shows `viewport` rows. The first screen (rows `0..<viewport`) is reported on screen
/// at time zero and the scroll starts once it has settled: its rows loaded and the loads they
/// started answered. Then the bottom row advances one row every `1 / speed` seconds; each row that
/// enters at the bottom is reported with `.elementAppeared(id)`. When the next row is not loaded,
/// the scroll stalls: it waits, and the time it waits counts, until a page brings that row.
///
/// Effects are opaque, so the simulation sees a request where the reducer left it: an edge whose
/// status turns `.loading(request)` after an action has asked for `request`, answered by the
/// server `latency` later. An edge that stops loading without an answer (an eviction cancels it)
/// drops its request.
struct ScrollSimulation {
  typealias Feature = PaginationFeature<BenchRow>

  /// A request in flight and when its answer arrives.
  private struct InFlight {
    let request: PageRequest
    let arrival: Int
  }

  private let scenario: ScrollScenario
  private let policy: ScrollPolicy
  private let feature: Feature
  private let server: KeysetServer
  private var state: Feature.State
  /// The virtual time, in nanoseconds.
  private var now = 0
  private var startLoad: InFlight?
  private var endLoad: InFlight?
  private var requests = 0
  private var pages = 0
  private var peak: Int
  private var script: ActionScript?

  /// Simulates `scenario` with `policy`'s settings; with `recording`, keeps the actions for
  /// ``ActionScript/replay(through:)``.
  static func run(_ scenario: ScrollScenario, _ policy: ScrollPolicy, recording: Bool = false) -> ScrollOutcome {
    var simulation = ScrollSimulation(scenario, policy, recording: recording)
    return simulation.scroll()
  }

  private init(_ scenario: ScrollScenario, _ policy: ScrollPolicy, recording: Bool) {
    self.scenario = scenario
    self.policy = policy
    feature = policy.feature
    server = KeysetServer(count: scenario.listSize, pageSize: scenario.pageSize)
    let first = server.page(for: PageRequest(.first))
    state = Feature.State(selection: 0, previous: first.previous, next: first.next, elements: first.elements)
    peak = state.elements.count
    script = recording ? ActionScript(initial: state) : nil
  }

  private mutating func scroll() -> ScrollOutcome {
    // The first screen: its rows as they load, until nothing is in flight.
    var bottom = -1
    while true {
      while bottom + 1 < scenario.viewport, state.elements.contains(id: bottom + 1) {
        bottom += 1
        appear(bottom)
      }
      guard let arrival = nextArrival else { break }
      deliver(until: arrival)
    }
    // The scroll.
    let start = now
    let end = start + scenario.duration
    var due = start + scenario.rowInterval
    var stalled = 0
    var shown = 0
    while due <= end, bottom + 1 < scenario.listSize {
      deliver(until: due)
      if state.elements.contains(id: bottom + 1) {
        now = due
        bottom += 1
        shown += 1
        appear(bottom)
        due += scenario.rowInterval
      } else {
        // Stalled: the scroll waits for the next answer (or to the end, if none is coming).
        let resume = min(nextArrival ?? end, end)
        stalled += resume - due
        if resume == end { break }
        due = resume
      }
    }
    return ScrollOutcome(
      scenario: scenario, policy: policy, rowsShown: shown, stalled: stalled, requests: requests, pages: pages,
      peakElements: peak, script: script)
  }

  /// When the first answer in flight arrives, if any is.
  private var nextArrival: Int? {
    switch (startLoad?.arrival, endLoad?.arrival) {
    case (let start?, let end?): min(start, end)
    case (let start, let end): start ?? end
    }
  }

  /// Delivers, in order, every answer that arrives by `time`.
  private mutating func deliver(until time: Int) {
    while let arrival = nextArrival, arrival <= time {
      let isStart = startLoad?.arrival == arrival
      guard let load = isStart ? startLoad : endLoad else { return }
      if isStart { startLoad = nil } else { endLoad = nil }
      now = arrival
      let response = Feature.PageResponse(request: load.request, result: .success(server.page(for: load.request)))
      pages += 1
      script?.recordResponse(response)
      send(.pageResponse(response))
    }
  }

  /// Reports row `id` on screen.
  private mutating func appear(_ id: Int) {
    script?.recordAppear(id)
    send(.elementAppeared(id))
  }

  /// Runs `action` through the reducer (its effects are not run) and notes the requests it made.
  private mutating func send(_ action: Feature.Action) {
    blackHole(feature.reduce(into: &state, action: action))
    peak = max(peak, state.elements.count)
    startLoad = observe(state.startStatus, was: startLoad)
    endLoad = observe(state.endStatus, was: endLoad)
  }

  /// The request in flight at an edge whose status is now `status` and whose request in flight
  /// was `load`: a new one (counted, answered `latency` from now), the same one, or none.
  private mutating func observe(_ status: PaginationStatus, was load: InFlight?) -> InFlight? {
    guard case .loading(let request) = status else { return nil }
    if let load, load.request == request { return load }
    requests += 1
    return InFlight(request: request, arrival: now + scenario.latency)
  }
}
