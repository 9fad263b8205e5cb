import Foundation
import Pageflow

/// A user scrolling down a list at a steady speed, in virtual time (no sleeps, no wall clock): the
/// list's reducer sees the actions a UI would send, on a clock that reads the virtual time, and a
/// simulated server answers its requests after a latency (that of a page, plus 1 ms for each row
/// asked for beyond it: ``ScrollScenario/latency(forRows:)``), over a network that may fail.
///
/// The viewport shows `viewport` rows. The first screen (rows `0..<viewport`) is reported on screen
/// at time zero and the scroll starts once it has settled: its rows loaded and the loads they
/// started answered. Then the bottom row advances one row every `1 / speed` seconds; each row that
/// enters at the bottom is reported with `.elementAppeared(id)`. When the next row is not loaded,
/// the scroll stalls: it waits, and the time it waits counts, until a page brings that row.
///
/// Effects are opaque, so the simulation sees a request where the reducer left it: an edge whose
/// status turns `.loading(request)` after an action has asked for `request`, answered by the
/// server with the rows it asks for, its latency later (a failure, when the network drops it). An
/// edge that stops loading without an answer (an eviction cancels it) drops its request. A retry
/// the state schedules fires its delay later (`.retryTimerFired`); the app reports the network's
/// outage at its start and its end (`.connectivityChanged`) when the policy watches the network.
/// The user presses retry a second after the scroll stops on a failed page that no retry is
/// scheduled for.
struct ScrollSimulation {
  typealias Feature = PaginationFeature<BenchRow>

  /// A request in flight and when its answer arrives.
  private struct InFlight {
    let request: PageRequest
    let arrival: Int
  }

  /// What happens next in virtual time.
  private enum Event {
    /// The answer to the load at an edge.
    case answer(PaginationEdge)
    /// The retry timer of an edge.
    case retryTimer(PaginationEdge)
    /// The network goes down or comes back.
    case connectivity(isOnline: Bool)
    /// The user presses retry.
    case retryByHand
  }

  /// How long the user takes to press retry once the scroll stops on a failed page.
  static let reactionTime = 1_000_000_000

