import Foundation
import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// A model-based test of the store: seeded random sequences of writes against a model of the
/// server's lists (every position, ascending and descending lists, pages that overlap what the
/// store holds or not, edits, moves, inserts and deletions on the server written back at once, row
/// and byte limits, the store reopened between steps, reads), through two stores on the same file
/// that write and read in turn, into two lists and a stream of short-lived ones, each under a name
/// of its own. After every step: every known range holds exactly the server's rows in its stretch,
/// no row lies outside a range, the counted rows and bytes are those on disk and within the limits,
/// the store's tables of list names and counts keep only the lists it holds something of, a
/// complete page read from disk is the server's page, and a range paged through from disk, on a
/// third store of the same file, gives the server's rows in the server's order.
///
/// `swift test` runs 4,000 steps, in runs of 1,000 from seed 1 (one for each of four tests that run
/// in parallel): the defects it has caught so far each failed it within its first three runs. `PAGEFLOW_STORE_MODEL_STEPS` and
/// `PAGEFLOW_STORE_MODEL_SEED` set the step count and the first seed (CI runs a longer campaign); a
/// failure names the seed and step that reproduce it, with the steps that led there.
struct StoreModelTests {
  static let stepsPerRun = 1_000

  /// The runs are shared among this many tests, which run in parallel.
  static let shares = 4

  /// Runs `share`, `share + shares`, `share + 2 × shares`… of the campaign.
  @Test(arguments: 0..<shares)
  func randomWritesKeepEveryRangeTrueToTheServer(share: Int) throws {
    let environment = ProcessInfo.processInfo.environment
    let steps = environment["PAGEFLOW_STORE_MODEL_STEPS"].flatMap(Int.init) ?? 4_000
    let firstSeed = environment["PAGEFLOW_STORE_MODEL_SEED"].flatMap(UInt64.init) ?? 1
    let runs = max(1, steps / Self.stepsPerRun)
    let folder = try TemporaryFolder()
    for run in stride(from: share, to: runs, by: Self.shares) {
      let seed = firstSeed + UInt64(run)
      var run = try StoreModelRun(seed: seed, path: folder.path("run-\(seed).sqlite"))
      if let failure = run.play(steps: Self.stepsPerRun) {
        Issue.record(Comment(rawValue: failure))
        return
      }
    }
  }
}

/// One run of the model test: two stores on a file of their own, its lists' servers, and the steps.
struct StoreModelRun {
  /// The lists that last the whole run.
  static let lastingLists = ["a", "b"]
  /// The most short-lived lists at a time.
  static let shortLivedLists = 2

  let seed: UInt64
  let path: String
  let order: SQLiteSortOrder
  let rowLimit: Int?
  let byteLimit: Int?
  private var random: SeededRandom
  /// The lists, each with a server of its own: the lasting ones, then the short-lived ones, which
  /// the run forgets once the store holds nothing of them (their names are never used again).
  private var lists = Self.lastingLists
  private var servers: [String: NoteServer] = [:]
  /// The number of the next short-lived list.
  private var nextList = 0
  private var store: SQLitePageStore<Note>
  /// A second store on the same file, with the same limits, which writes and reads too.
  private let neighbor: SQLitePageStore<Note>
  /// A third store on the same file, which only reads.
  private let reader: SQLitePageStore<Note>
  private let disk: DiskContents
  /// The next id of a new note.
  private var nextID: Int64 = 0
  /// The most rows and bytes the store may hold now: the limits, or the last page written when it
  /// alone is larger.
  private var bound = (rows: Int.max, bytes: Int.max)
  /// The last steps, for a failure's report.
  private var log: [String] = []
  /// What the store said it holds after the last step that wrote.
  private var counts = SQLitePageStoreStatus(rows: 0, ranges: 0)

