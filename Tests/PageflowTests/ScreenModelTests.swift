import Foundation
import Pageflow
import PageflowTesting
import Testing

/// A model-based test of a screen as an app builds it: a `LoadableState` list in a bounded window,
/// a feature per row (a "mark as read" write that waits for the server, a thumbnail that is worth
/// loading only while the row is in memory), a star changed in place, and the network going and
/// coming back, before the list exists as well as after. Seeded random steps scroll both ways, jump,
/// refresh, remove, reset, load anew and release the server's answers in any order; after every
/// step:
/// - a write is cancelled exactly when its row was removed or the list replaced by a new load, never
///   because the row left memory (evicted, or a reset to another filter); a released write reaches
///   the server, and a loaded row shows it;
/// - a thumbnail is cancelled exactly when its row has left memory;
/// - a row shows as read only what the server holds or a write in flight;
/// - the list knows the connectivity the screen was told, whenever it arrived;
/// - a star set in place is there, and the pages still count the elements.
///
/// `swift test` runs 2,000 steps; `PAGEFLOW_SCREEN_MODEL_STEPS` and `PAGEFLOW_SCREEN_MODEL_SEED` set
/// the step count and the first seed (CI runs a longer campaign). A failure names the seed and step.
@MainActor
@Suite(.collectingWarnings)
struct ScreenModelTests {
  static let stepsPerRun = 200

  @Test func randomStepsKeepWhatTheUserDidAndWhatTheScreenShowsTrue() async {
    let environment = ProcessInfo.processInfo.environment
    let steps = environment["PAGEFLOW_SCREEN_MODEL_STEPS"].flatMap(Int.init) ?? 2_000
    let firstSeed = environment["PAGEFLOW_SCREEN_MODEL_SEED"].flatMap(UInt64.init) ?? 1
    let runs = Swift.max(1, steps / Self.stepsPerRun)
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      let run = ScreenModelRun(seed: seed)
      if let failure = await run.play(steps: Self.stepsPerRun) {
        Issue.record(Comment(rawValue: failure))
        return
      }
    }
  }
}

/// A note of the model screen.
struct Note: Identifiable, Equatable, Sendable {
  var id: Int
  var isRead = false
  var isStarred = false
}

/// Which list of notes is shown: a new filter is another list.
struct NoteFilter: PaginationContext {
  var number: Int
}

/// The model server: notes `0..<count` in pages of `pageSize` (cursors are offsets), the read marks
/// the rows' writes made, and the writes and thumbnails in flight, each held until the test
/// releases it or its task is cancelled. A list's first page is also on the device, and loads
/// offline.
@MainActor
final class NoteServer {
  struct Offline: TransientError {}

  /// What became of a request held by the server.
  enum Outcome: Equatable {
    case waiting
    case cancelled
    case done
  }

  let count = 200
  let pageSize = 5
  var isOnline = true
  private(set) var read: Set<Int> = []
  private(set) var outcomes: [Int: Outcome] = [:]
  private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
  private var starting: [Int: CheckedContinuation<Void, Never>] = [:]

  /// The page `request` asks for; offline, only what the device has kept (`fromDisk`: a list's first
  /// page) answers.
  func page(_ request: PageRequest, fromDisk: Bool = false) throws -> Page<Note> {
    guard isOnline || fromDisk else { throw Offline() }
    let start: Int
    switch request.position {
    case .first: start = 0
    case .last: start = count - pageSize
    case .after(let cursor): start = Int(cursor.rawValue) ?? count
    case .before(let cursor): start = (Int(cursor.rawValue) ?? 0) - pageSize
    case .around(let anchor): start = (Int(anchor.rawValue) ?? 0) - pageSize / 2
    }
    let range = Swift.max(0, start)..<Swift.min(count, Swift.max(0, start) + pageSize)
    return Page(
      previous: range.lowerBound > 0 ? PaginationCursor("\(range.lowerBound)") : nil,
      next: range.upperBound < count ? PaginationCursor("\(range.upperBound)") : nil,
      elements: range.map { Note(id: $0, isRead: read.contains($0)) })
  }

  /// Holds the request `number` until it is released (then `done` runs) or its task is cancelled.
  func hold(_ number: Int, _ done: () -> Void = {}) async throws {
    outcomes[number] = .waiting
    starting.removeValue(forKey: number)?.resume()
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if outcomes[number] == .cancelled {
          continuation.resume()
        } else {
          waiting[number] = continuation
        }
      }
    } onCancel: {
      MainActor.assumeIsolated {
        guard outcomes[number] == .waiting else { return }
        outcomes[number] = .cancelled
        waiting.removeValue(forKey: number)?.resume()
      }
    }
    guard outcomes[number] != .cancelled else { throw CancellationError() }
    outcomes[number] = .done
    done()
  }

  /// Returns once the request `number` has reached the server.
  func started(_ number: Int) async {
    guard outcomes[number] == nil else { return }
    await withCheckedContinuation { starting[number] = $0 }
  }

  func markRead(_ id: Int, request: Int) async throws {
    try await hold(request) { read.insert(id) }
  }

  func release(_ number: Int) {
    waiting.removeValue(forKey: number)?.resume()
  }
}

