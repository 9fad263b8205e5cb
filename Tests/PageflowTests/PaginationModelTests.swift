import Foundation
import Testing

@testable import Pageflow

/// A model-based test of the window: seeded random sequences of every action against a model of the
/// server and of the list, with answers that come late, out of order, failing, duplicated or empty,
/// or from before a refresh, reset or jump, and live inserts (sorted, and at either edge, reached or
/// not), updates and removals, down to windows emptied by removals. A third of the runs never report
/// what is on screen (`.loadPage` and selection alone). After every step the state must keep its
/// invariants, the eviction bound among them; at the end, after a refresh and paging to both ends,
/// the list must equal the server's.
///
/// `swift test` runs 100,000 steps. `PAGEFLOW_MODEL_STEPS` and `PAGEFLOW_MODEL_SEED` set the step count
/// and the first seed (CI runs a longer campaign); a failure names the seed and step that reproduce it,
/// and `PAGEFLOW_MODEL_LOG_STATES=1` shows the window after each of the last steps.
@Suite(.collectingWarnings)
struct PaginationModelTests {
  static let stepsPerRun = 1_000

  @Test func randomActionSequencesKeepTheWindowsInvariants() {
    let environment = ProcessInfo.processInfo.environment
    let steps = environment["PAGEFLOW_MODEL_STEPS"].flatMap(Int.init) ?? 100_000
    let firstSeed = environment["PAGEFLOW_MODEL_SEED"].flatMap(UInt64.init) ?? 1
    let runs = Swift.max(1, steps / Self.stepsPerRun)
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      var run = ModelRun(seed: seed)
      if let failure = run.play(steps: Self.stepsPerRun) {
        Issue.record(Comment(rawValue: failure))
        return
      }
    }
  }
}

/// An element of the model list: its id is its sort key. `generation` tags a row delivered by a
/// load with that load's generation (so an answer from before a refresh, reset or jump can be told
/// apart even when it carries the same rows); it is not part of equality.
struct Row: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String
  var generation: UInt64 = 0

  static func == (lhs: Row, rhs: Row) -> Bool { lhs.id == rhs.id && lhs.text == rhs.text }
}

/// Which rows a list shows.
struct RowFilter: PaginationContext, CustomStringConvertible {
  var evenOnly: Bool

  func includes(_ id: Int) -> Bool { !evenOnly || id.isMultiple(of: 2) }
  var description: String { evenOnly ? "even" : "all" }
}

/// The server: rows sorted by id, paged by keyset cursors `gt:<id>` (rows after it) and `lt:<id>`
/// (rows before it), computed when the answer is delivered.
struct ModelServer {
  private(set) var rows: [Int: String] = [:]
  private(set) var ids: [Int] = []
  /// The lowest and highest ids the list ever had, removed ones included.
  private(set) var lowestEver = 0
  private(set) var highestEver = 0
  var pageSize: Int

  init(pageSize: Int) { self.pageSize = pageSize }

  subscript(id: Int) -> String? {
    get { rows[id] }
    set {
      let index = ids.partitioningIndex { $0 >= id }
      switch (rows[id], newValue) {
      case (nil, .some):
        ids.insert(id, at: index)
        (lowestEver, highestEver) = (Swift.min(lowestEver, id), Swift.max(highestEver, id))
      case (.some, nil): ids.remove(at: index)
      default: break
      }
      rows[id] = newValue
    }
  }

  func list(_ filter: RowFilter) -> [Row] {
    ids.filter(filter.includes).map { Row(id: $0, text: rows[$0] ?? "") }
  }

  /// `rows` as a sloppy server sends them: repeating the row the cursor points at (the overlap of
  /// an offset that shifted) and one row twice in a row.
  func overlapping(_ rows: [Row], for request: PageRequest) -> [Row] {
    var rows = rows
    if let index = rows.indices.randomElement() { rows.insert(rows[index], at: index + 1) }
    let bound = request.cursor.flatMap { Int($0.rawValue.dropFirst(3)) }
    if let bound, let text = self[bound] {
      if request.position == .after(request.cursor ?? "") {
        rows.insert(Row(id: bound, text: text), at: 0)
      } else {
        rows.append(Row(id: bound, text: text))
      }
    }
    return rows
  }