  init(seed: UInt64, path: String) throws {
    self.seed = seed
    self.path = path
    var random = SeededRandom(seed: seed)
    order = Bool.random(using: &random) ? .ascending : .descending
    rowLimit = Int.random(in: 0..<3, using: &random) == 0 ? nil : Int.random(in: 8...50, using: &random)
    byteLimit = Int.random(in: 0..<3, using: &random) == 0 ? nil : Int.random(in: 250...1_600, using: &random)
    self.random = random
    store = try SQLitePageStore<Note>(path: path, order: order, rowLimit: rowLimit, byteLimit: byteLimit)
    neighbor = try SQLitePageStore<Note>(path: path, order: order, rowLimit: rowLimit, byteLimit: byteLimit)
    reader = try SQLitePageStore<Note>(path: path, order: order)
    disk = try DiskContents(path: path)
    for list in lists {
      let count = Int.random(in: 0...40, using: &self.random)
      servers[list] = NoteServer((0..<count).map { _ in newNote() }, order: order)
    }
  }

  /// The list a step uses: now and then a new short-lived one, of a few notes, else one of those
  /// the run has.
  private mutating func chooseList() -> String {
    guard lists.count < Self.lastingLists.count + Self.shortLivedLists, Int.random(in: 0..<25, using: &random) == 0
    else { return lists.randomElement(using: &random) ?? "a" }
    let list = "n\(nextList)"
    nextList += 1
    let count = Int.random(in: 0...6, using: &random)
    servers[list] = NoteServer((0..<count).map { _ in newNote() }, order: order)
    lists.append(list)
    return list
  }

  /// The store a step writes or reads through: mostly the first, else its neighbor.
  private mutating func chooseStore() -> SQLitePageStore<Note> {
    Int.random(in: 0..<4, using: &random) == 0 ? neighbor : store
  }

  /// A new note: a creation date shared with others often (so the id decides their order), and a
  /// text of a few bytes to a few dozen.
  private mutating func newNote() -> Note {
    defer { nextID += 1 }
    return note(nextID)
  }

  private mutating func note(_ id: Int64) -> Note {
    var note = Note(id, text: String(repeating: "é", count: Int.random(in: 0...12, using: &random)))
    note.created = Date(timeIntervalSinceReferenceDate: Double(Int.random(in: 0...30, using: &random)))
    return note
  }

  /// Plays `steps` steps; the first failure, with the seed, the step and the steps before it, or nil.
  mutating func play(steps: Int) -> String? {
    let setting =
      "\(order), rowLimit \(rowLimit.map(String.init) ?? "none"), byteLimit \(byteLimit.map(String.init) ?? "none")"
    for step in 0..<steps {
      do {
        let problems = try check(after: takeStep())
        if !problems.isEmpty { return report(step, setting, problems.joined(separator: "\n  ")) }
      } catch {
        return report(step, setting, "\(error)")
      }
    }
    return nil
  }

  private func report(_ step: Int, _ setting: String, _ failure: String) -> String {
    """
    Seed \(seed), step \(step) (rerun with PAGEFLOW_STORE_MODEL_SEED=\(seed) PAGEFLOW_STORE_MODEL_STEPS=1000), \
    \(setting): \(failure)
    Last steps:
      \(log.suffix(12).joined(separator: "\n  "))
    """
  }

  // MARK: - Steps

  /// What a step did.
  enum Step {
    /// Wrote to a list (the server's page, or a change of the server and its page).
    case wrote(String)
    /// Read a page, which changes nothing on disk.
    case read
    /// Opened the store again.
    case reopened
  }