/// A note's row: marking it read shows at once and is written to the server; its thumbnail loads
/// only while the row is in memory.
struct NoteRow: Reducer {
  typealias State = Note

  /// Each request carries its number at the server.
  enum Action: Equatable, Sendable {
    case markRead(request: Int)
    case markedRead
    case loadThumbnail(request: Int)
    case thumbnailLoaded
  }

  let server: NoteServer

  var body: some ReducerOf<Self> {
    Reduce { note, action in
      switch action {
      case .markRead(let request):
        note.isRead = true
        let id = note.id
        return .run { send in
          try await server.markRead(id, request: request)
          send(.markedRead)
        }
      case .markedRead:
        note.isRead = true
        return .none
      case .loadThumbnail(let request):
        return .run { send in
          try await server.hold(request)
          send(.thumbnailLoaded)
        }
        .cancelledOnEviction()
      case .thumbnailLoaded:
        return .none
      }
    }
  }
}

/// The screen: the notes a `LoadableState` loads for a filter, in a window of at most 15, a row
/// feature per note, and a star the screen sets on a note in place.
struct NoteScreen: Reducer {
  struct State: Equatable, Sendable {
    @LoadableStateWith<NoteFilter, PaginationFeature<Note>.State> var notes
  }

  enum Action: Equatable, Sendable {
    case notes(LoadingActionOf<NoteFilter, PaginationFeature<Note>>)
    case rows(IdentifiedActionOf<NoteRow>)
    case star(Int)
  }

  let server: NoteServer

  var body: some ReducerOf<Self> {
    CombineReducers {
      Reduce { state, action in
        if case .star(let id) = action { state.notes?.elements[id: id]?.isStarred = true }
        return .none
      }
      .loadable(\.$notes, action: Action.notes) {
        PaginationFeature<Note>(prefetchDistance: 2, maxElements: 15, retry: .never) { @MainActor request in
          try server.page(request)
        }
      } load: { filter, _ in
        let page = try await server.page(PageRequest(.first, context: filter), fromDisk: true)
        return PaginationFeature<Note>.State(selectingFirstOf: page.elements, context: filter, next: page.next)
          ?? .notLoaded(context: filter, selection: 0)
      }
      .retrying(.never, clock: ContinuousClock())
    }
    .forEach(\.notes, elements: \.elements, action: Action.rows) { NoteRow(server: server) }
  }
}

/// One seeded run of the screen model.
@MainActor
final class ScreenModelRun {
  /// A row's request the model follows: whose row, the task of the action that started it, and
  /// whether it must have been cancelled.
  struct Held {
    let number: Int
    let note: Int
    let task: StoreTask
    let isWrite: Bool
    var mustBeCancelled = false
  }

  let seed: UInt64
  var random: SeededGenerator
  let server = NoteServer()
  let store: StoreOf<NoteScreen>
  var isOnline = true
  var filter = 0
  var held: [Held] = []
  var requests = 0
  var log: [String] = []

  init(seed: UInt64) {
    self.seed = seed
    random = SeededGenerator(seed: seed)
    let server = self.server
    store = Store(initialState: NoteScreen.State()) { NoteScreen(server: server) }
  }

  /// The filter of the list the model last saw.
  var listFilter: NoteFilter?

  var notes: PaginationFeature<Note>.State? { store.state.notes }
  /// The filter of the list on screen.
  var shownFilter: NoteFilter? { try? notes?.context(as: NoteFilter.self) }
  var loadedIDs: [Int] { notes.map { Array($0.elements.ids) } ?? [] }

  func randomLoaded() -> Int? { loadedIDs.randomElement(using: &random) }

  /// Plays `steps` steps; returns what went wrong, if anything.
  func play(steps: Int) async -> String? {
    for step in 0..<steps {
      let action = await takeStep()
      log.append(action)
      if let problem = check() {
        return "seed \(seed) (PAGEFLOW_SCREEN_MODEL_SEED=\(seed)), step \(step) after \(action): \(problem)\n"
          + "last steps: \(log.suffix(20).joined(separator: "; "))"
      }
    }
    return nil
  }

  /// Sends `action` and waits for what it started, but for the requests the server holds.
  func send(_ action: NoteScreen.Action) async {
    await store.send(action).finish()
  }

