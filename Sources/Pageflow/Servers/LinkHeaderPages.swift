import Foundation

/// The pages of an HTTP API that links them with `Link` headers (RFC 8288), as GitHub's and
/// GitLab's REST APIs do: each answer's `rel="next"` and `rel="prev"` URLs are the cursors.
///
/// ```swift
/// let issues = LinkHeaderPages(first: url, pageSize: "per_page", pageNumber: "page")
/// let feature = PaginationFeature<Issue> { request in
///   try await issues.load(request) { url in
///     let (data, response) = try await URLSession.shared.data(from: url)
///     let link = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Link")
///     return (try JSONDecoder().decode([Issue].self, from: data), link)
///   }
/// }
/// ```
///
/// The traps it closes:
/// - **The requested count.** A next URL carries the page size it was made with (`per_page=20`),
///   so a loader that follows it asks for 20 rows when the feature wants 45. The URL's page-size
///   parameter (``pageSize``) is set to ``PageRequest/count``. Where pages are numbered
///   (``pageNumber``), a new size moves every page's first row, so the size is one that keeps the
///   requested page's first row (its last, loading backward) where it is: the largest divisor of
///   that row's offset up to the count, never below the URL's own size. If the server then sends a
///   page of another size (it caps or ignores the parameter), the URL it linked is loaded instead,
///   so that no row is skipped or repeated.
/// - **Relative URLs**, resolved against the request's URL, and the header's syntax as servers send
///   it (``LinkHeader``).
/// - **A missing `prev`.** With numbered pages, page `n − 1` is the previous page when the server
///   links none (a window without cursors back cannot evict, see ``PaginationFeature/maxElements``).
/// - **An empty last page with a `next` link**: with numbered pages an empty page is past the end,
///   and a `next` link to the URL just loaded goes nowhere: both end the list.
/// - **Jumps.** ``PageRequest/Position/last`` loads the first page, then its `rel="last"` URL;
///   ``PageRequest/Position/around(_:)`` asks for the first URL with the anchor in ``around`` where
///   the API has such a parameter, and for the first page otherwise.
public struct LinkHeaderPages: Hashable, Sendable {
  /// The URL of the list's first page.
  public var first: URL
  /// The query parameter that sets the page size (`per_page`, `limit`), or nil when the API has
  /// none: then ``PageRequest/count`` is not sent.
  public var pageSize: String?
  /// The query parameter that numbers the pages from 1 (`page`), or nil when the URLs carry a
  /// cursor or an offset, which a new page size does not move.
  public var pageNumber: String?
  /// The query parameter that asks for the page around an element (its
  /// ``PaginationFeature/anchorCursor``), or nil when the API cannot jump: then a jump or a
  /// refresh in place loads the first page.
  public var around: String?

  /// The pages from `first` on, their size set by the query parameter `pageSize`, numbered by
  /// `pageNumber` (nil: the URLs carry cursors), and a jump asked for with `around`.
  public init(first: URL, pageSize: String?, pageNumber: String? = nil, around: String? = nil) {
    self.first = first
    self.pageSize = pageSize
    self.pageNumber = pageNumber
    self.around = around
  }

  /// The URL that `request` names as the server linked it: the cursor's (a `next` or `prev` URL),
  /// the first page's, or the first page's with the anchor. Throws
  /// ``PaginationError/invalidCursor(_:)`` for a cursor that is not a URL.
  public func linkedURL(for request: PageRequest) throws -> URL {
    switch request.position {
    case .first, .last: return first
    case .after(let cursor), .before(let cursor):
      guard let url = URL(string: cursor.rawValue) else {
        throw PaginationError.invalidCursor("\"\(cursor)\" is not a URL")
      }
      return url
    case .around(let anchor):
      guard let around else { return first }
      return Self.setting([(around, anchor.rawValue), (pageNumber, nil)], in: first)
    }
  }

