import Pageflow

/// The feed's page source, on the device: `count` posts, newest first, in pages keyed by post id,
/// answering after `latency` (the time a server would take). What a real app's loader is, with a
/// network in between: only `page(for:)` would change.
///
/// Cursors: `older-ID` asks for the posts older than post ID (the next page, down the feed),
/// `newer-ID` for those newer (the previous page, up to the top); a page around a post is named
/// by its id (the list's `anchorCursor`), and a place some posts from one by `ID+N`
/// (`offsetCursor`: N posts older, or newer when negative), which a fling's landing asks for.
public actor LocalFeedSource {
  /// How many posts the feed holds; `post()` adds one.
  public private(set) var count: Int
  let latency: Duration
  let pageSize: Int

  /// A feed of `count` posts, answering pages of `pageSize` (or the count a request asks for)
  /// after `latency`.
  public init(count: Int = 5_000, pageSize: Int = 30, latency: Duration = .milliseconds(300)) {
    self.count = count
    self.pageSize = pageSize
    self.latency = latency
  }

  /// Posts a new post at the top of the feed; returns it.
  public func post() -> FeedPost {
    count += 1
    return FeedPost(id: count - 1)
  }

  /// The page `request` asks for, in its filter (`request.context`).
  public func page(for request: PageRequest) async throws -> Page<FeedPost> {
    try await Task.sleep(for: latency)
    let filter = request.context as? FeedFilter ?? .all
    let size = max(1, min(request.count ?? pageSize, 500))
    // The filter's posts, newest first, as their ids.
    let ids = stride(from: count - 1, through: 0, by: -1).filter { filter.shows(FeedPost(id: $0)) }
    // Where the posts as old as `id` or older start, and those older than it.
    func index(of id: Int) -> Int { ids.firstIndex { $0 <= id } ?? ids.count }
    func index(olderThan id: Int) -> Int { ids.firstIndex { $0 < id } ?? ids.count }
    // The page from `start`, kept within the feed (a page near an end is a full page when it can be).
    func page(from start: Int) -> Range<Int> {
      let lower = min(max(0, start), max(0, ids.count - size))
      return lower..<min(ids.count, lower + size)
    }
    let range: Range<Int>
    switch request.position {
    case .first: range = page(from: 0)
    case .last: range = page(from: ids.count - size)
    case .around(let cursor):
      let parts = cursor.rawValue.split(separator: "+", maxSplits: 1)
      guard let first = parts.first, let id = Int(first), let offset = parts.count == 2 ? Int(parts[1]) : 0 else {
        throw PaginationError.invalidCursor(cursor.rawValue)
      }
      range = page(from: index(of: id).addingReportingOverflow(offset).partialValue - size / 2)
    case .after(let cursor), .before(let cursor):
      let parts = cursor.rawValue.split(separator: "-", maxSplits: 1)
      guard parts.count == 2, let id = Int(parts[1]), ["older", "newer"].contains(parts[0]) else {
        throw PaginationError.invalidCursor(cursor.rawValue)
      }
      let end = index(of: id)  // the posts newer than `id` are before it
      let older = index(olderThan: id)
      range = parts[0] == "older" ? older..<min(ids.count, older + size) : max(0, end - size)..<end
    }
    let page = Array(ids[range])
    return Page(
      previous: range.lowerBound > 0 ? page.first.map { PaginationCursor("newer-\($0)") } : nil,
      next: range.upperBound < ids.count ? page.last.map { PaginationCursor("older-\($0)") } : nil,
      elements: page.map { FeedPost(id: $0) })
  }
}
