import Foundation
import PageflowTesting
import Testing

@testable import Pageflow

/// A model-based test of the window: seeded random sequences of every action against a model of the
/// server and of the list, with answers that come late, out of order, failing, duplicated or empty,
/// read by the server when they were asked for (without what was posted since) or when they are
/// delivered, or from before a refresh, reset or jump; live inserts (sorted, and at either edge,
/// reached or not, often while the page or the reload that could hold them loads), updates in place
/// and removals, down to pages and windows emptied by removals; scrolls and pauses on a test clock
/// that adaptive load sizes measure, against a server that sends what a request asks for; limits
/// from none to far below what a scroll needs, set or lowered as the run goes (memory pressure);
/// the selection moved to the window's ends; flings' landings (inside the window, just past an edge
/// while it loads, just past what one request reaches, far past it with and without a loader that
/// names places, on elements), cancelled, and their pages failing or late like any other, or waiting
/// beside the window while the edge feeds the scroll; rows removed many at once (`removeAll`: the
/// whole window, a page, every few rows). A third of the runs never report what is on screen
/// (`.loadPage` and selection alone), half never reload (long sessions, large windows), a
/// quarter have no sort order (new elements at the top and bottom only). After every step
/// the state must keep its invariants: the documented eviction bound, eviction as the documented
/// rules decide it (``EvictionRules``), and no live insert lost (it is loaded, or counted beyond an
/// edge, until it is removed or a reset opens another list, and counted among those the user has
/// not reached); a landing past a loaded end lands there, one held for an edge's page is never
/// forgotten while that page may come, and the row a skip comes to rest on is the row on screen
/// (when its page comes, or when the scroll runs out of the rows the edge brought while it waited). A
/// view's mirror of the window, kept by applying the change set read every step or every few (a
/// frame's worth), must equal the window, with the row on screen where the change set says it was
/// and is; a reader is told to reload only at its first read, however many rows went. One run in 25
/// is a long list (20,000 rows and more, pages of 400 to 500 under the smallest limit a scroll needs)
/// read after every step, as a view that renders every frame: its window evicts tens of thousands of
/// rows in a run, past the 65,536 removed ids that a record of changes once held. At the end, after
/// a refresh and paging to both ends, the list must equal the server's.
///
/// `swift test` runs 20,000 steps. `PAGEFLOW_MODEL_STEPS` and `PAGEFLOW_MODEL_SEED` set the step count
/// and the first seed (CI runs a longer campaign); a failure names the seed and step that reproduce it,
/// and `PAGEFLOW_MODEL_LOG_STATES=1` shows the window after each of the last steps.
@Suite(.collectingWarnings)
struct PaginationModelTests {
  static let stepsPerRun = 1_000