  private mutating func takeStep() throws -> Step {
    let list = chooseList()
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<70: try write(at: randomPosition(in: list), limit: Int.random(in: 1...10, using: &random), in: list)
    case 70..<82: try changeServer(of: list)
    case 82..<97:
      try read(at: randomPosition(in: list), in: list)
      return .read
    default:
      log.append("reopen")
      store = try SQLitePageStore<Note>(path: path, order: order, rowLimit: rowLimit, byteLimit: byteLimit)
      return .reopened
    }
    return .wrote(list)
  }

  /// A position of every kind, at the key of a note the server holds, or of one it does not.
  private mutating func randomPosition(in list: String) throws -> PageRequest.Position {
    let notes = servers[list]?.notes ?? []
    let key =
      if let held = notes.randomElement(using: &random), Bool.random(using: &random) { held.key } else {
        note(Int64.random(in: 1_000_000...2_000_000, using: &random)).key
      }
    return PageScript.position(at: try PaginationCursor(key: key), using: &random)
  }

  /// Writes the server's page at `position` of `limit` notes into `list`, through either store.
  private mutating func write(at position: PageRequest.Position, limit: Int, in list: String) throws {
    guard let server = servers[list] else { return }
    let page = try server.page(at: position, limit: limit)
    let writer = chooseStore()
    log.append(
      "write \(list) \(describe(position)) limit \(limit)\(writer === neighbor ? " (neighbor)" : ""): "
        + "\(page.elements.map(\.id))")
    try writer.write(page, at: position, in: list)
    // A page that covers a stretch bounds the store by the limits, or by itself when larger. An
    // empty page covers something only where it says the list ends on each side (or its cursor
    // does): else it changes nothing, and the store may still hold a larger page written before.
    var coversSomething = !page.elements.isEmpty
    switch position {
    case .after: coversSomething = coversSomething || page.next == nil
    case .before: coversSomething = coversSomething || page.previous == nil
    case .first, .last, .around: coversSomething = coversSomething || (page.previous == nil && page.next == nil)
    }
    if coversSomething {
      let bytes = page.elements.reduce(0) { $0 + $1.storedBytes(in: list) }
      bound = (max(rowLimit ?? .max, page.elements.count), max(byteLimit ?? .max, bytes))
    }
  }

  /// Edits, moves, inserts or deletes a note on the server, and writes the page around it at once,
  /// as a live update would (so that every range the store holds stays true to the server).
  private mutating func changeServer(of list: String) throws {
    guard var server = servers[list] else { return }
    let key: Note.Key
    if let existing = server.notes.randomElement(using: &random), Int.random(in: 0..<4, using: &random) > 0 {
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        log.append("server \(list): edit #\(existing.id)")
        server.put(
          Note(existing.id, text: "edited \(Int.random(in: 0...999, using: &random))").moved(to: existing.created))
        key = existing.key
      case 1:
        let moved = note(existing.id)
        log.append("server \(list): move #\(existing.id) to \(moved.created.timeIntervalSinceReferenceDate)")
        server.put(moved)
        key = moved.key
      default:
        log.append("server \(list): remove #\(existing.id)")
        server.remove(id: existing.id)
        key = existing.key
      }
    } else {
      let added = newNote()
      log.append("server \(list): insert #\(added.id)")
      server.put(added)
      key = added.key
    }
    servers[list] = server
    try write(at: .around(PaginationCursor(key: key)), limit: Int.random(in: 2...8, using: &random), in: list)
  }

  /// Reads the page at `position` from disk: a complete page holds the server's records, and a
  /// cursor wherever the server has more. Where the server has nothing more, the store may still
  /// give a cursor (it cannot know that the list ends there when its range does not reach the
  /// list's end, or when a page's cursor names a row the server no longer holds), but never one
  /// the server's page would not have (the key of its first or last record).
  private mutating func read(at position: PageRequest.Position, in list: String) throws {
    let limit = Int.random(in: 1...10, using: &random)
    let source = chooseStore()
    let stored = try source.page(at: position, limit: limit, in: list)
    log.append(
      "read \(list) \(describe(position)) limit \(limit)\(source === neighbor ? " (neighbor)" : ""): "
        + "\(stored.map { "\($0.records.map(\.id))" } ?? "nil")")
    guard let page = stored?.page, stored?.isComplete == true, let server = servers[list] else { return }
    let expected = try server.page(at: position, limit: limit)
    let first = try page.elements.first.map { try PaginationCursor(key: $0.key) } ?? position.cursor
    let last = try page.elements.last.map { try PaginationCursor(key: $0.key) } ?? position.cursor
    guard page.elements == expected.elements,
      page.previous == expected.previous || (expected.previous == nil && page.previous == first),
      page.next == expected.next || (expected.next == nil && page.next == last)
    else { throw ModelFailure("read \(page) from disk, the server says \(expected)") }
  }

  // MARK: - Checks

  /// Everything wrong with the store after `step`: the counts and the limits after any step, and
  /// after a step that may change the disk (a write, a reopening) every range of every list, the
  /// lists the store's bookkeeping still names, and a range of the list written to paged through
  /// from disk. (A read changes no row or range: the counts say so.) A short-lived list the store
  /// holds nothing of any more is forgotten by the run too.
  private mutating func check(after step: Step) throws -> [String] {
    let written: String?
    switch step {
    case .wrote(let list): written = list
    case .reopened: written = nil
    case .read:
      let status = try store.status()
      return status == counts ? [] : ["a read changed the store from \(counts) to \(status)"]
    }
    var problems: [String] = []
    var rows = 0
    var bytes = 0
    var gone: Set<String> = []
    for list in lists {
      let notes = servers[list]?.notes ?? []
      let truth = order == .ascending ? notes : notes.reversed()  // in key order
      let held = try disk.notes(in: list)
      rows += held.count
      bytes += held.reduce(0) { $0 + $1.storedBytes(in: list) }
      let ranges = try store.ranges(in: list)
      if held.isEmpty, ranges.isEmpty, !Self.lastingLists.contains(list) { gone.insert(list) }
      problems += try disk.problems(in: list, ranges: ranges, truth: truth)
      if list == written, let range = ranges.randomElement(using: &random),
        let problem = try pageThrough(range, in: list, truth: truth)
      {
        problems.append(problem)
      }
    }
    lists.removeAll { gone.contains($0) }
    for list in gone { servers[list] = nil }
    problems += try disk.unforgottenLists().map { "the store still names \($0)" }
    let status = try store.status()
    counts = status
    if status.rows != rows || status.bytes != bytes {
      problems.append("status \(status), the disk holds \(rows) rows of \(bytes) bytes")
    }
    if rows > bound.rows || bytes > bound.bytes {
      problems.append("\(rows) rows of \(bytes) bytes, over the bound \(bound)")
    }
    return problems
  }

  /// Pages through `range` of `list` on the second store, from a note in it both ways, until the
  /// range's edges, in pages of a random length: what it gives must be the server's notes in the
  /// range, in the list's order.
  private mutating func pageThrough(_ range: KeyRange<Note.Key>, in list: String, truth: [Note]) throws -> String? {
    let inKeyOrder = truth.filter { range.contains($0.key) }
    let expected = order == .ascending ? inKeyOrder : inKeyOrder.reversed()
    guard let middle = expected.randomElement(using: &random) else { return nil }
    let limit = Int.random(in: 2...16, using: &random)
    guard let start = try reader.page(at: .around(PaginationCursor(key: middle.key)), limit: limit, in: list) else {
      return "\(list) \(range): no page around \(middle) on disk"
    }
    var records = start.records
    var page = start
    while !page.gapAfter, let next = page.page.next,
      let after = try reader.page(at: .after(next), limit: limit, in: list)
    {
      records += after.records
      page = after
    }
    page = start
    while !page.gapBefore, let previous = page.page.previous,
      let before = try reader.page(at: .before(previous), limit: limit, in: list)
    {
      records = before.records + records
      page = before
    }
    return records == expected
      ? nil : "\(list) \(range): paged \(records.map(\.id)) from disk, the server holds \(expected.map(\.id))"
  }

  private func describe(_ position: PageRequest.Position) -> String {
    switch position {
    case .first: "first"
    case .last: "last"
    case .after(let cursor): "after \(describe(cursor))"
    case .before(let cursor): "before \(describe(cursor))"
    case .around(let cursor): "around \(describe(cursor))"
    }
  }

  private func describe(_ cursor: PaginationCursor) -> String {
    guard let key = try? cursor.decode(Note.Key.self) else { return cursor.rawValue }
    return "(\(key.first.timeIntervalSinceReferenceDate), #\(key.second))"
  }
}

/// What the model test found wrong.
private struct ModelFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}

extension Note {
  /// The note, created at `date`.
  fileprivate func moved(to date: Date) -> Note {
    var note = self
    note.created = date
    return note
  }
}