  private let scenario: ScrollScenario
  private let policy: ScrollPolicy
  private let feature: Feature
  private let clock = VirtualClock()
  private let server: KeysetServer
  private var state: Feature.State
  /// The virtual time, in nanoseconds.
  private var now = 0
  private var startLoad: InFlight?
  private var endLoad: InFlight?
  /// The retry each edge's state schedules, as last seen, and when its timer fires.
  private var retries: [PaginationEdge: (retry: ScheduledRetry, due: Int?)] = [:]
  /// When the user presses retry.
  private var retryByHand: Int?
  /// The outage's start and end, not yet reached.
  private var connectivity: [(time: Int, isOnline: Bool)]
  private var random: SplitMix64
  private var requests = 0
  private var pages = 0
  private var failures = 0
  private var reconnected: Int?
  private var recovery: Int?
  private var loadedRows = 0
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
    feature = policy.feature(on: clock)
    server = KeysetServer(count: scenario.listSize, pageSize: scenario.pageSize)
    let first = server.page(for: PageRequest(.first))
    state = Feature.State(selection: 0, previous: first.previous, next: first.next, elements: first.elements)
    peak = state.elements.count
    script = recording ? ActionScript(initial: state) : nil
    random = SplitMix64(seed: scenario.network.seed)
    connectivity = scenario.network.outage.map { [($0.lowerBound, false), ($0.upperBound, true)] } ?? []
  }

  private mutating func scroll() -> ScrollOutcome {
    // The first screen: its rows as they load, until nothing is in flight.
    var bottom = -1
    while true {
      while bottom + 1 < scenario.viewport, state.elements.contains(id: bottom + 1) {
        bottom += 1
        appear(bottom)
      }
      guard let arrival = nextAnswer else { break }
      handle(until: arrival)
    }
    // The scroll.
    let start = now
    let end = start + scenario.duration
    let warmedUp = start + ScrollScenario.warmUp
    var due = start + scenario.rowInterval
    var stalled = 0
    var stalledWarm = 0
    var shown = 0
    while due <= end, bottom + 1 < scenario.listSize {
      handle(until: due)
      if state.elements.contains(id: bottom + 1) {
        now = due
        bottom += 1
        shown += 1
        appear(bottom)
        due += scenario.rowInterval
      } else {
        // Stalled: the scroll waits for what happens next (or to the end, if nothing will).
        if state.endStatus.isFailed, state.endRetry == nil, retryByHand == nil {
          retryByHand = due + Self.reactionTime
        }
        let resume = min(nextEvent?.time ?? end, end)
        stalled += resume - due
        stalledWarm += max(0, resume - max(due, warmedUp))
        if resume == end { break }
        due = resume
      }
    }
    return ScrollOutcome(
      scenario: scenario, policy: policy, rowsShown: shown, stalled: stalled, sustainedStalled: stalledWarm,
      requests: requests, pages: pages, failures: failures, recovery: recovery, loadedRows: loadedRows,
      peakElements: peak, script: script)
  }

  /// When the first answer in flight arrives, if any is.
  private var nextAnswer: Int? {
    [startLoad?.arrival, endLoad?.arrival].compactMap { $0 }.min()
  }

  /// The first thing to happen, and when; at the same time, answers first.
  private var nextEvent: (time: Int, event: Event)? {
    var candidates: [(time: Int, event: Event)] = []
    if let load = startLoad { candidates.append((load.arrival, .answer(.start))) }
    if let load = endLoad { candidates.append((load.arrival, .answer(.end))) }
    if let change = connectivity.first { candidates.append((change.time, .connectivity(isOnline: change.isOnline))) }
    for edge in [PaginationEdge.start, .end] {
      if let due = retries[edge]?.due { candidates.append((due, .retryTimer(edge))) }
    }
    if let retryByHand { candidates.append((retryByHand, .retryByHand)) }
    return candidates.min { $0.time < $1.time }
  }

  /// Handles, in order, everything that happens by `time`.
  private mutating func handle(until time: Int) {
    while let next = nextEvent, next.time <= time {
      now = next.time
      switch next.event {
      case .answer(let edge): answer(edge)
      case .retryTimer(let edge):
        retries[edge]?.due = nil
        send(.retryTimerFired(.edge(edge)))
      case .connectivity(let isOnline):
        connectivity.removeFirst()
        if isOnline { reconnected = now }
        if policy.watchesNetwork { send(.connectivityChanged(isOnline: isOnline)) }
      case .retryByHand:
        retryByHand = nil
        send(.retryFailed)
      }
    }
  }

  /// The answer to the load at `edge`: its page, or a failure when the network drops it.
  private mutating func answer(_ edge: PaginationEdge) {
    guard let load = edge == .start ? startLoad : endLoad else { return }
    if edge == .start { startLoad = nil } else { endLoad = nil }
    let result: Result<Page<BenchRow>, LoadError>
    if scenario.network.fails(at: now, using: &random) {
      failures += 1
      result = .failure(LoadError(ScrollNetworkFailure()))
    } else {
      pages += 1
      let page = server.page(for: load.request)
      loadedRows += page.elements.count
      result = .success(page)
      if let reconnected, recovery == nil { recovery = now - reconnected }
    }
    let response = Feature.PageResponse(request: load.request, result: result)
    script?.recordResponse(response, at: now)
    send(.pageResponse(response))
  }

  /// Reports row `id` on screen.
  private mutating func appear(_ id: Int) {
    script?.recordAppear(id, at: now)
    send(.elementAppeared(id))
  }

  /// Runs `action` through the reducer (its effects are not run) and notes the requests it made
  /// and the retries it scheduled.
  private mutating func send(_ action: Feature.Action) {
    clock.set(nanoseconds: now)
    blackHole(feature.reduce(into: &state, action: action))
    peak = max(peak, state.elements.count)
    startLoad = observe(state.startStatus, was: startLoad)
    endLoad = observe(state.endStatus, was: endLoad)
    for edge in [PaginationEdge.start, .end] {
      let retry = state.scheduledRetry(.edge(edge))
      guard retry != retries[edge]?.retry else { continue }
      retries[edge] = retry.map { retry in
        (retry, retry.isWaitingForNetwork ? nil : now + Int(Measurement.nanoseconds(retry.delay)))
      }
    }
  }

  /// The request in flight at an edge whose status is now `status` and whose request in flight
  /// was `load`: a new one (counted, answered its latency from now), the same one, or none.
  private mutating func observe(_ status: PaginationStatus, was load: InFlight?) -> InFlight? {
    guard case .loading(let request) = status else { return nil }
    if let load, load.request == request { return load }
    requests += 1
    return InFlight(request: request, arrival: now + scenario.latency(forRows: request.count))
  }
}
