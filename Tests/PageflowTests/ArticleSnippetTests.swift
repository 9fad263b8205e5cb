import Testing

/// The snippets of the articles about pagination stand in their tests as written: each ```swift
/// block after a `<!-- mirrors: File.test -->` comment is, paragraph by paragraph (indentation and
/// imports aside), a run of lines of `Tests/PageflowTests/File.swift`, and that test exists; each
/// block after a `<!-- from: path -->` comment is a run of lines of the file at `path` (an example
/// app's source, which the checks of Apple platforms compile). A snippet that drifts from the code
/// that runs fails here.
@MainActor
struct ArticleSnippetTests {
  @Test(arguments: [
    "Pagination.md", "Window.md", "Migration.md", "BuildingAScreen.md", "Recovering.md", "CollectionViews.md",
    "GettingStarted.md", "Loaders.md", "Scrolling.md", "Reloads.md", "LiveUpdates.md", "Servers.md",
  ])
  func everySnippetStandsInItsTestAsWritten(article: String) throws {
    let text = try ReadmeSnippetTests.read("Documentation/\(article)")
    var checked = 0
    for block in text.components(separatedBy: "<!-- mirrors: ").dropFirst() {
      let name = block.prefix { $0 != " " }
      let parts = name.split(separator: ".")
      guard parts.count == 2, let file = try? ReadmeSnippetTests.read("Tests/PageflowTests/\(parts[0]).swift") else {
        Issue.record("\(article): \(name) names no test file")
        continue
      }
      #expect(file.contains("func \(parts[1])("), "\(article): no test \(name)")
      expectSnippet(of: block, standsIn: file, "\(article), \(name)")
      checked += 1
    }
    for block in text.components(separatedBy: "<!-- from: ").dropFirst() {
      let path = String(block.prefix { $0 != " " })
      guard let file = try? ReadmeSnippetTests.read(path) else {
        Issue.record("\(article): \(path) is no file of the package")
        continue
      }
      expectSnippet(of: block, standsIn: file, "\(article), \(path)")
      checked += 1
    }
    #expect(checked > 0, "\(article) has no mirrored snippet")
  }

  /// The ```swift block that opens `block` stands in `file`, paragraph by paragraph, as written.
  func expectSnippet(of block: String, standsIn file: String, _ name: String) {
    let code = block.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first ?? ""
    let source = ReadmeSnippetTests.lines(file) { _ in false }
    for paragraph in code.components(separatedBy: "\n\n") {
      let snippet = ReadmeSnippetTests.lines(paragraph) { $0.hasPrefix("import ") }
      #expect(snippet.isEmpty || source.contains(snippet), "\(name): not as written:\(snippet)")
    }
  }
}