  func takeStep() async -> String {
    var roll = Int.random(in: 0..<100, using: &random)
    if notes == nil, roll < 60 { roll = 0 }
    switch roll {
    case 0..<4:
      filter += 1
      await send(.notes(.load(NoteFilter(number: filter))))
      return "load \(filter)\(shownFilter == NoteFilter(number: filter) ? "" : ": failed")"
    case 4..<24:
      guard let last = loadedIDs.last else { return "nothing to scroll" }
      await send(.notes(.loaded(.elementAppeared(last))))
      return "scroll down to \(last)"
    case 24..<36:
      guard let first = loadedIDs.first else { return "nothing to scroll" }
      await send(.notes(.loaded(.elementAppeared(first))))
      return "scroll up to \(first)"
    case 36..<54:
      guard let id = randomLoaded() else { return "nothing to mark" }
      let isWrite = roll < 48
      let number = requests
      requests += 1
      let action: NoteRow.Action = isWrite ? .markRead(request: number) : .loadThumbnail(request: number)
      let task = store.send(.rows(.element(id: id, action: action)))
      await server.started(number)
      held.append(Held(number: number, note: id, task: task, isWrite: isWrite))
      return isWrite ? "mark \(id) read" : "thumbnail \(id)"
    case 54..<66:
      let waiting = held.indices.filter { !held[$0].mustBeCancelled }
      guard let index = waiting.randomElement(using: &random) else { return "nothing to release" }
      let request = held.remove(at: index)
      server.release(request.number)
      await request.task.finish()
      return "release \(request.isWrite ? "write" : "thumbnail") of \(request.note)"
    case 66..<70:
      guard let id = randomLoaded() else { return "nothing to remove" }
      await send(.notes(.loaded(.remove(id))))
      forgetRows(unlessLoaded: true) { $0 == id }
      return "remove \(id)"
    case 70..<74:
      await send(.notes(.refresh))
      return "refresh"
    case 74..<77:
      let id = Int.random(in: 0..<server.count, using: &random)
      await send(.notes(.loaded(.jump(to: .element(id)))))
      return "jump to \(id)"
    case 77..<79:
      filter += 1
      await send(.notes(.loaded(.reset(context: NoteFilter(number: filter)))))
      // The rows left memory, not the list: their writes go on, their thumbnails went.
      for index in held.indices where !held[index].isWrite { held[index].mustBeCancelled = true }
      listFilter = shownFilter
      return "reset to \(filter)"
    case 79..<86:
      isOnline.toggle()
      server.isOnline = isOnline
      await send(.notes(.connectivityChanged(isOnline: isOnline)))
      return isOnline ? "online" : "offline"
    case 86..<92:
      guard let id = randomLoaded() else { return "nothing to star" }
      await send(.star(id))
      guard notes?.elements[id: id]?.isStarred == true else { return "star \(id): not starred" }
      return "star \(id)"
    default:
      let direction: PaginationDirection = Bool.random(using: &random) ? .bottom : .top
      await send(.notes(.loaded(.loadPage(direction))))
      return "load page \(direction)"
    }
  }

  /// Marks the writes and thumbnails of the rows `removed` accepts as due to be cancelled (a row
  /// removed, the list replaced by another): their work goes with them. A new load's list that
  /// holds a note again (`unlessLoaded`) keeps that row's work going. A thumbnail whose row the old
  /// list evicted in the same step (a reconnect that loads an edge and the list anew) went then.
  func forgetRows(unlessLoaded: Bool, _ removed: (Int) -> Bool) {
    for index in held.indices where removed(held[index].note) {
      let request = held[index]
      let evicted = !request.isWrite && server.outcomes[request.number] == .cancelled
      guard !unlessLoaded || !loadedIDs.contains(request.note) || evicted else { continue }
      held[index].mustBeCancelled = true
    }
  }

  func check() -> String? {
    if shownFilter != listFilter {
      // A load for another filter arrived (the step's own, or a failed one retried on reconnect).
      forgetRows(unlessLoaded: true) { _ in true }
      listFilter = shownFilter
    }
    let loaded = Set(loadedIDs)
    for index in held.indices {
      if !held[index].isWrite, !loaded.contains(held[index].note) { held[index].mustBeCancelled = true }
      let request = held[index]
      let outcome = server.outcomes[request.number]
      let expected: NoteServer.Outcome = request.mustBeCancelled ? .cancelled : .waiting
      guard outcome == expected else {
        return
          "the \(request.isWrite ? "write" : "thumbnail") of \(request.note) is \(outcome.map { "\($0)" } ?? "unknown"),"
          + " expected \(expected) (loaded: \(loaded.sorted()))"
      }
    }
    held.removeAll { $0.mustBeCancelled }
    guard let notes else { return nil }
    if notes.isOffline != !isOnline || store.state.$notes.isOffline != !isOnline {
      return "the list says offline \(notes.isOffline), the screen was told \(!isOnline)"
    }
    let writing = Set(held.filter(\.isWrite).map(\.note))
    for note in notes.elements {
      if server.read.contains(note.id), !note.isRead { return "\(note.id) is read on the server, not on screen" }
      if note.isRead, !server.read.contains(note.id), !writing.contains(note.id) {
        return "\(note.id) shows read with no write on the server or in flight"
      }
    }
    let counted = notes.pages.reduce(0) { $0 + $1.count }
    if counted != notes.elements.count { return "the pages count \(counted) of \(notes.elements.count) elements" }
    return nil
  }
}