  func page(for request: PageRequest) -> Page<Row> {
    let filter = (request.context as? RowFilter) ?? RowFilter(evenOnly: false)
    let list = list(filter)
    let slice: ArraySlice<Row>
    var emptyPrevious: PaginationCursor?
    var emptyNext: PaginationCursor?
    switch request.position {
    case .first:
      slice = list.prefix(pageSize)
    case .last:
      slice = list.suffix(pageSize)
    case .around(let anchor):
      let id = Int(anchor.rawValue) ?? 0
      let split = list.partitioningIndex { $0.id >= id }
      let start = Swift.max(0, Swift.min(split - pageSize / 2, list.count - pageSize))
      slice = list[start..<Swift.min(list.count, start + pageSize)]
    case .after(let cursor), .before(let cursor):
      let bound = Int(cursor.rawValue.dropFirst(3)) ?? 0
      if cursor.rawValue.hasPrefix("gt:") {
        slice = list.drop { $0.id <= bound }.prefix(pageSize)
        emptyPrevious = "lt:\(bound + 1)"
      } else {
        slice = list.prefix { $0.id < bound }.suffix(pageSize)
        emptyNext = "gt:\(bound - 1)"
      }
    }
    guard let first = slice.first, let last = slice.last else {
      return Page(previous: emptyPrevious, next: emptyNext, elements: [])
    }
    let hasBefore = list.first.map { $0.id < first.id } ?? false
    let hasAfter = list.last.map { $0.id > last.id } ?? false
    return Page(
      previous: hasBefore ? "lt:\(first.id)" : nil, next: hasAfter ? "gt:\(last.id)" : nil, elements: Array(slice))
  }
}

/// One seeded run: a server, a list state, the loads in flight, and the invariants.
struct ModelRun {
  typealias List = PaginationFeature<Row>
  typealias Command = List.Command

  /// A load the state asked for and the runtime would now be running.
  struct Load {
    let request: PageRequest
    let generation: UInt64
    let slot: LoadSlot
    var isCancelled = false
  }

  /// `PAGEFLOW_MODEL_LOG_STATES=1` adds the window after each step to a failure's log.
  static let logsStates = ProcessInfo.processInfo.environment["PAGEFLOW_MODEL_LOG_STATES"] != nil

  let seed: UInt64
  var random: SeededGenerator
  var server: ModelServer
  var state: List.State
  var rules: List.Rules
  var loads: [Load] = []
  /// The retry timers the runtime would be running.
  var timers: Set<List.RetrySlot> = []
  var log: [String] = []
  var step = 0
  /// Whether this run never reports an element on screen (a window driven by `.loadPage` alone).
  let isScreenless: Bool

  init(seed: UInt64) {
    self.seed = seed
    random = SeededGenerator(seed: seed)
    server = ModelServer(pageSize: Int.random(in: 1...6, using: &random))
    let count = Int.random(in: 0...120, using: &random)
    for index in 0..<count { server[index * 3] = "v0" }
    var feature = List(areInIncreasingOrder: { $0.id < $1.id }, anchorCursor: { PaginationCursor(String($0)) }) { _ in
      Page(elements: [])
    }
    feature.prefetchDistance = Bool.random(using: &random) ? nil : Int.random(in: 0...4, using: &random)
    // Half the runs retry failures on their own (the model's timers fire when it says).
    feature.retry = Bool.random(using: &random) ? .never : RetryPolicy(maxRetries: 3, random: { 0.5 })
    if Bool.random(using: &random) {
      feature.maxElements = server.pageSize * Int.random(in: 3...8, using: &random)
    }
    rules = feature.rules
    isScreenless = Int.random(in: 0..<3, using: &random) == 0
    let first = server.page(for: PageRequest(.first))
    state = List.State(
      selection: first.elements.first?.id ?? -1, next: first.next, elements: first.elements)
    state.elements = IdentifiedElements(state.elements.map { Self.tagged($0, state.generation) })
  }