  /// The URL to load for `request`: ``linkedURL(for:)`` with its page size set to the requested
  /// count (see the type's discussion). For ``PageRequest/Position/last``, the first page's:
  /// its answer's `rel="last"` link is the page (``load(_:isolation:fetch:)`` loads both).
  public func url(for request: PageRequest) throws -> URL {
    let linked = try linkedURL(for: request)
    guard let pageSize, let count = request.count else { return linked }
    guard let pageNumber, !isAround(request) else {
      return Self.setting([(pageSize, String(count))], in: linked)
    }
    let number = Self.integer(pageNumber, in: linked) ?? 1
    guard number >= 1 else { return linked }
    guard number > 1 || request.position.isBefore else {
      return Self.setting([(pageSize, String(count))], in: linked)
    }
    guard let size = Self.integer(pageSize, in: linked), size >= 1 else { return linked }
    // The row the page starts at (ends at, loading backward), which the new size keeps in place.
    let (row, overflow) = (request.position.isBefore ? number : number - 1).multipliedReportingOverflow(by: size)
    guard !overflow, row > 0 else { return linked }
    var newSize = size
    if count > size {
      for candidate in stride(from: Swift.min(count, row), to: size, by: -1) where row % candidate == 0 {
        newSize = candidate
        break
      }
    }
    let newNumber = request.position.isBefore ? row / newSize : row / newSize + 1
    return Self.setting([(pageSize, String(newSize)), (pageNumber, String(newNumber))], in: linked)
  }

  /// The page of `elements` that `url` answered for `request`, with the `Link` header of the answer
  /// (nil: none): its `next` and `prev` links (or `previous`) are the cursors.
  public func page<Element>(
    _ elements: [Element], linkHeader: String?, url: URL, for request: PageRequest
  ) -> Page<Element> {
    let links = LinkHeader(linkHeader, base: url)
    var next = links["next"]
    var previous = links["prev"] ?? links["previous"]
    if previous == nil, let pageNumber, let number = Self.integer(pageNumber, in: url), number > 1 {
      previous = Self.setting([(pageNumber, String(number - 1))], in: url)
    }
    if elements.isEmpty, pageNumber != nil || next?.absoluteString == url.absoluteString {
      next = nil
    }
    return Page(
      previous: previous.map { PaginationCursor($0.absoluteString) },
      next: next.map { PaginationCursor($0.absoluteString) },
      elements: elements)
  }

  /// Loads the page `request` asks for through `fetch`, which loads a URL and returns its elements
  /// and its `Link` header: one request, or two for the last page (the first page, then its
  /// `rel="last"` link) and for a numbered page the server sent at another size than asked (then
  /// the URL it linked).
  ///
  /// It runs on the caller's actor (`isolation`), so that `fetch` need not be `Sendable`.
  public func load<Element>(
    _ request: PageRequest, isolation: isolated (any Actor)? = #isolation,
    fetch: (URL) async throws -> (elements: [Element], linkHeader: String?)
  ) async throws -> Page<Element> {
    let linked = try linkedURL(for: request)
    var url = try self.url(for: request)
    var answer = try await fetch(url)
    if url != linked, pageNumber != nil, let pageSize, let asked = Self.integer(pageSize, in: url) {
      let hasNext = LinkHeader(answer.linkHeader, base: url)["next"] != nil
      if answer.elements.count > asked || (answer.elements.count < asked && hasNext) {
        url = linked
        answer = try await fetch(url)
      }
    }
    if request.position == .last, let last = LinkHeader(answer.linkHeader, base: url)["last"],
      last.absoluteString != url.absoluteString
    {
      url = last
      answer = try await fetch(url)
    }
    return page(answer.elements, linkHeader: answer.linkHeader, url: url, for: request)
  }

  /// Whether `request` asks for the page around an anchor with the ``around`` parameter.
  private func isAround(_ request: PageRequest) -> Bool {
    guard case .around = request.position else { return false }
    return around != nil
  }

  /// The integer value of the query parameter `name` in `url`, if it has one.
  private static func integer(_ name: String, in url: URL) -> Int? {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedQueryItems ?? []
    return items.last { $0.name == name }?.value.flatMap { Int($0) }
  }

  /// `url` with each named query parameter set to its value (percent-encoded here), or removed
  /// when the value is nil; the other parameters kept as they were written. A nil name is skipped.
  private static func setting(_ values: [(String?, String?)], in url: URL) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
    var items = components.percentEncodedQueryItems ?? []
    for case (let name?, let value) in values {
      let encoded = value?.addingPercentEncoding(withAllowedCharacters: unreserved)
      var found = false
      items = items.compactMap { item in  // the first in place, with the new value; no other
        guard item.name == name else { return item }
        guard !found, let encoded else { return nil }
        found = true
        return URLQueryItem(name: name, value: encoded)
      }
      if !found, let encoded { items.append(URLQueryItem(name: name, value: encoded)) }
    }
    components.percentEncodedQueryItems = items.isEmpty ? nil : items
    return components.url ?? url
  }

  /// The characters a query value keeps as they are (RFC 3986's unreserved).
  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension PageRequest.Position {
  /// Whether the page lies before a cursor (loading backward).
  var isBefore: Bool {
    if case .before = self { return true }
    return false
  }
}
