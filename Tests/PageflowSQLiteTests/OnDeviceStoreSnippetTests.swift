import Foundation
import Pageflow
import PageflowSQLite
import Testing

// The code of every snippet in Documentation/OnDeviceStore.md, compiled and run. The article names
// the test that each snippet mirrors (`<!-- mirrors: OnDeviceStoreSnippetTests.testName -->`), and
// `everySnippetOfTheArticleIsInThisFile` checks that each snippet stands here as written. Types are
// prefixed `Doc` so that they do not clash with other test files.

/// A note of an inbox, kept on device.
struct DocNote: SQLiteRecord, Identifiable, Equatable {
  var id: Int64
  var created: Date
  var text: String

  /// Where a note stands in the list: its creation date, then its id (unique).
  struct Key: SQLiteSortKey, Comparable {
    var created: Date
    var id: Int64

    init(created: Date, id: Int64) {
      self.created = created
      self.id = id
    }

    init(row: SQLiteRow) throws {
      created = try row["created"]
      id = try row["id"]
    }

    var sortValues: [SQLiteValue] { [created.sqliteValue, id.sqliteValue] }

    static func < (a: Key, b: Key) -> Bool { (a.created, a.id) < (b.created, b.id) }
  }

  static let table = SQLiteTable(
    name: "notes",
    columns: [.integer("id"), .real("created"), .text("text")],
    sortKey: ["created", "id"]
  )

  init(row: SQLiteRow) throws {
    id = try row["id"]
    created = try row["created"]
    text = try row["text"]
  }

  var columnValues: [SQLiteValue] { [id.sqliteValue, created.sqliteValue, text.sqliteValue] }

  var key: Key { Key(created: created, id: id) }
}

extension DocNote {
  /// Note `id` of the example inbox: one a minute.
  init(_ id: Int64) {
    self.id = id
    created = Date(timeIntervalSinceReferenceDate: 60 * Double(id))
    text = "note \(id)"
  }
}

/// The inbox's server, as an app's API client sees it: pages in key order after a cursor (or from
/// the start), with a `next` cursor while there are more. It counts the requests it answers.
actor DocNoteAPI {
  private let notes = (0..<Int64(500)).map(DocNote.init)
  private(set) var requests = 0

  func page(at position: PageRequest.Position, limit: Int) throws -> Page<DocNote> {
    requests += 1
    let after = try position.cursor?.decode(DocNote.Key.self)
    let rest = notes.drop { note in after.map { !($0 < note.key) } ?? false }
    let page = Array(rest.prefix(limit))
    return Page(
      previous: after == nil ? nil : position.cursor,
      next: rest.count > limit ? try page.last.map { try PaginationCursor(key: $0.key) } : nil,
      elements: page)
  }
}

struct OnDeviceStoreSnippetTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("inbox.sqlite")
  }

  @Test func aStoreOpensOnAFileAndWritesWhatTheNetworkSent() async throws {
    let store = try SQLitePageStore<DocNote>(path: path, order: .ascending, rowLimit: 10_000)
    let api = DocNoteAPI()

    let first = try await api.page(at: .first, limit: 50)
    try store.write(first, at: .first, in: "inbox")
    let next = try #require(first.next)
    let second = try await api.page(at: .after(next), limit: 50)
    try store.write(second, at: .after(next), in: "inbox")

    #expect(try store.ranges(in: "inbox") == [KeyRange(lower: .open, upper: .included(DocNote(99).key))])
    let status = try store.status(of: "inbox")  // 100 rows in 1 range, and their bytes
    #expect(status.rows == 100 && status.ranges == 1)
  }

  @Test func aPageComesFromDiskAsFarAsAKnownRangeReaches() throws {
    let store = try SQLitePageStore<DocNote>(path: path)
    let notes = (0..<Int64(100)).map(DocNote.init)
    try store.write(notes, at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "inbox")

    let cursor = try PaginationCursor(key: DocNote(79).key)
    let stored = try #require(try store.page(at: .after(cursor), limit: 50, in: "inbox"))
    #expect(stored.records.map(\.id) == Array(80...99))  // 20 records: the range ends at 99
    #expect(stored.gapAfter && !stored.isComplete)  // the rest is for the network
    #expect(try stored.page.next?.decode(DocNote.Key.self) == DocNote(99).key)

    let beyond = try PaginationCursor(key: DocNote(99).key)
    #expect(try store.page(at: .after(beyond), limit: 50, in: "inbox") == nil)  // a gap: go to the network
  }

  @Test func aPageAroundANoteFoundByItsId() throws {
    let store = try SQLitePageStore<DocNote>(path: path)
    let notes = (0..<Int64(100)).map(DocNote.init)
    try store.write(notes, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "inbox")

    let key = try #require(try store.key(ofID: 42, in: "inbox"))
    let around = try #require(try store.page(at: .around(PaginationCursor(key: key)), limit: 6, in: "inbox"))
    #expect(around.records.map(\.id) == [39, 40, 41, 42, 43, 44])  // half before, the note, the rest after
  }

  @Test func knownRangesMergeWhenTheyTouchAndLeaveGapsWhereTheyDoNot() {
    var known = KnownRanges<Int>()
    known.insert(KeyRange(lower: .open, upper: .included(40)))
    known.insert(KeyRange(lower: .included(55), upper: .included(70)))
    known.insert(KeyRange(lower: .excluded(70), upper: .included(80)))  // meets [55, 70]: merged
    known.insert(KeyRange(lower: .included(90), upper: .open))

    #expect(
      known.ranges == [
        KeyRange(lower: .open, upper: .included(40)),
        KeyRange(lower: .included(55), upper: .included(80)),
        KeyRange(lower: .included(90), upper: .open),
      ])
    #expect(
      known.gaps == [
        KeyRange(lower: .excluded(40), upper: .excluded(55)),
        KeyRange(lower: .excluded(80), upper: .excluded(90)),
      ])
  }

  @Test func aLayeredLoaderAsksTheDiskBeforeTheNetwork() async throws {
    let store = try SQLitePageStore<DocNote>(path: path)
    let api = DocNoteAPI()
    let loader = LayeredPageLoader(store: store, pageSize: 50, list: { _ in "inbox" }) { request in
      try await api.page(at: request.position, limit: 50)
    }
    let first = try await loader.loadPage(PageRequest(.first))  // from the network, then kept
    let again = try await loader.loadPage(PageRequest(.first))  // from disk: no request
    #expect(again == first)
    #expect(await api.requests == 1)

    _ = try await loader.loadPage(PageRequest(.first, isRefresh: true))  // a refresh asks the network
    #expect(await api.requests == 2)
    #expect(loader.statistics == LayeredPageLoader.Statistics(diskPages: 1, networkRequests: 2))
  }

  @Test func offlineTheLoaderAnswersFromDiskAndNeverAsksTheNetwork() async throws {
    let store = try SQLitePageStore<DocNote>(path: path)
    let api = DocNoteAPI()
    let loader = LayeredPageLoader(store: store, pageSize: 50, list: { _ in "inbox" }) { request in
      try await api.page(at: request.position, limit: 50)
    }
    let first = try await loader.loadPage(PageRequest(.first))  // from the network, then kept

    loader.isOnline = false  // from the app's reachability monitor
    #expect(try await loader.loadPage(PageRequest(.first)) == first)  // from disk
    let refreshed = try await loader.loadPage(PageRequest(.first, isRefresh: true))
    #expect(refreshed.isStale)  // the network could not revalidate it
    await #expect(throws: NetworkUnavailable()) {  // a page the disk lacks fails at once
      try await loader.loadPage(PageRequest(.after(try #require(first.next))))
    }
    #expect(await api.requests == 1)
  }

  @Test func pagesOutOfOrderAreRefusedAndNothingIsStored() throws {
    let store = try SQLitePageStore<DocNote>(path: path)
    #expect(throws: SQLitePageStoreError.self) {
      try store.write([DocNote(2), DocNote(1)], at: .first, hasMoreBefore: false, hasMoreAfter: true, in: "inbox")
    }
    #expect(try store.status().rows == 0)
  }

  @Test func aDamagedFileIsRebuiltFromNothing() throws {
    try Data("not a database".utf8).write(to: URL(fileURLWithPath: path))

    let store: SQLitePageStore<DocNote>
    do {
      store = try SQLitePageStore<DocNote>(path: path)
    } catch SQLitePageStoreError.needsRebuild {  // damaged, foreign, or of another format
      try SQLiteConnection.removeDatabase(atPath: path)  // the cache is lost, not the app
      store = try SQLitePageStore<DocNote>(path: path)
    }
    #expect(try store.status().rows == 0)
  }

  @Test func theOverviewSnippetKeepsAndServesPages() throws {
    let networkPage = Page(
      next: try PaginationCursor(key: DocNote(99).key), elements: (0..<Int64(100)).map(DocNote.init))

    let store = try SQLitePageStore<DocNote>(path: path, order: .ascending, rowLimit: 10_000)
    try store.write(networkPage, at: .first, in: "inbox")  // one transaction: rows, deletions, known range
    let stored = try store.page(at: .first, limit: 20, in: "inbox")  // nil: not on disk, ask the network
    let key = try store.key(ofID: 42, in: "inbox")  // for a page .around(PaginationCursor(key: key))
    let gaps = KnownRanges(try store.ranges(in: "inbox")).gaps  // where only the network can help
    let status = try store.status()  // rows and ranges held, for a status line

    #expect(stored?.records == Array(networkPage.elements.prefix(20)) && stored?.isComplete == true)
    #expect(key == DocNote(42).key)
    #expect(gaps == [KeyRange(lower: .excluded(DocNote(99).key), upper: .open)])
    #expect(status.rows == 100 && status.ranges == 1)
  }

  /// Each ```swift block of the article stands in this file as written (indentation aside), and the test its mirror comment names exists.
  @Test func everySnippetOfTheArticleIsInThisFile() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let article = try String(contentsOf: root.appending(path: "Documentation/OnDeviceStore.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    /// The non-empty lines of `text`, without their indentation, one string (a line break before
    /// and after each, so that a snippet matches whole lines only).
    func lines(_ text: some StringProtocol) -> String {
      let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n") + "\n"
    }
    let blocks = article.components(separatedBy: "<!-- mirrors: OnDeviceStoreSnippetTests.").dropFirst()
    #expect(blocks.count >= 9)
    for block in blocks {
      let test = String(block.prefix { $0 != " " })
      #expect(source.contains("func \(test)("), "no test \(test)")
      let code = block.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first
      let snippet = lines(code ?? "")
      #expect(
        !snippet.isEmpty && lines(source).contains(snippet), "\(test): the snippet is not in this file as written")
    }
  }
}