  static func tagged(_ row: Row, _ generation: UInt64) -> Row {
    var row = row
    row.generation = generation
    return row
  }

  /// Plays `steps` random steps and the final check; returns a description of the first failure.
  mutating func play(steps: Int) -> String? {
    for _ in 0..<steps {
      step += 1
      let action = randomAction()
      if let failure = perform(action) ?? checkInvariants() { return report(failure) }
      if Self.logsStates {
        log.append(
          "   = \(state.elements.map(\.id)), pages \(state.pages.map { "\($0.previous?.rawValue ?? "-")/\($0.count)/\($0.next?.rawValue ?? "-")" })"
        )
      }
    }
    return finish().map(report)
  }

  func report(_ failure: String) -> String {
    """
    Seed \(seed), step \(step) (rerun with PAGEFLOW_MODEL_SEED=\(seed) PAGEFLOW_MODEL_STEPS=1000): \(failure)
    Last actions:
    \(log.suffix(Self.logsStates ? 400 : 30).joined(separator: "\n"))
    State: \(state.elements.map(\.id)) selection \(state.selection), start \(state.startStatus), end \(state.endStatus), \
    reload \(state.reloadStatus), context \(state.context)
    """
  }

  // MARK: Steps

  enum Step {
    case action(List.Action)
    case deliver(index: Int, failing: Bool, misbehaving: Bool)
    case insert(Int, at: List.InsertionPoint)
    case update(Int)
    case remove(Int)
    /// Removes every loaded element, live: an empty window.
    case removeWindow
  }

