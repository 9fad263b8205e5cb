import Foundation
import Pageflow
import PageflowTesting
import Testing

// The README's snippets, compiled and run. When one changes, change the other. The quick start is
// Examples/QuickStart/MessagesFeature.swift, whole, and the snippets that run it are in
// Tests/QuickStartTests/QuickStartTests.swift.

// README: A `public` reducer that holds closures must be declared `Sendable`.
public struct AccountFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    public var name: String?
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case load
    case loaded(String)
  }

  let fetchName: @Sendable () async throws -> String

  public init(fetchName: @escaping @Sendable () async throws -> String) {
    self.fetchName = fetchName
  }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        return .run { send in send(.loaded(try await fetchName())) }
      case .loaded(let name):
        state.name = name
        return .none
      }
    }
  }
}

// README: the quick start's record, and its stand-in for a server.
struct Memo: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String
}

/// 100 memos; a page's cursor is the offset of the first memo after it.
struct MemosAPI: Sendable {
  func memos(after cursor: PaginationCursor?, limit: Int) async throws -> (memos: [Memo], next: PaginationCursor?) {
    let start = min(max(Int(cursor?.rawValue ?? "0") ?? 0, 0), 100)
    let end = min(start + max(1, min(limit, 50)), 100)
    return ((start..<end).map { Memo(id: $0, text: "memo \($0)") }, end < 100 ? PaginationCursor("\(end)") : nil)
  }
}

@MainActor
struct ReadmeSnippetTests {
  @Test func theQuickStartLoadsAListAheadOfTheUser() async {
    let api = MemosAPI()
    let store = Store(initialState: PaginationFeature<Memo>.State.notLoaded(selection: 0)) {
      PaginationFeature<Memo>(maxElements: 1_000) { request in
        // request.cursor: nil for the first page, then the `next` of the page before;
        // request.count: how many rows one round trip needs; request.context: your filter.
        let (memos, next) = try await api.memos(after: request.cursor, limit: request.count ?? 20)
        return Page(next: next, elements: memos)
      }
    }
    await store.send(.loadPage(.bottom)).finish()  // the first page
    await store.send(.elementAppeared(15)).finish()  // a row on screen: the next page, ahead of the user
    let shown = store.elements  // what a view shows: ordered, unique by id
    let footer = store.loadMore(.bottom).status  // .more, .loading, .failed(error) or .end
    #expect(shown.count > 20 && shown.first?.id == 0)
    #expect(footer == .more)
    #expect(store.lastVisible == 15)
  }

  @Test func aPublicReducerThatHoldsAClosureIsSendable() async {
    let store = TestStore(initialState: AccountFeature.State()) { AccountFeature(fetchName: { "Ada" }) }
    await store.send(.load)
    await store.receive(.loaded("Ada")) { $0.name = "Ada" }
  }

  /// The root of the repository.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appending(path: path), encoding: .utf8)
  }

  /// The non-empty lines of `text` without their indentation, one string with a line break before
  /// and after each (so that a snippet matches whole lines only).
  static func lines(_ text: String, dropping isDropped: (Substring) -> Bool) -> String {
    let lines = text.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty && !isDropped($0) }
    return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n") + "\n"
  }

  /// The file of the test `name` (`File.test`): in `Tests/PageflowTests` or `Tests/QuickStartTests`.
  static func testFile(_ name: Substring) -> String? {
    ["PageflowTests", "QuickStartTests"].lazy.compactMap { try? read("Tests/\($0)/\(name).swift") }.first
  }

  /// Each ```swift block that the README says mirrors a test stands, as written (indentation,
  /// imports and the test's own `#expect` lines aside), in that test's file, and the test exists.
  @Test func everySnippetOfTheReadmeStandsInTheTestsAsWritten() throws {
    let readme = try Self.read("README.md")
    var checked = 0
    for block in readme.components(separatedBy: "<!-- mirrors: ").dropFirst() {
      let mirrored = block.prefix { $0 != " " }
      let code = block.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first
      // A test of another target (the on-device store's) is checked there.
      let name = mirrored.split(separator: ".")
      guard name.count == 2, let file = Self.testFile(name[0]) else { continue }
      checked += 1
      #expect(file.contains("func \(name[1])("), "no test \(mirrored)")
      let snippet = Self.lines(code ?? "") { $0.hasPrefix("import ") }
      #expect(
        !snippet.isEmpty && Self.lines(file) { $0.hasPrefix("#expect(") }.contains(snippet),
        "\(mirrored): the README's snippet is not in \(name[0]).swift as written")
    }
    #expect(checked == 2)
  }

  /// The release's version is in one place, `VERSION`: the README's install snippet asks for it,
  /// and the changelog's newest release is it (changes not released yet stand above it, under
  /// "Unreleased").
  @Test func theReadmeAndTheChangelogNameTheVersionOfTheRelease() throws {
    let version = try Self.read("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." })
    #expect(try Self.read("README.md").contains(#"from: "\#(version)")"#))
    let changelog = try Self.read("CHANGELOG.md")
    let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
    #expect(newest?.hasPrefix("## [\(version)]") == true, "the changelog's newest release: \(newest ?? "none")")
  }

  /// The README's manifest asks for the platforms Package.swift declares, and its table names every
  /// library the package offers.
  @Test func theReadmeNamesThePlatformsAndProductsOfThePackage() throws {
    let readme = try Self.read("README.md")
    let manifest = try Self.read("Package.swift")
    let platforms = manifest.split(separator: "\n").first { $0.contains("platforms: [") }
    #expect(platforms.map { readme.contains($0) } == true)
    let libraries = manifest.components(separatedBy: ".library(name: \"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(libraries.count == 5)
    for library in libraries {
      #expect(readme.contains("| `\(library)` |"), "the README's table of products does not name \(library)")
    }
  }
}
