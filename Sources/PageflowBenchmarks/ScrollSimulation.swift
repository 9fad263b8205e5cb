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
///
/// **The finger.** The scroll is a chain of flings: the finger lifts when the scroll starts and
/// again whenever a fling comes to rest, once a second (``ScrollScenario/flingDuration``), and each
/// fling covers the rows the scroll's speed covers in that second. With a policy told of landings
/// (``ScrollPolicy/reportsLandings``) the app sends, at each lift, where that fling comes to rest,
/// as a scroll view's delegate knows it then (`.scrollWillLand(.rows(n, toward: .bottom, from:
/// middle, arrivingIn: time))`: `n` rows from the screen's middle row, in the fling's time), and
/// `.landingCancelled` as the finger touches the list again before the next lift: what the platform
/// knows of this fling, nothing of the next. Such a fling does not stop at a row that is not loaded:
/// the app, knowing where it goes, draws a placeholder that goes by at the fling's speed (counted,
/// and reported on screen if its row arrives while it is still on screen); where the fling comes to
/// rest, the user waits until every row of the screen is loaded, and that wait is a stall. Without
/// landings, a fling stops at the last row loaded, as above. The landing's page, loaded beside the
/// window, is seen where the state leaves it (`landingRequest`) and answered as an edge's is.
///
/// **In points** (``ScrollPolicy/landsInPoints``), the app finds each landing as a SwiftUI list's
/// scroll target behaviour does: its content is the window's rows, laid out from the first at the
/// heights ``RowHeights`` gives; each row reports its frame as it lays out (`RowLayout.laidOut`,
/// when it enters the screen, and the screen's rows again at each lift); and at the lift the
/// landing comes from where the screen starts, where it will start at rest (clamped to the end of
/// the content, as a scroll view clamps its target), and the velocity that a scroll view
/// decelerating at 0.998 a millisecond needs to cover that distance (`RowLayout.landing`). The
/// fling comes to rest where the app lays its rows out, the rows it has not measured at the
/// average height of those it has: with the row it lands on at the top of the screen, as a list
/// whose scroll position is bound to the row the list keeps shows it (`scrollPosition(id:)`). The
/// screen is still the 20 rows the scroll goes by, and it passes them at the scroll's steady pace.
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
    /// The answer to the page a fling lands on.
    case landingAnswer
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
  /// The page a fling lands on, loading beside the window.
  private var landingLoad: InFlight?
  /// The longest round trip of the requests made since it was last cleared (as the finger lifts:
  /// then, those of the landing), if any was made.
  private var madeRoundTrip: Int?
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
  /// Rows on screen that a fling passed before they were loaded, not yet reported on screen.
  private var placeholders: [Int] = []
  /// The rows a fling passed before they were loaded, and those of them after the scroll's first
  /// second.
  private var unloadedRows = 0
  private var sustainedUnloaded = 0
  /// The first fling, while what it takes to load where it lands is measured: the rows of the
  /// screen it comes to rest on, and the time, requests and rows loaded at its lift.
  private var measured: (screen: ClosedRange<Int>, lift: Int, requests: Int, loadedRows: Int)?
  private var firstLanding: LandingWait?
  /// The rows as the app measured them, in points (``ScrollPolicy/landsInPoints``).
  private var layout = Feature.RowLayout(estimatedExtent: 80)

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
    // The scroll, a fling at a time.
    let start = now
    let end = scenario.isSingleFling ? Int.max : start + scenario.duration
    let warmedUp = start + ScrollScenario.warmUp
    var due = start + scenario.rowInterval
    var stalled = 0
    var stalledWarm = 0
    var shown = 0
    var rest = lift(from: bottom)
    scrolling: while bottom + 1 < scenario.listSize {
      if bottom == rest {
        if policy.reportsLandings {
          // At rest, where the fling may have gone ahead of the rows loaded: the user waits for
          // the screen (or to the end, if nothing will bring it).
          let arrival = now
          let isLoaded = waitForScreen(bottom)
          let resume = isLoaded || end == .max ? now : max(now, end)
          stalled += resume - arrival
          stalledWarm += max(0, resume - max(arrival, warmedUp))
          guard isLoaded else { break scrolling }
          due = max(due, now + scenario.rowInterval)
        }
        if scenario.isSingleFling || (policy.reportsLandings && now >= end) { break }
        rest = lift(from: bottom)
      }
      // A scroll told of its landings goes on to the rest of the fling in flight.
      guard due <= end || policy.reportsLandings else { break }
      handle(until: due)
      revealPlaceholders(below: bottom)
      if state.elements.contains(id: bottom + 1) {
        now = due
        bottom += 1
        shown += 1
        appear(bottom)
        due += scenario.rowInterval
      } else if policy.reportsLandings, bottom < rest {
        // Rows go by before they are loaded, up to what may change that.
        let passed = rowsPassing(from: bottom, to: rest, due: due)
        for id in max(bottom + 1, bottom + passed - scenario.viewport + 1)...(bottom + passed) {
          placeholders.append(id)
        }
        unloadedRows += passed
        let beforeWarm = due >= warmedUp ? 0 : (warmedUp - due - 1) / scenario.rowInterval + 1
        sustainedUnloaded += max(0, passed - beforeWarm)
        bottom += passed
        shown += passed
        due += passed * scenario.rowInterval
        now = due - scenario.rowInterval
      } else {
        // Stalled: the scroll waits for what happens next (or to the end, if nothing will).
        if state.endStatus.isFailed, state.endRetry == nil, retryByHand == nil {
          retryByHand = due + Self.reactionTime
        }
        let resume = min(nextEvent?.time ?? end, end)
        if resume == .max { break }  // a single fling that nothing will bring further
        stalled += resume - due
        stalledWarm += max(0, resume - max(due, warmedUp))
        if resume == end { break }
        due = resume
      }
    }
    var outcome = ScrollOutcome(
      scenario: scenario, policy: policy, rowsShown: shown, stalled: stalled, sustainedStalled: stalledWarm,
      requests: requests, pages: pages, failures: failures, recovery: recovery, loadedRows: loadedRows,
      peakElements: peak, script: script)
    outcome.unloadedRows = unloadedRows
    outcome.sustainedUnloadedRows = sustainedUnloaded
    outcome.firstLanding = firstLanding
    return outcome
  }

  /// The finger lifts with the screen's bottom row at `bottom`, and the fling comes to rest
  /// ``ScrollScenario/flingRows`` rows further (the row it rests on returned). Told of landings, the
  /// list hears that the finger touched it (but before the first lift) and where the fling lands,
  /// counted from the screen's middle row. The first lift starts the measure of its landing.
  private mutating func lift(from bottom: Int) -> Int {
    var rows = min(scenario.flingRows, scenario.listSize - 1 - bottom)
    let middle = bottom - scenario.viewport + 1 + scenario.viewport / 2
    var landing: Feature.Landing?
    if policy.landsInPoints {
      landing = landingInPoints(bottom: bottom, rows: rows)
      if let top = landing.flatMap(Self.row) {
        // It comes to rest where the app lays its rows out: the row it lands on at the top.
        rows = max(1, min(top + scenario.viewport - 1 - bottom, scenario.listSize - 1 - bottom))
      }
    } else if policy.reportsLandings {
      landing = .rows(rows, toward: .bottom, from: middle, arrivingIn: .nanoseconds(rows * scenario.rowInterval))
    }
    let isFirst = firstLanding == nil
    if isFirst {
      firstLanding = LandingWait(rows: rows, arrival: rows * scenario.rowInterval)
      let top = bottom + rows - scenario.viewport + 1
      measured = (max(0, top)...(bottom + rows), now, requests, loadedRows)
    }
    if policy.reportsLandings {
      if !isFirst { sendRecorded(.landingCancelled) }
      madeRoundTrip = nil
      if let landing { sendRecorded(.scrollWillLand(landing)) }
      if isFirst { firstLanding?.roundTrip = madeRoundTrip }
    }
    noteLanding(requests: requests)
    return bottom + rows
  }

  /// The row `landing` names: the element, or the row that many rows from its origin.
  private static func row(_ landing: Feature.Landing) -> Int? {
    switch landing.target {
    case .element(let id): id
    case .offset(let rows, let from): from.map { $0 + rows }
    }
  }

  /// Where a fling of `rows` rows from the screen whose bottom row is `bottom` lands, as a SwiftUI
  /// list finds it in points: the screen's rows lay out, and `RowLayout` turns where the screen
  /// starts now and at rest (clamped to the content's end) and the velocity into rows.
  private mutating func landingInPoints(bottom: Int, rows: Int) -> Feature.Landing? {
    let top = max(0, bottom - scenario.viewport + 1)
    for id in top...bottom { layOut(id) }
    guard let last = state.elements.last?.id, let start = contentOffset(of: top) else { return nil }
    let screen = RowHeights.extent(of: top..<(bottom + 1))
    let distance = RowHeights.extent(of: top..<(top + rows))
    let maximum = max(0, (contentOffset(of: last) ?? 0) + RowHeights.height(last) - screen)
    // What a scroll view decelerating by 0.998 a millisecond starts at to cover `distance`.
    let rate = 0.998
    let velocity = distance * (1 - rate) / rate
    return layout.landing(
      from: start, target: min(start + distance, maximum), maximumOffset: maximum, velocity: velocity,
      decelerationRate: rate, in: state.elements)
  }

  /// Row `id` lays out in the content, when it is loaded (``ScrollPolicy/landsInPoints``).
  private mutating func layOut(_ id: Int) {
    guard policy.landsInPoints, let start = contentOffset(of: id) else { return }
    layout.laidOut(id, start: start, extent: RowHeights.height(id))
  }

  /// Where row `id` starts in the content (the window's rows from its first), if it is loaded.
  private func contentOffset(of id: Int) -> Double? {
    guard let first = state.elements.first?.id, state.elements.contains(id: id) else { return nil }
    return RowHeights.extent(of: first..<id)
  }

  /// Handles what happens until every row of the screen whose bottom row is `bottom` is loaded,
  /// reporting its rows on screen as they come; false when nothing left to happen will load it.
  private mutating func waitForScreen(_ bottom: Int) -> Bool {
    while !isLoaded(screenAbove: bottom) {
      guard let next = nextEvent else { return false }
      handle(until: next.time)
      revealPlaceholders(below: bottom)
    }
    return true
  }

  /// Whether every row of the screen whose bottom row is `bottom` is loaded.
  private func isLoaded(screenAbove bottom: Int) -> Bool {
    (max(0, bottom - scenario.viewport + 1)...bottom).allSatisfy { state.elements.contains(id: $0) }
  }

  /// How many rows from `bottom + 1`, none of them loaded, a fling resting at `rest` passes from
  /// `due` on before anything may change: up to its rest, the first row loaded ahead (the window
  /// is one stretch of the list), and the last row due before the next event.
  private func rowsPassing(from bottom: Int, to rest: Int, due: Int) -> Int {
    var rows = rest - bottom
    if let first = state.elements.first?.id, first > bottom + 1 { rows = min(rows, first - bottom - 1) }
    if let next = nextEvent?.time, next > due { rows = min(rows, (next - 1 - due) / scenario.rowInterval + 1) }
    return max(1, rows)
  }

  /// Reports on screen the rows a fling passed before they were loaded that have arrived while on
  /// the screen whose bottom row is `bottom`; forgets those that left it.
  private mutating func revealPlaceholders(below bottom: Int) {
    guard !placeholders.isEmpty else { return }
    let top = bottom - scenario.viewport + 1
    placeholders.removeAll { $0 < top }
    let arrived = placeholders.filter { state.elements.contains(id: $0) }
    guard !arrived.isEmpty else { return }
    placeholders.removeAll { state.elements.contains(id: $0) }
    for id in arrived { appear(id) }
  }

  /// Ends the measure of the first landing when every row of its screen is loaded, with the
  /// requests made until then (`requests`: those before the action that loaded them).
  private mutating func noteLanding(requests: Int) {
    guard let measured, firstLanding?.loadedAfter == nil,
      measured.screen.allSatisfy({ state.elements.contains(id: $0) })
    else { return }
    firstLanding?.loadedAfter = now - measured.lift
    firstLanding?.requests = requests - measured.requests
    firstLanding?.loadedRows = loadedRows - measured.loadedRows
    self.measured = nil
  }

  /// When the first answer in flight arrives, if any is.
  private var nextAnswer: Int? {
    [startLoad?.arrival, endLoad?.arrival, landingLoad?.arrival].compactMap { $0 }.min()
  }

  /// The first thing to happen, and when; at the same time, answers first.
  private var nextEvent: (time: Int, event: Event)? {
    var candidates: [(time: Int, event: Event)] = []
    if let load = startLoad { candidates.append((load.arrival, .answer(.start))) }
    if let load = endLoad { candidates.append((load.arrival, .answer(.end))) }
    if let load = landingLoad { candidates.append((load.arrival, .landingAnswer)) }
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
      case .landingAnswer: answerLanding()
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

  /// The answer to the load at `edge`.
  private mutating func answer(_ edge: PaginationEdge) {
    guard let load = edge == .start ? startLoad : endLoad else { return }
    if edge == .start { startLoad = nil } else { endLoad = nil }
    respond(to: load)
  }

  /// The answer to the page a fling lands on.
  private mutating func answerLanding() {
    guard let load = landingLoad else { return }
    landingLoad = nil
    respond(to: load)
  }

  /// Answers `load`: its page, or a failure when the network drops it.
  private mutating func respond(to load: InFlight) {
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
    let asked = requests
    send(.pageResponse(response))
    noteLanding(requests: asked)
  }

  /// Reports row `id` on screen.
  private mutating func appear(_ id: Int) {
    layOut(id)
    script?.recordAppear(id, at: now)
    send(.elementAppeared(id))
  }

  /// Sends `action` (a landing, its cancellation), recorded for a replay.
  private mutating func sendRecorded(_ action: Feature.Action) {
    script?.record(action, at: now)
    send(action)
  }

  /// Runs `action` through the reducer (its effects are not run) and notes the requests it made
  /// and the retries it scheduled.
  private mutating func send(_ action: Feature.Action) {
    clock.set(nanoseconds: now)
    blackHole(feature.reduce(into: &state, action: action))
    peak = max(peak, state.elements.count)
    startLoad = observe(Self.request(loading: state.startStatus), was: startLoad)
    endLoad = observe(Self.request(loading: state.endStatus), was: endLoad)
    landingLoad = observe(state.landingRequest, was: landingLoad)
    for edge in [PaginationEdge.start, .end] {
      let retry = state.scheduledRetry(.edge(edge))
      guard retry != retries[edge]?.retry else { continue }
      retries[edge] = retry.map { retry in
        (retry, retry.isWaitingForNetwork ? nil : now + Int(Measurement.nanoseconds(retry.delay)))
      }
    }
  }

  /// The request an edge whose status is `status` is loading, if it is loading.
  private static func request(loading status: PaginationStatus) -> PageRequest? {
    guard case .loading(let request) = status else { return nil }
    return request
  }

  /// The request in flight where the state now shows `request` loading, and where `load` was in
  /// flight: a new one (counted, answered its latency from now), the same one, or none.
  private mutating func observe(_ request: PageRequest?, was load: InFlight?) -> InFlight? {
    guard let request else { return nil }
    if let load, load.request == request { return load }
    requests += 1
    let roundTrip = scenario.latency(forRows: request.count)
    madeRoundTrip = max(madeRoundTrip ?? 0, roundTrip)
    return InFlight(request: request, arrival: now + roundTrip)
  }
}