  @Test func randomActionSequencesKeepTheWindowsInvariants() {
    let environment = ProcessInfo.processInfo.environment
    let steps = environment["PAGEFLOW_MODEL_STEPS"].flatMap(Int.init) ?? 20_000
    let firstSeed = environment["PAGEFLOW_MODEL_SEED"].flatMap(UInt64.init) ?? 1
    let runs = Swift.max(1, steps / Self.stepsPerRun)
    var mostRowsGone = 0
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      var run = ModelRun(seed: seed)
      if let failure = run.play(steps: Self.stepsPerRun) {
        Issue.record(Comment(rawValue: failure))
        return
      }
      if run.isLongList { mostRowsGone = Swift.max(mostRowsGone, run.rowsGone) }
    }
    // A campaign of a hundred runs or more holds long lists whose readers saw more rows go than the
    // 65,536 ids a record of changes once held before it told every reader to reload.
    if runs >= 100 { #expect(mostRowsGone > 65_536) }
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
  /// How many rows were posted so far, and when each row was (an answer read when it was asked for
  /// lacks the rows posted after).
  private(set) var posted = 0
  private var postedAt: [Int: Int] = [:]
  var pageSize: Int
  /// Whether a page holds as many rows as the request asks for (adaptive load sizes), not
  /// `pageSize`.
  var honoursCount = false

  init(pageSize: Int) { self.pageSize = pageSize }

  subscript(id: Int) -> String? {
    get { rows[id] }
    set {
      let index = ids.partitioningIndex { $0 >= id }
      switch (rows[id], newValue) {
      case (nil, .some):
        ids.insert(id, at: index)
        (lowestEver, highestEver) = (Swift.min(lowestEver, id), Swift.max(highestEver, id))
        posted += 1
        postedAt[id] = posted
      case (.some, nil): ids.remove(at: index)
      default: break
      }
      rows[id] = newValue
    }
  }

  /// The rows `filter` shows, as they are now, or (`readAt`) without those posted after then.
  func list(_ filter: RowFilter, readAt: Int? = nil) -> [Row] {
    ids.filter { id in filter.includes(id) && readAt.map { postedAt[id, default: 0] <= $0 } ?? true }
      .map { Row(id: $0, text: rows[$0] ?? "") }
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

  /// Whether the row `id` is in the list `filter` shows, read now or (`readAt`) without the rows
  /// posted after then.
  func shows(_ id: Int, _ filter: RowFilter, readAt: Int? = nil) -> Bool {
    filter.includes(id) && readAt.map { postedAt[id, default: 0] <= $0 } ?? true
  }

  /// Up to `count` ids of the rows `filter` shows (read at `readAt`), from the index `start` of
  /// `ids` on, toward the end (`forward`) or the start: O(what it walks), never the whole list.
  func walk(from start: Int, forward: Bool, count: Int, _ filter: RowFilter, readAt: Int?) -> [Int] {
    var found: [Int] = []
    var index = start
    while found.count < count, ids.indices.contains(index) {
      if shows(ids[index], filter, readAt: readAt) { found.append(ids[index]) }
      index += forward ? 1 : -1
    }
    return found
  }

  /// The page `request` asks for, read now or (`readAt`) without the rows posted after then.
  func page(for request: PageRequest, readAt: Int? = nil) -> Page<Row> {
    let filter = (request.context as? RowFilter) ?? RowFilter(evenOnly: false)
    let pageSize = honoursCount ? Swift.max(1, request.count ?? self.pageSize) : self.pageSize
    let slice: [Int]
    var emptyPrevious: PaginationCursor?
    var emptyNext: PaginationCursor?
    switch request.position {
    case .first:
      slice = walk(from: 0, forward: true, count: pageSize, filter, readAt: readAt)
    case .last:
      slice = walk(from: ids.count - 1, forward: false, count: pageSize, filter, readAt: readAt).reversed()
    case .around(let anchor):
      // An element's id, or a place some rows from one (`offsetCursor`: "<id>@<rows>"), which lies at
      // that element's place when the list no longer holds it; a place past an end is that end. The
      // rows from the place's row on, half a page before it where the list has them, and a whole
      // page where it has that many.
      let parts = anchor.rawValue.split(separator: "@").map { Int($0) ?? 0 }
      var split = ids.partitioningIndex { $0 >= parts.first ?? 0 }
      if parts.count > 1, parts[1] != 0 {
        let steps = Int(Swift.min(parts[1].magnitude, UInt(ids.count)))
        let passed =
          parts[1] > 0
          ? walk(from: split, forward: true, count: steps + 1, filter, readAt: readAt)
          : walk(from: split - 1, forward: false, count: steps, filter, readAt: readAt)
        if let place = passed.last { split = ids.partitioningIndex { $0 >= place } }
      }
      let before = walk(from: split - 1, forward: false, count: pageSize, filter, readAt: readAt)
      let after = walk(from: split, forward: true, count: pageSize, filter, readAt: readAt)
      let taken = Swift.min(pageSize - Swift.min(pageSize / 2, before.count), after.count)
      slice = before.prefix(pageSize - taken).reversed() + after.prefix(taken)
    case .after(let cursor), .before(let cursor):
      let bound = Int(cursor.rawValue.dropFirst(3)) ?? 0
      if cursor.rawValue.hasPrefix("gt:") {
        slice = walk(from: ids.partitioningIndex { $0 > bound }, forward: true, count: pageSize, filter, readAt: readAt)
        emptyPrevious = "lt:\(bound + 1)"
      } else {
        let start = ids.partitioningIndex { $0 >= bound } - 1
        slice = walk(from: start, forward: false, count: pageSize, filter, readAt: readAt).reversed()
        emptyNext = "gt:\(bound - 1)"
      }
    }
    guard let first = slice.first, let last = slice.last else {
      return Page(previous: emptyPrevious, next: emptyNext, elements: [])
    }
    let start = ids.partitioningIndex { $0 >= first }
    let end = ids.partitioningIndex { $0 > last }
    let hasBefore = !walk(from: start - 1, forward: false, count: 1, filter, readAt: readAt).isEmpty
    let hasAfter = !walk(from: end, forward: true, count: 1, filter, readAt: readAt).isEmpty
    return Page(
      previous: hasBefore ? "lt:\(first)" : nil, next: hasAfter ? "gt:\(last)" : nil,
      elements: slice.map { Row(id: $0, text: rows[$0] ?? "") })
  }

  /// Whether `window` is a contiguous stretch of the list `filter` shows: O(the window and the rows
  /// it skips), never the whole list.
  func isStretch(_ window: [Int], of filter: RowFilter) -> Bool {
    guard let first = window.first else { return true }
    let start = ids.partitioningIndex { $0 >= first }
    return walk(from: start, forward: true, count: window.count, filter, readAt: nil) == window
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
    /// The rows posted when it was sent: an answer read then lacks those posted since.
    let sentAt: Int
    var isCancelled = false
  }

  /// One run in this many is a long list (``isLongList``).
  static let longListShare = 25

  /// `PAGEFLOW_MODEL_LOG_STATES=1` adds the window after each step to a failure's log.
  static let logsStates = ProcessInfo.processInfo.environment["PAGEFLOW_MODEL_LOG_STATES"] != nil

  let seed: UInt64
  var random: SeededGenerator
  var server: ModelServer
  var state: List.State
  var rules: List.Rules
  /// The time the feature measures the scroll and the loader's latency on: a few milliseconds a
  /// step, now and then a pause.
  let clock = TestClock()
  var loads: [Load] = []
  /// The retry timers the runtime would be running.
  var timers: Set<List.RetrySlot> = []
  var log: [String] = []
  var step = 0
  /// Whether this run never reports an element on screen (a window driven by `.loadPage` alone).
  let isScreenless: Bool
  /// Whether this run refreshes, resets, restores and jumps (else the window only grows and shrinks
  /// at its edges, as in a long session, and gets large).
  let reloads: Bool
  /// Which way the user scrolls.
  var scrollsDown = true
  /// The largest page sent to the feature: with the prefetch distance, the window's bound.
  var largestPage: Int
  /// Live inserts counted beyond an edge and not yet seen in the window, with that edge and when
  /// they were posted: each stays counted until it is seen, or that edge reaches the end of the list
  /// (the answer that reaches it was read after the insert: it holds the element, or the element
  /// lies before it, behind the other edge's cursor).
  var arrivals: [Int: (edge: PaginationEdge, posted: Int)] = [:]
  /// When the landing's page that waits beside the window was asked for (the rows posted then).
  var asideSentAt = 0
  /// Whether the limit was lowered (memory pressure) since eviction last ran: the window is then
  /// within its bound again once a page, an insert or a row on screen makes it evict.
  var limitLowered = false
  /// A view's copy of the window, kept by applying the change set read after each step (or after
  /// a few: a frame's worth of actions coalesce), and the reader that reads them.
  var mirror: [Row] = []
  var reader = ListChangeReader<Int>()
  /// Whether this run is a long list in large pages under a small limit, read after every step (a
  /// view that renders every frame), whose window evicts tens of thousands of rows in a run.
  let isLongList: Bool
  /// The ids of the rows the window evicted or lost so far: in a long list, past the 65,536 ids a
  /// record of changes once held before it told every reader to reload.
  var rowsGone = 0
  /// Whether the run is in its final check.
  var isFinishing = false

  init(seed: UInt64) {
    self.seed = seed
    random = SeededGenerator(seed: seed)
    isLongList = Int.random(in: 0..<Self.longListShare, using: &random) == 0
    server = ModelServer(
      pageSize: isLongList ? Int.random(in: 400...500, using: &random) : Int.random(in: 1...6, using: &random))
    server.honoursCount = !isLongList && Bool.random(using: &random)
    let count = isLongList ? Int.random(in: 20_000...30_000, using: &random) : Int.random(in: 0...120, using: &random)
    for index in 0..<count { server[index * 3] = "v0" }
    var feature = List(areInIncreasingOrder: { $0.id < $1.id }, anchorCursor: { PaginationCursor(String($0)) }) { _ in
      Page(elements: [])
    }
    if Int.random(in: 0..<4, using: &random) == 0 {
      feature.areInIncreasingOrder = nil  // only new first and last elements then, at the top and bottom
    }
    feature.prefetchDistance = Bool.random(using: &random) ? nil : Int.random(in: 0...4, using: &random)
    // Half the runs retry failures on their own (the model's timers fire when it says).
    feature.retry = Bool.random(using: &random) ? .never : RetryPolicy(maxRetries: 3, random: { 0.5 })
    feature.loadSize =
      Bool.random(using: &random) ? .fixed : .adaptive(maxCount: Int.random(in: 1...40, using: &random))
    if Bool.random(using: &random) {
      feature.maxElements = Self.limit(pageSize: server.pageSize, low: Bool.random(using: &random), using: &random)
    }
    if Int.random(in: 0..<3, using: &random) > 0 {
      // A loader that names a place some rows from an element: far landings skip to it.
      feature.offsetCursor = { id, rows in PaginationCursor("\(id)@\(rows)") }
    }
    if isLongList {  // large pages under the smallest limit a scroll needs: each page evicts one
      feature.loadSize = .fixed
      feature.prefetchDistance = Int.random(in: 0...16, using: &random)
      feature.maxElements = 3 * server.pageSize + 2 * (feature.prefetchDistance ?? 0)
    }
    rules = feature.rules
    rules.clock = FeatureClock(clock)
    isScreenless = Int.random(in: 0..<3, using: &random) == 0
    reloads = Bool.random(using: &random)
    let first = server.page(for: PageRequest(.first))
    largestPage = first.elements.count
    state = List.State(
      selection: first.elements.first?.id ?? -1, next: first.next, elements: first.elements)
    state.elements = IdentifiedElements(state.elements.map { Self.tagged($0, state.generation) })
  }

  /// A limit of a few pages, or (`low`) one often below what a scroll needs.
  static func limit(pageSize: Int, low: Bool, using random: inout SeededGenerator) -> Int {
    low ? Int.random(in: 1...(5 * pageSize), using: &random) : pageSize * Int.random(in: 3...12, using: &random)
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
      let pause = Int.random(in: 0..<50, using: &random) == 0
      clock.advance(by: .milliseconds(Int.random(in: pause ? 250...3_000 : 0...25, using: &random)))
      let action = randomAction()
      if let failure = perform(action) ?? check() { return report(failure) }
      if Self.logsStates {
        log.append(
          "   = \(state.elements.map(\.id)) start \(state.startStatus) end \(state.endStatus) reload \(state.reloadStatus) unseen \(state.unseenAtStart)/\(state.unseenAtEnd) held \(state.arrivals.map(\.element.id)), pages \(state.pages.map { "\($0.previous?.rawValue ?? "-")/\($0.count)/\($0.next?.rawValue ?? "-")" })"
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
    /// Removes every element of a page, live (one by one, or in a long list at once): an emptied
    /// page.
    case removePage(Int)
    /// Removes every loaded element, live and in one action (`removeAll`): an empty window.
    case removeWindow
    /// Removes every `every`th loaded element and a row the window does not hold, live and in one
    /// action (`removeAll`): rows scattered through the window, as "delete the read ones" does.
    case removeScattered(every: Int)
    /// Sets the window's limit, as an app under memory pressure sets or lowers it.
    case limit(Int)
    /// Reports on screen the element `rows` further in the scroll's direction.
    case scroll(rows: Int)
  }

  mutating func randomAction() -> Step {
    if isLongList, !loads.isEmpty, Int.random(in: 0..<3, using: &random) > 0 {  // pages come as a fling asks
      return .deliver(
        index: Int.random(in: 0..<loads.count, using: &random), failing: Int.random(in: 0..<20, using: &random) == 0,
        misbehaving: false)
    }
    let someID =
      state.elements.isEmpty
      ? Int.random(in: -5...400, using: &random)
      : state.elements[Int.random(in: state.elements.indices, using: &random)].id
    let direction = PaginationDirection.allCases.randomElement(using: &random) ?? .bottom
    switch Int.random(in: 0..<120, using: &random) {
    case 0..<35 where !loads.isEmpty:
      return .deliver(
        index: Int.random(in: 0..<loads.count, using: &random),
        failing: Int.random(in: 0..<10, using: &random) == 0,
        misbehaving: Int.random(in: 0..<10, using: &random) == 0)
    case 0..<45: return .action(.loadPage(direction))
    case 45..<52: return .action(.select(direction))
    case 52..<58 where !isScreenless: return .action(.elementAppeared(someID))
    case 52..<58: return .action(.loadPage(direction))
    case 66..<70,
      72..<77 where !reloads:
      return .action(.loadPage(direction))
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
      // A saved place: the one on screen now, or one whose element the list may no longer hold,
      // with its selection elsewhere (as far as the place says, or not).
      let anchor = Bool.random(using: &random) ? someID : Int.random(in: -5...400, using: &random)
      let place = state.place ?? List.Place(anchor: anchor, selection: anchor, context: state.context)
      let offset = Bool.random(using: &random) ? nil : Int.random(in: -40...40, using: &random)
      let elsewhere = List.Place(anchor: anchor, selection: someID, selectionOffset: offset, context: state.context)
      return .action(.restore(Bool.random(using: &random) ? place : elsewhere))
    case 74..<77:
      let targets: [List.JumpTarget] = [
        .start, .end, .element(someID), .element(Int.random(in: -5...400, using: &random)),
      ]
      return .action(.jump(to: targets.randomElement(using: &random) ?? .start))
    case 77..<82 where rules.areInIncreasingOrder != nil:
      return .insert(Int.random(in: -10...400, using: &random), at: .sorted)
    case 77..<85: return newFirstOrLast(at: Bool.random(using: &random) ? .start : .end)
    case 85..<90: return .update(Int.random(in: 0...400, using: &random))
    case 90..<91: return .removeWindow
    case 91..<92: return .removeScattered(every: Int.random(in: 2...5, using: &random))
    case 92..<100: return .remove(Bool.random(using: &random) ? someID : Int.random(in: 0...400, using: &random))
    case 100..<106 where !isScreenless: return .scroll(rows: Int.random(in: 1...6, using: &random))
    case 100..<106: return .action(.loadPage(direction))
    case 106..<108:
      // The selection on an end of the window: the list's own end, once that end is loaded.
      return .action(
        .selectElement((Bool.random(using: &random) ? state.elements.first : state.elements.last)?.id ?? someID))
    case 108..<109: return .removePage(Int.random(in: 0..<Swift.max(1, state.pages.count), using: &random))
    case 109..<110,
      110..<114 where !reloads:
      // Raised, so that the window grows, or lowered, often to a fraction of what the window holds:
      // far below it, which the next eviction must shed, on both sides of what is on screen.
      switch Int.random(in: 0..<3, using: &random) {
      case 0: return .limit(server.pageSize * Int.random(in: 12...40, using: &random))
      case 1: return .limit(Int.random(in: 1...Swift.max(1, state.elements.count / 4), using: &random))
      default: return .limit(Self.limit(pageSize: server.pageSize, low: true, using: &random))
      }
    case 114..<119 where !isScreenless: return .action(.scrollWillLand(randomLanding(someID: someID)))
    case 119..<120 where !isScreenless: return .action(.landingCancelled)
    default: return arrivalWhileLoading()
    }
  }

  /// A fling's landing, as a view reports it when the finger lifts: some rows from the row on
  /// screen, or from an element (in the window or not), inside the window, within reach of an edge
  /// (often just past it, while that edge loads), or far past it (a skip, when the loader names
  /// places); now and then on an element.
  mutating func randomLanding(someID: Int) -> List.Landing {
    let elsewhere = Int.random(in: -5...400, using: &random)
    if Int.random(in: 0..<4, using: &random) == 0 { scrollsDown.toggle() }
    switch Int.random(in: 0..<6, using: &random) {
    case 0:
      return .element(Bool.random(using: &random) ? someID : elsewhere)
    case 1, 2:
      let from: Int? = Bool.random(using: &random) ? nil : Bool.random(using: &random) ? someID : elsewhere
      let rows = Int.random(in: 1...(Bool.random(using: &random) ? 12 : 150), using: &random)
      return .rows(rows, toward: scrollsDown ? .bottom : .top, from: from)
    default:
      // Just past the window's edge, counted from the row on screen; toward an edge that loads,
      // where the landing waits for that edge's page.
      if state.startStatus.isLoading != state.endStatus.isLoading { scrollsDown = state.endStatus.isLoading }
      let direction: PaginationDirection = scrollsDown ? .bottom : .top
      let count = state.elements.count
      let origin = state.lastVisible.flatMap { state.elements.index(id: $0) } ?? state.selectionIndex ?? 0
      let toEdge = scrollsDown ? count - 1 - origin : origin
      guard Bool.random(using: &random) else {
        return .rows(toEdge + Int.random(in: 1...(4 * server.pageSize), using: &random), toward: direction)
      }
      // Just past what one request reaches: a skip whose page may wait beside the window for the
      // edge's rows (within reach of the edge's load in flight and one request more).
      var asked = server.pageSize
      if case .loading(let request) = state[direction.edge] { asked = request.count ?? asked }
      let past = state.loadSizes.countLimit + Int.random(in: 1...(asked + server.pageSize), using: &random)
      return .rows(toEdge + past, toward: direction)
    }
  }

  /// A new first or last element of the list (before or after every element it ever had, as a new
  /// message of a chat), inserted at that edge of the window.
  mutating func newFirstOrLast(at edge: PaginationEdge) -> Step {
    let gap = 2 * Int.random(in: 1...3, using: &random)
    return .insert(
      edge == .start ? server.lowestEver - gap : server.highestEver + gap, at: edge == .start ? .top : .bottom)
  }

  /// A new element posted while a page or a reload loads (else at a random edge): a new first or
  /// last element of the list at the edge that loads, or a sorted one a little beyond the window's
  /// edge there, where the page that loads may cover it.
  mutating func arrivalWhileLoading() -> Step {
    let edge: PaginationEdge
    switch (state.startStatus.isLoading, state.endStatus.isLoading) {
    case (true, false): edge = .start
    case (false, true): edge = .end
    default: edge = Bool.random(using: &random) ? .start : .end
    }
    if Bool.random(using: &random) || rules.areInIncreasingOrder == nil { return newFirstOrLast(at: edge) }
    let beyond = Int.random(in: 1...(2 * server.pageSize + 2), using: &random)
    let id = edge == .start ? (state.elements.first?.id ?? 0) - beyond : (state.elements.last?.id ?? 0) + beyond
    return .insert(id, at: .sorted)
  }

  mutating func perform(_ step: Step) -> String? {
    switch step {
    case .action(let action):
      log.append("→ \(String(describing: action).replacingOccurrences(of: "Pageflow.PaginationDirection", with: ""))")
      let waitsAside = state.landing?.page != nil
      let generation = state.generation
      if let failure = apply(action) { return failure }
      guard case .elementAppeared = action, waitsAside, state.landing == nil, state.generation != generation else {
        return nil
      }
      // The scroll ran out of the rows the edge brought: the landing's page replaced the window.
      return landed(askedAt: asideSentAt)
    case .deliver(let index, let failing, let misbehaving):
      let load = loads.remove(at: index)
      if load.isCancelled, Bool.random(using: &random) { return nil }  // the runtime drops it
      // The runtime always drops it when the same request was sent again: the feature could not tell
      // its answer, read before, from the new one's.
      if load.isCancelled, loads.contains(where: { $0.request == load.request && $0.generation == load.generation }) {
        return nil
      }
      let readWhenSent = Bool.random(using: &random)
      var page = server.page(for: load.request, readAt: readWhenSent ? load.sentAt : nil)
      if misbehaving {
        page.elements = server.overlapping(page.elements, for: load.request)
        // Its cursors are given next to the rows it sent, the overlapping ones included.
        if page.previous != nil, let first = page.elements.first { page.previous = "lt:\(first.id)" }
        if page.next != nil, let last = page.elements.last { page.next = "gt:\(last.id)" }
      }
      page.elements = page.elements.map { Self.tagged($0, load.generation) }
      struct Unavailable: TransientError {}
      let result: Result<Page<Row>, LoadError> = failing ? .failure(LoadError(Unavailable())) : .success(page)
      if !failing { largestPage = Swift.max(largestPage, page.elements.count) }
      let isLanding =
        !failing && load.slot == .landing && load.generation == state.generation
        && state.landing?.request == load.request
      let reloads = !failing && load.generation == state.generation && state.reloadStatus == .loading(load.request)
      let generation = state.generation
      log.append(
        "← \(load.request)\(load.isCancelled ? " (cancelled)" : "") gen \(load.generation == state.generation ? "current" : "old")\(readWhenSent ? ", read when sent" : ""): \(failing ? "failure" : "\(page.elements.map(\.id))")"
      )
      let response = List.PageResponse(request: load.request, result: result, generation: load.generation)
      if let failure = apply(.pageResponse(response)) { return failure }
      if isLanding, state.landing?.page != nil { asideSentAt = load.sentAt }  // it waits beside the window
      if isLanding, !page.elements.isEmpty, state.generation != generation { return landed(askedAt: load.sentAt) }
      // (A restore whose page is empty opens the start instead: that page replaced nothing.)
      if reloads, !page.elements.isEmpty || !state.isRefreshing { recountArrivals(askedAt: load.sentAt) }
      return nil
    case .insert(let id, let point):
      guard server[id] == nil else { return nil }
      server[id] = "v0"
      guard filter.includes(id) else { return nil }
      log.append("live insert \(id) at \(point)")
      let counted = (state.unseenAtStart, state.unseenAtEnd)
      if let failure = apply(.insert(Row(id: id, text: "v0"), at: point)) { return failure }
      if state.unseenAtStart > counted.0 {
        arrivals[id] = (.start, server.posted)
      } else if state.unseenAtEnd > counted.1 {
        arrivals[id] = (.end, server.posted)
      }
      return nil
    case .update(let id):
      guard let text = server[id] else { return nil }
      let next = "v\((Int(text.dropFirst()) ?? 0) + 1)"
      server[id] = next
      log.append("live update \(id)")
      let (offset, count) = (state.elements.index(id: id), state.elements.count)
      if let failure = apply(.update(Row(id: id, text: next))) { return failure }
      guard state.elements.index(id: id) == offset, state.elements.count == count,
        offset.map({ state.elements[$0].text == next }) ?? true
      else {
        return "the update of \(id) did not replace it in place"
      }
      return nil
    case .remove(let id):
      guard server[id] != nil else { return nil }
      server[id] = nil
      arrivals[id] = nil
      log.append("live remove \(id)")
      return apply(.remove(id))
    case .removePage(let page):
      // A long list's page goes at once: hundreds of removals one by one are hundreds of actions.
      if isLongList { return removeAtOnce(state.elements(ofPage: page).map(\.id)) }
      for id in state.elements(ofPage: page).map(\.id) {
        if let failure = perform(.remove(id)) { return failure }
      }
      return nil
    case .removeWindow:
      return removeAtOnce(state.elements.map(\.id))
    case .removeScattered(let every):
      let ids = state.elements.map(\.id)
      var chosen = stride(from: Int.random(in: 0..<every, using: &random), to: ids.count, by: every).map { ids[$0] }
      if let outside = server.ids.randomElement(using: &random) { chosen.append(outside) }
      return removeAtOnce(chosen)
    case .limit(let limit):
      log.append("limit \(limit)")
      if limit < rules.maxElements ?? .max { limitLowered = true }
      rules.maxElements = limit
      return nil
    case .scroll(let rows):
      guard !state.elements.isEmpty else { return nil }
      if Int.random(in: 0..<10, using: &random) == 0 { scrollsDown.toggle() }
      let from = state.lastVisible.flatMap { state.elements.index(id: $0) } ?? state.elements.count / 2
      let to = Swift.min(state.elements.count - 1, Swift.max(0, from + (scrollsDown ? rows : -rows)))
      if to == from { scrollsDown.toggle() }  // at an end of the window: back the other way
      return perform(.action(.elementAppeared(state.elements[to].id)))
    }
  }

  /// Removes the rows `ids` live, in one action (`removeAll`).
  mutating func removeAtOnce(_ ids: [Int]) -> String? {
    let gone = ids.filter { server[$0] != nil }
    guard !gone.isEmpty else { return nil }
    for id in gone {
      server[id] = nil
      arrivals[id] = nil
    }
    log.append("live remove \(gone.count) rows at once: \(gone.prefix(8))…")
    return apply(.removeAll(Set(gone)))
  }

  /// The page a scroll skipped to, asked for when `sentAt` rows were posted, replaced the window:
  /// the row it came to rest on is the row on screen.
  mutating func landed(askedAt sentAt: Int) -> String? {
    if state.lastVisible.flatMap(state.elements.index(id:)) == nil {
      return "the page a scroll skipped to came, and the row it came to rest on is not the row on screen"
    }
    recountArrivals(askedAt: sentAt)
    return nil
  }

  /// A page asked for when `sentAt` rows were posted replaced the window: what was posted since is
  /// counted beyond the edge of the new window it lies beyond.
  mutating func recountArrivals(askedAt sentAt: Int) {
    guard let first = state.elements.first?.id, let last = state.elements.last?.id else { return }
    for (id, arrival) in arrivals where arrival.posted > sentAt && (id < first || id > last) {
      arrivals[id]?.edge = id < first ? .start : .end
    }
  }

  /// Runs one transition as the reducer does and keeps the loads the runtime would run.
  mutating func apply(_ action: List.Action) -> String? {
    let before = state
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
      state.elements.changeToken != before.elements.changeToken,
      !state.elements.elementsEqual(before.elements, by: { $0.id == $1.id && $0.generation == $1.generation })
    {
      return "an answer from an older generation (a load before a refresh, reset or jump) changed the window"
    }
    if let failure = checkEviction(of: action, from: before) ?? checkLanding(action, commands, from: before) {
      return failure
    }
    if case .reset(let context) = action, !contextsEqual(context, before.context) {
      arrivals = [:]  // another list: its inserts are not this one's
    }
    var didUpdateAt: Int?
    for (offset, command) in commands.enumerated() {
      switch command {
      case .load(let request), .loadLanding(let request):
        let slot: LoadSlot = if case .loadLanding = command { .landing } else { LoadSlot(request) }
        for index in loads.indices where loads[index].slot == slot { loads[index].isCancelled = true }
        loads.append(Load(request: request, generation: state.generation, slot: slot, sentAt: server.posted))
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

  /// Checks what an eviction did against the documented rules (``EvictionRules``): the same action
  /// on the state before it, without a limit, gives the window before eviction, from which the
  /// rules decide. The live inserts that window holds count as seen, and those counted beyond an edge
  /// it reached the end at as done (eviction may take them again, or make that edge idle again).
  mutating func checkEviction(of action: List.Action, from before: List.State) -> String? {
    guard let limit = rules.maxElements, checksWholeWindow || !arrivals.isEmpty,
      state.elements.changeToken != before.elements.changeToken || state.pages != before.pages
    else { return nil }
    let growth: PaginationEdge?
    switch action {
    case .pageResponse(let response) where !response.request.position.replacesWindow:
      growth = response.request.direction.edge
    case .insert, .elementAppeared: growth = nil
    default: return nil
    }
    var unbounded = rules
    unbounded.maxElements = nil
    var grown = before
    _ = grown.apply(action, rules: unbounded)
    if !arrivals.isEmpty {
      // Eviction may take them, or make a reached end idle again.
      arrivals = arrivals.filter { !grown.elements.contains(id: $0.key) && !grown[$0.value.edge].isEndReached }
    }
    guard let bound = state.windowBound(rules: rules) else { return nil }
    var evicting = EvictionRules(
      window: grown, limit: limit, bound: bound, reach: state.prefetchDistance(rules), order: rules.areInIncreasingOrder
    )
    if case .elementAppeared = action { evicting.shrink(away: .start) } else { evicting.evict(after: growth) }
    limitLowered = false
    let expected = evicting.window.elements.map(\.id)
    let actual = state.elements.map(\.id)
    guard actual == expected, actual.isEmpty || state.selection == evicting.selection else {
      return """
        eviction left \(actual) selecting \(state.selection); the rules leave \(expected) selecting \
        \(evicting.selection) (limit \(limit), bound \(bound), prefetch distance \(evicting.reach), on screen \
        \(grown.lastVisible.map(String.init) ?? "nothing"), before eviction \(grown.elements.map(\.id)) in pages \
        \(grown.pages.map(\.count)) selecting \(grown.selection))
        """
    }
    return nil
  }

  /// The edge a landing held for an edge's page waits at.
  static func heldLandingEdge(_ state: List.State) -> PaginationEdge? {
    guard let held = state.heldLanding, case .offset(let rows, _) = held.target else { return nil }
    return rows > 0 ? .end : .start
  }

  /// A landing keeps what the docs promise: one past an end of the list that the window holds lands
  /// at that end (nothing skipped to, the window as it was); one held for an edge's page waits
  /// while that page may still come (loading, or failed, for the policy's or the user's retry), and
  /// is forgotten only when the page came (it lands then), that edge's load stopped (cancelled, or
  /// its pages evicted), or another landing or a reload replaced it.
  func checkLanding(_ action: List.Action, _ commands: [Command], from before: List.State) -> String? {
    if case .scrollWillLand(let landing) = action, case .offset(let rows, let from) = landing.target,
      !before.isRefreshing, !before.elements.isEmpty,
      let origin = (from ?? before.lastVisible).flatMap({ before.elements.index(id: $0) })
        ?? (from == nil ? before.selectionIndex : nil)
    {
      let edge: PaginationEdge = rows > 0 ? .end : .start
      let skipped = commands.contains { if case .loadLanding = $0 { true } else { false } }
      if !before.elements.indices.contains(origin.addingSaturated(rows)), before[edge].isEndReached,
        skipped || state.elements.map(\.id) != before.elements.map(\.id) || state.heldLanding != nil
      {
        return "a landing \(rows) rows from the row at \(origin) goes past the loaded \(edge), and did not land there"
      }
    }
    if let edge = Self.heldLandingEdge(state) {
      switch state[edge] {
      case .loading, .failed(_, retryable: true): break
      default: return "a landing is held for the \(edge)'s page, and the \(edge) is \(state[edge]): it never lands"
      }
    }
    guard let edge = Self.heldLandingEdge(before), state.heldLanding == nil else { return nil }
    let slot = LoadSlot(edge)
    let released = commands.contains { command in
      switch command {
      case .load(let request): request.position.replacesWindow
      case .cancel(let cancelled): cancelled == slot
      case .didEvict(let evicted, _): evicted == edge
      default: false
      }
    }
    var arrived = false
    if case .pageResponse(let response) = action, case .loading(let request) = before[edge],
      response.request == request,
      case .success = response.result
    {
      arrived = true
    }
    switch action {
    case .scrollWillLand, .landingCancelled: return nil
    default:
      guard released || arrived else { return "the landing held for the \(edge)'s page was forgotten" }
      return nil
    }
  }

  // MARK: Invariants

  var filter: RowFilter { state.context as? RowFilter ?? RowFilter(evenOnly: false) }

  /// Marks the live inserts the window holds as seen, and those counted beyond an edge that reached
  /// the end of the list as done, and checks the invariants.
  mutating func check() -> String? {
    if let failure = checkMirror() { return failure }
    if !arrivals.isEmpty {
      arrivals = arrivals.filter { !state.elements.contains(id: $0.key) && !state[$0.value.edge].isEndReached }
    }
    if limitLowered, let bound = documentedBound, state.elements.count <= bound { limitLowered = false }
    guard checksWholeWindow else { return nil }
    return checkInvariants()
  }

  /// Whether this step checks what costs O(the window): every step, but every sixteenth of a long
  /// list's, and none of its final paging through the whole list (its window is a thousand rows or
  /// more; its change sets are read and applied at every step).
  var checksWholeWindow: Bool { !isLongList || (step.isMultiple(of: 16) && !isFinishing) }

  /// Now and then (every step, or after a few: a view reads once a frame; a long list's view after
  /// every step), applies what changed since the last read to the mirror, which must then equal the
  /// window, with the row on screen where the change set says it was and is. A read that tells the
  /// view to reload everything is allowed only at the first read, and after a window replaced by
  /// one that keeps too few of its rows to list those that went (more than 8,192, as documented):
  /// every other change is told, a replaced window as a diff by id, a removal of many rows at once
  /// as one edit, however many rows the window evicted before.
  mutating func checkMirror() -> String? {
    guard isLongList || Int.random(in: 0..<3, using: &random) > 0 else { return nil }
    let isFirstRead = reader.version == nil
    let changes = reader.read(state)
    guard let elements = changes.elements else {
      // Allowed at the first read, and where the window was replaced by one that keeps too few of
      // its rows to list the rest (more than the documented 8,192 gone at once: a jump, a landing
      // or a reload away from a long window, which a view redraws whole anyway).
      let kept = mirror.reduce(0) { $0 + (state.elements.contains(id: $1.id) ? 1 : 0) }
      guard isFirstRead || mirror.count - kept > IdentifiedElements<Row>.replacedIDLimit else {
        return "the change set says to reload everything after \(mirror.count) rows"
      }
      mirror = Array(state.elements)
      return nil
    }
    if let anchor = changes.anchor {
      guard mirror.indices.contains(anchor.before), mirror[anchor.before].id == anchor.id,
        state.elements.index(id: anchor.id) == anchor.after
      else {
        return "the anchor \(anchor) is not where the mirror \(mirror.map(\.id)) and the window say"
      }
    } else if let onScreen = state.lastVisible, let after = state.elements.index(id: onScreen),
      let before = mirror.firstIndex(where: { $0.id == onScreen }), elements.indexBefore(after: after) == before
    {
      return "the row on screen \(onScreen) stayed (\(before) → \(after)), but the change set has no anchor"
    }
    do {
      try elements.apply(to: &mirror, from: state.elements)
    } catch {
      return "the change set \(elements) does not apply to the mirror \(mirror.map(\.id)): \(error)"
    }
    guard mirror.count == state.elements.count, !checksWholeWindow || mirror.elementsEqual(state.elements) else {
      return "the mirror \(mirror.map(\.id)) differs from the window \(state.elements.map(\.id)) after \(elements)"
    }
    rowsGone += elements.removedIDs.count
    return nil
  }

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
    if !ids.isEmpty, state.selectionIndex == nil, state.reach == nil {
      return "the selection \(state.selection) names no loaded element"
    }
    if let reach = state.reach, reach.target != state.selection || state.selectionIndex != nil {
      return "a restore reaches for \(reach.target), but the selection \(state.selection) is that loaded or another"
    }
    let remembered = state.startBook.requested.count + state.endBook.requested.count
    guard remembered <= state.pages.count + 2 else {
      return "the edges remember \(remembered) cursors for \(state.pages.count) pages"
    }
    if let edge = state.pendingSelection, !state[edge].isLoading {
      return "a selection waits at the \(edge), which is not loading: a later page would move it unasked"
    }
    guard server.isStretch(ids, of: filter) else {
      return "the window \(ids) is not a contiguous stretch of the server's list \(server.list(filter).map(\.id))"
    }
    if let failure = checkEdgesOfTheList(ids) ?? checkEvictionBound() ?? checkRetries() ?? checkArrivals() {
      return failure
    }
    for edge in PaginationEdge.allCases {
      let beyond = arrivals.values.filter { $0.edge == edge }.count
      guard state.unseenPastScreen(edge) >= beyond else {
        return
          "\(beyond) arrivals lie beyond the \(edge), but only \(state.unseenPastScreen(edge)) are counted as not reached"
      }
    }
    if let stale = state.elements.first(where: { server[$0.id] != $0.text }) {
      return "\(stale.id) reads \(stale.text), the server's \(server[stale.id] ?? "nothing"): an update was lost"
    }
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
    let ends = (
      start: server.walk(from: 0, forward: true, count: 1, filter, readAt: nil).first,
      end: server.walk(from: server.ids.count - 1, forward: false, count: 1, filter, readAt: nil).first
    )
    for edge in PaginationEdge.allCases where state[edge].isEndReached {
      guard state.unseen(edge) == 0 else {
        return "the \(edge) reached the end of the list and still counts \(state.unseen(edge)) unseen: hidden for good"
      }
      let (held, listEnd) = edge == .start ? (ids.first, ends.start) : (ids.last, ends.end)
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

  /// `max(maxElements, 3 × p + 2 × d)`, with `p` the largest page sent and `d` the prefetch
  /// distance (one page by default; adaptive, up to a fifth of the limit within the largest
  /// request); nil without a limit.
  var documentedBound: Int? {
    guard let limit = rules.maxElements else { return nil }
    var distance = rules.prefetchDistance ?? Swift.max(1, largestPage)
    if rules.loadSize.isAdaptive { distance = Swift.max(distance, Swift.min(rules.loadSize.maxCount, limit / 5)) }
    return Swift.max(limit, 3 * largestPage + 2 * distance)
  }

  /// No live insert is lost: each one counted and not seen in the window since is still counted (an
  /// insert lost beyond an end of the list, or inside the window, fails the checks of the list's
  /// ends and of its contiguity).
  func checkArrivals() -> String? {
    guard arrivals.count > state.unseenAtStart + state.unseenAtEnd else { return nil }
    return """
      the live inserts \(arrivals.keys.sorted()) are neither loaded nor counted (\(state.unseenAtStart) at the \
      start, \(state.unseenAtEnd) at the end): lost
      """
  }

  /// The documented bound (``documentedBound``), beyond which only the page holding what is on
  /// screen and pages no cursor could load again are kept: the edge eviction would take next cannot
  /// go. After the limit was lowered, from the next eviction on.
  func checkEvictionBound() -> String? {
    guard let bound = documentedBound, !limitLowered else { return nil }
    let count = state.elements.count
    guard count > bound else { return nil }
    let screen = state.lastVisible.flatMap { state.elements.index(id: $0) }
    // With nothing on screen, eviction takes the edge away from the growth: one must be stuck.
    let edges = screen.map { [$0 < count - 1 - $0 ? PaginationEdge.end : .start] } ?? PaginationEdge.allCases
    let pages = state.pages
    let stuck = edges.contains { edge in
      let (index, neighbour) = edge == .start ? (0, 1) : (pages.count - 1, pages.count - 2)
      guard pages.count > 1, let offsets = pages.range(ofPage: index), !offsets.isEmpty else { return pages.count <= 1 }
      let cursor = edge == .start ? pages[neighbour].previous : pages[neighbour].next
      return cursor == nil || screen.map(offsets.contains) == true
    }
    guard !stuck else { return nil }
    return """
      the window holds \(count) elements in pages of \(pages.map(\.count)), over its bound of \(bound), and \
      could shrink (on screen: \(screen.map(String.init) ?? "nothing"))
      """
  }

  /// Delivers what is in flight, refreshes from the start, pages to both ends with no failures and
  /// no limit, and compares the list with the server's.
  mutating func finish() -> String? {
    log.append("— final check")
    isFinishing = true
    rules.maxElements = nil
    while !loads.isEmpty {
      if let failure = perform(.deliver(index: 0, failing: false, misbehaving: false)) ?? check() {
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
      if let failure = apply(.pageResponse(response)) ?? check() { return failure }
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
