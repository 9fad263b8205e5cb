import Foundation
import Pageflow
import Testing

/// A GitHub-style API over posts `0..<total`: `/posts?page=n&per_page=p` (pages numbered from 1),
/// or `/posts?after=id&per_page=p` (a cursor), answering with relative `Link` URLs.
struct LinkedPostsServer: Sendable {
  var total = 100
  var defaultPerPage = 20
  /// The most rows a page holds, whatever `per_page` says.
  var maxPerPage = 100
  /// Pages always hold `defaultPerPage` rows.
  var ignoresPerPage = false
  /// Whether answers link the previous page.
  var linksPrevious = true
  /// Whether a page past the end links a next page anyway.
  var linksPastTheEnd = false
  let asked = Asked<URL>()

  static let first = URL(string: "https://api.example.com/posts") ?? URL(fileURLWithPath: "/")

  func answer(_ url: URL) -> (elements: [DocEntry], linkHeader: String?) {
    asked.append(url)
    let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
    func value(_ name: String) -> Int? { items.last { $0.name == name }?.value.flatMap { Int($0) } }
    let size = ignoresPerPage ? defaultPerPage : min(maxPerPage, value("per_page") ?? defaultPerPage)
    let sizeItem = value("per_page").map { "&per_page=\($0)" } ?? ""
    if let after = value("after") {  // a cursor: the rows after a post
      let rows = Array(min(total, after + 1)..<min(total, after + 1 + size))
      let next = rows.last.map { "</posts?after=\($0)\(sizeItem)>; rel=\"next\"" }
      return (rows.map { DocEntry($0) }, rows.last.map { $0 < total - 1 } == true ? next : nil)
    }
    let number = value("page") ?? 1
    let rows = Array(min(total, (number - 1) * size)..<min(total, number * size))
    let last = max(1, (total + size - 1) / size)
    var links = ["</posts?page=1\(sizeItem)>; rel=\"first\"", "</posts?page=\(last)\(sizeItem)>; rel=\"last\""]
    if number < last || linksPastTheEnd { links.append("</posts?page=\(number + 1)\(sizeItem)>; rel=\"next\"") }
    if number > 1, linksPrevious { links.append("</posts?page=\(number - 1)\(sizeItem)>; rel=\"prev\"") }
    return (rows.map { DocEntry($0) }, links.joined(separator: ", "))
  }
}

/// `LinkHeaderPages`: the next and previous pages of a `Link` API, with the requested count in the
/// URL's page size, and no row skipped or repeated however the count changes.
struct LinkHeaderPagesTests {
  let numbered = LinkHeaderPages(first: LinkedPostsServer.first, pageSize: "per_page", pageNumber: "page")

  func url(_ text: String) -> URL { URL(string: text) ?? LinkedPostsServer.first }

