import Pageflow
import PageflowSQLite
import Testing

/// The layered loader reads an `.around` anchor as an element's id, never as a key: an id whose
/// text happens to be the JSON of a key (a chat's text ids can be anything) still names its own
/// element.
struct AroundAnchorTests {
  /// A tag of a list sorted by score, with ids of any text.
  struct Tag: SQLiteRecord, Identifiable, Equatable {
    typealias Key = SQLiteKeyPair<Double, String>
    static let table = SQLiteTable(name: "tags", columns: [.text("id"), .real("score")], sortKey: ["score", "id"])

    var id: String
    var score: Double

    init(_ id: String, score: Double) {
      self.id = id
      self.score = score
    }

    init(row: SQLiteRow) throws {
      id = try row["id"]
      score = try row["score"]
    }

    var columnValues: [SQLiteValue] { [.text(id), .real(score)] }
    var key: Key { Key(score, id) }
  }

  /// Tags "t0" to "t99" at scores 0 to 99, and at score 95.5 one whose id reads as the key of "t5".
  static let impostorID = #"{"first":5,"second":"t5"}"#
  static let tags = (0..<100).map { Tag("t\($0)", score: Double($0)) } + [Tag(impostorID, score: 95.5)]

  @Test func anIdThatReadsAsAKeyNamesItsOwnElement() async throws {
    #expect(try PaginationCursor(rawValue: Self.impostorID).decode(Tag.Key.self) == Tag("t5", score: 5).key)
    let folder = try TemporaryFolder()
    let store = try SQLitePageStore<Tag>(path: folder.path())
    let sorted = Self.tags.sorted { $0.score < $1.score }
    try store.write(sorted, at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "list")
    let loader = LayeredPageLoader(store: store, pageSize: 4) { _ in throw CancellationError() }
    let page = try await loader.loadPage(PageRequest(.around(PaginationCursor(rawValue: Self.impostorID))))
    #expect(page.elements.map(\.id) == ["t94", "t95", Self.impostorID, "t96"])
    #expect(loader.statistics.diskPages == 1)
  }

  /// Text ids are looked up as text, integer ids as integers: `"07"` is not the id 7 of an INTEGER
  /// column, and `"t5"` is nobody in it.
  @Test func anIdIsReadAsAValueOfTheIdColumnsType() async throws {
    let folder = try TemporaryFolder()
    let store = try SQLitePageStore<Tag>(path: folder.path())
    try store.write([Tag("7", score: 1)], at: .first, hasMoreBefore: false, hasMoreAfter: false, in: "list")
    let loader = LayeredPageLoader(store: store, pageSize: 4) { _ in Page(elements: []) }
    #expect(try await loader.loadPage(PageRequest(.around("7"))).elements == [Tag("7", score: 1)])
    #expect(loader.statistics == LayeredPageLoader.Statistics(diskPages: 1))
    _ = try await loader.loadPage(PageRequest(.around("07")))
    #expect(loader.statistics.networkRequests == 1)
  }
}