  mutating func randomAction() -> Step {
    let ids = state.elements.map(\.id)
    let someID = ids.randomElement(using: &random) ?? Int.random(in: -5...400, using: &random)
    let direction = PaginationDirection.allCases.randomElement(using: &random) ?? .bottom
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<35 where !loads.isEmpty:
      return .deliver(
        index: Int.random(in: 0..<loads.count, using: &random),
        failing: Int.random(in: 0..<10, using: &random) == 0,
        misbehaving: Int.random(in: 0..<10, using: &random) == 0)
    case 0..<45: return .action(.loadPage(direction))
    case 45..<52: return .action(.select(direction))
    case 52..<58 where !isScreenless: return .action(.elementAppeared(someID))
    case 52..<58: return .action(.loadPage(direction))
    case 58..<61: return .action(.selectElement(Bool.random(using: &random) ? someID : 9_999))
    case 61..<64: return .action(.retry(direction))
    case 64..<66: return .action(.cancel(direction))
    case 66..<68: return .action(.refresh)
    case 68..<69: return .action(.refreshFromStart)
    case 69..<70: return .action(.retryReload)
    case 70..<71:
      if let slot = timers.randomElement(using: &random) { return .action(.retryTimerFired(slot)) }
      return .action(.retryFailed)
    case 71..<72:
      if Bool.random(using: &random) { return .action(.connectivityChanged(isOnline: Bool.random(using: &random))) }
      return .action(.cancelReload)
    case 72..<73: return .action(.reset(context: RowFilter(evenOnly: Bool.random(using: &random))))
    case 73..<74:
      // A saved place: the one on screen now, or one whose element the list may no longer hold.
      let anchor = Bool.random(using: &random) ? someID : Int.random(in: -5...400, using: &random)
      let place = state.place ?? List.Place(anchor: anchor, selection: anchor, context: state.context)
      return .action(
        .restore(
          Bool.random(using: &random) ? place : List.Place(anchor: anchor, selection: someID, context: state.context)))
    case 74..<77:
      let targets: [List.JumpTarget] = [
        .start, .end, .element(someID), .element(Int.random(in: -5...400, using: &random)),
      ]
      return .action(.jump(to: targets.randomElement(using: &random) ?? .start))
    case 77..<82: return .insert(Int.random(in: -10...400, using: &random), at: .sorted)
    case 82..<85:
      // A new first or last element of the list (before or after every element it ever had, as a
      // new message of a chat), at that edge of the window.
      let top = Bool.random(using: &random)
      let step = 2 * Int.random(in: 1...3, using: &random)
      let id = top ? server.lowestEver - step : server.highestEver + step
      return .insert(id, at: top ? .top : .bottom)
    case 85..<90: return .update(Int.random(in: 0...400, using: &random))
    case 90..<92: return .removeWindow
    default: return .remove(Bool.random(using: &random) ? someID : Int.random(in: 0...400, using: &random))
    }
  }

  mutating func perform(_ step: Step) -> String? {
    switch step {
    case .action(let action):
      log.append("→ \(String(describing: action).replacingOccurrences(of: "Pageflow.PaginationDirection", with: ""))")
      return apply(action)
    case .deliver(let index, let failing, let misbehaving):
      let load = loads.remove(at: index)
      if load.isCancelled, Bool.random(using: &random) { return nil }  // the runtime drops it
      var page = server.page(for: load.request)
      if misbehaving {
        page.elements = server.overlapping(page.elements, for: load.request)
        // Its cursors are given next to the rows it sent, the overlapping ones included.
        if page.previous != nil, let first = page.elements.first { page.previous = "lt:\(first.id)" }
        if page.next != nil, let last = page.elements.last { page.next = "gt:\(last.id)" }
      }
      page.elements = page.elements.map { Self.tagged($0, load.generation) }
      struct Unavailable: TransientError {}
      let result: Result<Page<Row>, LoadError> = failing ? .failure(LoadError(Unavailable())) : .success(page)
      log.append(
        "← \(load.request)\(load.isCancelled ? " (cancelled)" : "") gen \(load.generation == state.generation ? "current" : "old"): \(failing ? "failure" : "\(page.elements.map(\.id))")"
      )
      return apply(.pageResponse(List.PageResponse(request: load.request, result: result, generation: load.generation)))
    case .insert(let id, let point):
      guard server[id] == nil else { return nil }
      server[id] = "v0"
      guard (state.context as? RowFilter ?? RowFilter(evenOnly: false)).includes(id) else { return nil }
      log.append("live insert \(id) at \(point)")
      return apply(.insert(Row(id: id, text: "v0"), at: point))
    case .update(let id):
      guard let text = server[id] else { return nil }
      let next = "v\((Int(text.dropFirst()) ?? 0) + 1)"
      server[id] = next
      log.append("live update \(id)")
      return apply(.update(Row(id: id, text: next)))
    case .remove(let id):
      guard server[id] != nil else { return nil }
      server[id] = nil
      log.append("live remove \(id)")
      return apply(.remove(id))
    case .removeWindow:
      for id in state.elements.map(\.id) {
        if let failure = perform(.remove(id)) { return failure }
      }
      return nil
    }
  }

  /// Runs one transition as the reducer does and keeps the loads the runtime would run.
  mutating func apply(_ action: List.Action) -> String? {
    let before = state.elements.count
    let rowsBefore = state.elements.map { ($0.id, $0.generation) }
    let wasOffline = state.isOffline
    let generation = state.generation
    if case .retryTimerFired(let slot) = action { timers.remove(slot) }  // its effect has ended
    let commands = state.apply(action, rules: rules)
    if case .retryTimerFired = action, wasOffline,
      commands.contains(where: { if case .load = $0 { true } else { false } })
    {
      return "a retry came due while offline and loaded instead of waiting for the network"
    }
    if case .pageResponse(let response) = action, response.generation != generation,
      !state.elements.elementsEqual(rowsBefore, by: { $0.id == $1.0 && $0.generation == $1.1 })
    {
      return "an answer from an older generation (a load before a refresh, reset or jump) changed the window"
    }
    if case .pageResponse(let response) = action, !response.request.position.replacesWindow,
      let limit = rules.maxElements, state.elements.count > before, state.elements.count > limit,
      state.mayEvictPage(
        at: response.request.direction.edge.opposite, order: rules.areInIncreasingOrder,
        keeping: state.keptStretch(reach: state.prefetchDistance(rules), limit: limit))
    {
      return
        "the window grew to \(state.elements.count) elements past its limit of \(limit) and kept a page it may evict (visible \(String(describing: state.lastVisible)), kept \(String(describing: state.keptStretch(reach: state.prefetchDistance(rules), limit: limit))))"
    }
    var didUpdateAt: Int?
    for (offset, command) in commands.enumerated() {
      switch command {
      case .load(let request):
        let slot = LoadSlot(request)
        for index in loads.indices where loads[index].slot == slot { loads[index].isCancelled = true }
        loads.append(Load(request: request, generation: state.generation, slot: slot))
      case .cancel(let slot):
        for index in loads.indices where loads[index].slot == slot { loads[index].isCancelled = true }
      case .didUpdate:
        didUpdateAt = offset
      case .didSelect(let element):
        guard element.id == state.selection else {
          return "didSelect(\(element.id)) but the selection is \(state.selection)"
        }
        if let didUpdateAt, didUpdateAt > offset { return "didSelect before didUpdate" }
      case .didEvict:
        break
      case .scheduleRetry(let slot, _):
        timers.insert(slot)
      case .cancelRetry(let slot):
        timers.remove(slot)
      }
    }
    if commands.contains(where: { if case .didSelect = $0 { true } else { false } }),
      commands.contains(where: { if case .didUpdate = $0 { true } else { false } }),
      didUpdateAt == nil
    {
      return "didSelect before didUpdate"
    }
    return nil
  }

  // MARK: Invariants

  var filter: RowFilter { state.context as? RowFilter ?? RowFilter(evenOnly: false) }

  func checkInvariants() -> String? {
    let ids = state.elements.map(\.id)
    guard Set(ids).count == ids.count else { return "duplicate ids in \(ids)" }
    guard state.pages.reduce(0, { $0 + $1.count }) == ids.count else {
      return "page counts \(state.pages.map(\.count)) do not add up to \(ids.count)"
    }
    var pageStart = 0
    for (page, info) in state.pages.enumerated() {
      let slice = state.elements(ofPage: page).map(\.id)
      guard slice == Array(ids[pageStart..<(pageStart + info.count)]),
        slice.allSatisfy({ state.page(containing: $0) == page })
      else {
        return "page \(page) of \(state.pages.map(\.count)) holds \(slice), not the elements its count gives"
      }
      pageStart += info.count
    }
    if !ids.isEmpty, state.selectionIndex == nil {
      return "the selection \(state.selection) names no loaded element"
    }
    let remembered = state.startBook.requested.count + state.endBook.requested.count
    guard remembered <= state.pages.count + 2 else {
      return "the edges remember \(remembered) cursors for \(state.pages.count) pages"
    }
    if let edge = state.pendingSelection, !state[edge].isLoading {
      return "a selection waits at the \(edge), which is not loading: a later page would move it unasked"
    }
    if let first = ids.first {
      let list = server.ids.filter(filter.includes)
      guard let start = list.firstIndex(of: first), list[start...].starts(with: ids) else {
        return "the window \(ids) is not a contiguous stretch of the server's list \(list)"
      }
    }
    if let failure = checkEdgesOfTheList(ids) ?? checkEvictionBound() ?? checkRetries() { return failure }
    for edge in PaginationEdge.allCases where state[edge] == .idle && !state.isRefreshing && !state.pages.isEmpty {
      let cursor = edge == .start ? state.previous : state.next
      guard cursor != nil else { return "the \(edge) is idle without a cursor" }
      var copy = state
      let commands = copy.requestPage(edge == .start ? .top : .bottom)
      guard commands.contains(where: { if case .load = $0 { true } else { false } }) else {
        return "the idle \(edge) with cursor \(cursor.map(\.rawValue) ?? "") does not load when asked"
      }
    }
    return nil
  }

  /// An edge that reached the end of the list holds the list's own end, and counts nothing unseen
  /// beyond it (a live insert there is placed, even in an emptied window).
  func checkEdgesOfTheList(_ ids: [Int]) -> String? {
    let list = server.ids.filter(filter.includes)
    for edge in PaginationEdge.allCases where state[edge].isEndReached {
      guard state.unseen(edge) == 0 else {
        return "the \(edge) reached the end of the list and still counts \(state.unseen(edge)) unseen: hidden for good"
      }
      let (held, listEnd) = edge == .start ? (ids.first, list.first) : (ids.last, list.last)
      if let held, held != listEnd {
        return
          "the \(edge) reached the end of the list at \(held), but the list's \(edge) is \(listEnd.map(String.init) ?? "nothing")"
      }
    }
    return nil
  }

  /// A scheduled retry belongs to a failed place, has a timer running until it comes due (then it
  /// waits for the network, offline), and counts no more attempts than the policy allows; no timer
  /// runs for a place without one.
  func checkRetries() -> String? {
    let slots: [(List.RetrySlot, Bool)] = [
      (.edge(.start), state.startStatus.isFailed), (.edge(.end), state.endStatus.isFailed),
      (.reload, state.reloadStatus.isFailed),
    ]
    for (slot, isFailed) in slots {
      guard let retry = state.scheduledRetry(slot) else {
        if timers.contains(slot) { return "a retry timer runs at the \(slot) with no retry scheduled" }
        continue
      }
      guard isFailed else { return "a retry is scheduled at the \(slot), which has not failed" }
      guard retry.attempt <= rules.retry.maxRetries else { return "retry \(retry.attempt) at the \(slot) is too many" }
      if retry.isWaitingForNetwork {
        guard state.isOffline else { return "a retry at the \(slot) waits for the network, which is up" }
        if timers.contains(slot) { return "a retry at the \(slot) waits for the network with its timer running" }
      } else if !timers.contains(slot) {
        return "a retry is scheduled at the \(slot) with no timer to make it due"
      }
    }
    return nil
  }

  /// The documented bound: at most `max(maxElements, 3 × largest page + 2 × prefetch distance)`
  /// elements, beyond which only the page holding what is on screen and pages no cursor could load
  /// again are kept (the edge eviction would take next cannot go).
  func checkEvictionBound() -> String? {
    guard let bound = state.windowBound(rules: rules), state.elements.count > bound else { return nil }
    let screen = state.lastVisible.flatMap { state.elements.index(id: $0) }
    let kept = screen.flatMap(state.pageRange(holding:))
    // Without a screen, the edge eviction takes is the one away from the growth: one must be stuck.
    let edges = screen.map { [state.farEdge(from: $0)] } ?? PaginationEdge.allCases
    guard edges.allSatisfy({ state.mayEvictPage(at: $0, order: rules.areInIncreasingOrder, keeping: kept) }) else {
      return nil
    }
    return "the window holds \(state.elements.count) elements, over its bound of \(bound), and could shrink"
  }

  /// Delivers what is in flight, refreshes from the start, pages to both ends with no failures and
  /// no limit, and compares the list with the server's.
  mutating func finish() -> String? {
    log.append("— final check")
    rules.maxElements = nil
    while !loads.isEmpty {
      if let failure = perform(.deliver(index: 0, failing: false, misbehaving: false)) ?? checkInvariants() {
        return failure
      }
    }
    if let failure = apply(.refreshFromStart) { return failure }
    var rounds = 0
    while let load = loads.popLast() {
      rounds += 1
      guard rounds < 10_000 else { return "paging to both ends did not end" }
      var page = server.page(for: load.request)
      page.elements = page.elements.map { Self.tagged($0, load.generation) }
      let response = List.PageResponse(request: load.request, result: .success(page), generation: load.generation)
      if let failure = apply(.pageResponse(response)) ?? checkInvariants() { return failure }
      if loads.isEmpty {
        _ = apply(.loadPage(.bottom))
        if loads.isEmpty { _ = apply(.loadPage(.top)) }
      }
    }
    let expected = server.list(filter)
    guard Array(state.elements) == expected else {
      return "after paging to both ends the list is \(state.elements.map(\.id)), the server's is \(expected.map(\.id))"
    }
    guard state.startStatus.isEndReached, state.endStatus.isEndReached else {
      return "after paging to both ends: start \(state.startStatus), end \(state.endStatus)"
    }
    return nil
  }
}
