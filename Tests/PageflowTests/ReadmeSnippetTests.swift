import Foundation
import Pageflow
import PageflowTesting
import Testing

// The README's snippets, compiled and run. When one changes, change the other. The quick start's
// `MessagesFeature`, `MessageRequest` and `MessagesAPI` are in MessagesFeatureTests.swift.

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

@MainActor
struct ReadmeSnippetTests {
  @Test func theQuickStartLoadsPagesAndPrefetches() async {
    let api = MessagesAPI()
    // README: Run it in a `Store`.
    let store = Store(initialState: MessagesFeature.State()) { MessagesFeature(api: api) }
    await store.send(.onAppear).finish()  // first page loaded
    #expect(store.state.messages?.elements.map(\.id) == [0, 1, 2])
    await store.send(.messages(.loaded(.loadPage(.bottom)))).finish()  // next page appended
    #expect(store.state.messages?.elements.map(\.id) == Array(0...5))
    await store.send(.messages(.loaded(.elementAppeared(3)))).finish()  // prefetch as rows appear
    #expect(store.state.messages?.elements.map(\.id) == Array(0...8))
  }

  @Test func theTestingSnippetReceivesThePage() async {
    let firstPage = PaginationFeature<Message>.State(
      selection: 0, next: "page-1", elements: [Message(0), Message(1), Message(2)])
    // README: Testing.
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: firstPage) { PaginationFeature<Message>(loadPage: loader.loadPage) }
    let request = PageRequest(direction: .bottom, cursor: "page-1")
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(request) }
    loader.respond(to: request, with: Page(previous: "page-0", elements: [Message(3)]))
    await store.receive(case: PaginationFeature<Message>.Action.pageResponse) {
      $0.elements.append(contentsOf: [Message(3)])
      $0.pages.append(PageInfo(previous: "page-0", count: 1))
      $0.endStatus = .endReached(.noMoreCursor)
    }
    await store.receive(case: PaginationFeature<Message>.Action.delegate)
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

  /// Each ```swift block that the README says mirrors a test in this folder stands, as written
  /// (indentation, imports and the test's own `#expect` lines aside), in that test's file, and the
  /// test exists.
  @Test func everySnippetOfTheReadmeStandsInTheTestsAsWritten() throws {
    let readme = try Self.read("README.md")
    var checked = 0
    for block in readme.components(separatedBy: "<!-- mirrors: ").dropFirst() {
      let name = block.prefix { $0 != " " }.split(separator: ".")
      guard name.count == 2, let file = try? Self.read("Tests/PageflowTests/\(name[0]).swift") else { continue }
      #expect(file.contains("func \(name[1])("), "no test \(name.joined(separator: "."))")
      let code = block.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first
      let snippet = Self.lines(code ?? "") { $0.hasPrefix("import ") }
      #expect(
        !snippet.isEmpty && Self.lines(file) { $0.hasPrefix("#expect(") }.contains(snippet),
        "\(name.joined(separator: ".")): the README's snippet is not in \(name[0]).swift as written")
      checked += 1
    }
    #expect(checked == 4)
  }

  /// The README's manifest asks for the platforms Package.swift declares, and its table names every
  /// library the package offers.
  @Test func theReadmeNamesThePlatformsAndProductsOfThePackage() throws {
    let readme = try Self.read("README.md")
    let manifest = try Self.read("Package.swift")
    let platforms = manifest.split(separator: "\n").first { $0.contains("platforms: [") }
    #expect(platforms.map { readme.contains($0) } == true)
    let libraries = manifest.components(separatedBy: ".library(name: \"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(libraries.count == 4)
    for library in libraries {
      #expect(readme.contains("| `\(library)` |"), "the README's table of products does not name \(library)")
    }
  }
}