  @Test func theRequestedCountSetsThePageSizeOfACursorURL() throws {
    let pages = LinkHeaderPages(first: LinkedPostsServer.first, pageSize: "per_page")
    let next: PaginationCursor = "https://api.example.com/posts?after=YWJj%3D&per_page=20&q=a+b"
    #expect(
      try pages.url(for: PageRequest(.after(next), count: 45)).absoluteString
        == "https://api.example.com/posts?after=YWJj%3D&per_page=45&q=a+b")
    #expect(try pages.url(for: PageRequest(.after(next))) == url(next.rawValue))  // no count: as linked
    #expect(
      try pages.url(for: PageRequest(.first, count: 45)).absoluteString == "https://api.example.com/posts?per_page=45")
  }

  @Test(arguments: [
    // (linked, position, count, asked): the page's first row (forward) or last (backward) stays put.
    ("page=3&per_page=20", "after", 45, "page=2&per_page=40"),  // rows 40..<80
    ("page=4&per_page=20", "after", 45, "page=3&per_page=30"),  // rows 60..<90
    ("page=5&per_page=20", "after", 100, "page=2&per_page=80"),  // rows 80..<160
    ("page=2&per_page=20", "before", 45, "page=1&per_page=40"),  // rows 0..<40
    ("page=3&per_page=20", "before", 45, "page=2&per_page=30"),  // rows 30..<60
    ("page=3&per_page=20", "after", 10, "page=3&per_page=20"),  // never below the URL's own size
    ("page=2&per_page=20", "after", 21, "page=2&per_page=20"),  // 20 is the only divisor up to 21
  ])
  func aNumberedPageKeepsItsFirstRowWhenItsSizeChanges(linked: String, position: String, count: Int, asked: String)
    throws
  {
    let cursor = PaginationCursor("https://api.example.com/posts?\(linked)")
    let request = PageRequest(position == "after" ? .after(cursor) : .before(cursor), count: count)
    #expect(try numbered.url(for: request).query == asked)
  }

  /// Reads the whole list forward through `pages`, asking for `counts` in turn, and backward from
  /// the last page; returns the ids read each way.
  func readBothWays(_ pages: LinkHeaderPages, _ server: LinkedPostsServer, counts: [Int]) async throws -> (
    forward: [Int], backward: [Int]
  ) {
    var forward: [Int] = []
    var page = try await pages.load(PageRequest(.first, count: 20), fetch: server.answer)
    forward += page.elements.map(\.id)
    var turn = 0
    while let next = page.next, turn < 50 {
      page = try await pages.load(PageRequest(.after(next), count: counts[turn % counts.count]), fetch: server.answer)
      forward += page.elements.map(\.id)
      turn += 1
    }
    page = try await pages.load(PageRequest(.last, count: 20), fetch: server.answer)
    var backward = page.elements.map(\.id)
    while let previous = page.previous, turn < 100 {
      page = try await pages.load(
        PageRequest(.before(previous), count: counts[turn % counts.count]), fetch: server.answer)
      backward = page.elements.map(\.id) + backward
      turn += 1
    }
    return (forward, backward)
  }

  @Test func countsThatChangeOnEveryPageReadEveryRowOnceBothWays() async throws {
    let server = LinkedPostsServer(total: 237)
    let (forward, backward) = try await readBothWays(numbered, server, counts: [45, 30, 100, 7, 64])
    #expect(forward == Array(0..<237))
    #expect(backward == Array(0..<237))
  }

  @Test func aServerThatIgnoresThePageSizeIsAskedForTheURLItLinked() async throws {
    let server = LinkedPostsServer(total: 95, ignoresPerPage: true)
    let page = try await numbered.load(
      PageRequest(.after("https://api.example.com/posts?page=3&per_page=20"), count: 45), fetch: server.answer)
    #expect(page.elements.map(\.id) == Array(40..<60))  // page 3 of 20, as linked
    #expect(server.asked.all.map(\.query) == ["page=2&per_page=40", "page=3&per_page=20"])
    let (forward, backward) = try await readBothWays(numbered, server, counts: [45])
    #expect(forward == Array(0..<95))
    #expect(backward == Array(0..<95))
  }

  @Test func aServerThatCapsThePageSizeIsAskedForTheURLItLinked() async throws {
    let server = LinkedPostsServer(total: 300, maxPerPage: 30)
    let (forward, backward) = try await readBothWays(numbered, server, counts: [45, 100])
    #expect(forward == Array(0..<300))
    #expect(backward == Array(0..<300))
  }

  @Test func aCursorAPIThatSendsFewerRowsThanAskedGoesOnFromItsLastRow() async throws {
    let pages = LinkHeaderPages(
      first: LinkedPostsServer.first.appending(queryItems: [.init(name: "after", value: "-1")]), pageSize: "per_page")
    let server = LinkedPostsServer(total: 130, maxPerPage: 25)
    var ids: [Int] = []
    var request = PageRequest(.first, count: 45)
    while true {
      let page = try await pages.load(request, fetch: server.answer)
      ids += page.elements.map(\.id)
      guard let next = page.next, ids.count <= 130 else { break }
      request = PageRequest(.after(next), count: 45)
    }
    #expect(ids == Array(0..<130))
    #expect(server.asked.all.allSatisfy { $0.query?.contains("per_page=45") == true })
  }

  @Test func relativeLinksBecomeAbsoluteCursors() throws {
    let server = LinkedPostsServer()
    let request = PageRequest(.after("https://api.example.com/posts?page=2&per_page=20"))
    let answer = server.answer(try numbered.url(for: request))
    let page = numbered.page(
      answer.elements, linkHeader: answer.linkHeader, url: try numbered.url(for: request), for: request)
    #expect(page.next == "https://api.example.com/posts?page=3&per_page=20")
    #expect(page.previous == "https://api.example.com/posts?page=1&per_page=20")
  }

  @Test func aMissingPrevIsThePageBeforeByNumber() throws {
    let server = LinkedPostsServer(linksPrevious: false)
    let url = url("https://api.example.com/posts?page=3&per_page=20")
    let answer = server.answer(url)
    let page = numbered.page(
      answer.elements, linkHeader: answer.linkHeader, url: url, for: PageRequest(.after("\(url)")))
    #expect(page.previous == "https://api.example.com/posts?page=2&per_page=20")
    // Page 1 has nothing before it; and a cursor URL cannot be counted back: no previous cursor.
    let first = url.absoluteString.replacingOccurrences(of: "page=3", with: "page=1")
    #expect(
      numbered.page([DocEntry(0)], linkHeader: nil, url: self.url(first), for: PageRequest(.first)).previous == nil)
    let cursors = LinkHeaderPages(first: LinkedPostsServer.first, pageSize: "per_page")
    #expect(cursors.page([DocEntry(0)], linkHeader: nil, url: url, for: PageRequest(.first)).previous == nil)
  }

  @Test func anEmptyPageWithANextLinkEndsTheList() throws {
    let server = LinkedPostsServer(total: 40, linksPastTheEnd: true)
    let url = url("https://api.example.com/posts?page=3&per_page=20")
    let answer = server.answer(url)
    #expect(answer.elements.isEmpty && answer.linkHeader?.contains("rel=\"next\"") == true)
    #expect(
      numbered.page(answer.elements, linkHeader: answer.linkHeader, url: url, for: PageRequest(.after("\(url)"))).next
        == nil)
    // A cursor API whose empty page links to itself ends too.
    let cursors = LinkHeaderPages(first: LinkedPostsServer.first, pageSize: "per_page")
    let itself = "<\(url.absoluteString)>; rel=next"
    #expect(cursors.page([DocEntry](), linkHeader: itself, url: url, for: PageRequest(.after("\(url)"))).next == nil)
    #expect(cursors.page([DocEntry(1)], linkHeader: itself, url: url, for: PageRequest(.after("\(url)"))).next != nil)
  }

  @Test func theLastPageIsTheFirstPagesLastLink() async throws {
    let server = LinkedPostsServer(total: 95)
    let page = try await numbered.load(PageRequest(.last, count: 20), fetch: server.answer)
    #expect(page.elements.map(\.id) == Array(80..<95))
    #expect(page.next == nil)
    #expect(page.previous == "https://api.example.com/posts?page=4&per_page=20")
    #expect(server.asked.all.map(\.query) == ["per_page=20", "page=5&per_page=20"])
  }

  @Test func aJumpAsksForTheAnchorWhereTheAPIHasAParameterAndForTheFirstPageOtherwise() throws {
    var pages = numbered
    pages.around = "around"
    #expect(try pages.url(for: PageRequest(.around("42"), count: 30)).query == "around=42&per_page=30")
    #expect(try numbered.url(for: PageRequest(.around("42"), count: 30)).query == "per_page=30")
    #expect(throws: PaginationError.self) { try numbered.url(for: PageRequest(.after(""))) }
  }

  @Test func aPageNumberTooLargeToCountRowsIsAskedForAsLinked() throws {
    let linked = "https://api.example.com/posts?page=\(Int.max)&per_page=20"
    #expect(try numbered.url(for: PageRequest(.after(PaginationCursor(linked)), count: 45)).absoluteString == linked)
    let negative = "https://api.example.com/posts?page=-4&per_page=20"
    #expect(
      try numbered.url(for: PageRequest(.after(PaginationCursor(negative)), count: 45)).absoluteString == negative)
  }
}
