import Pageflow

@testable import PageflowBrowser

/// A channel of `count` test messages held in memory that answers each page at once: the ids are
/// multiples of 64 (the ids between two are live inserts), by filter (every fifth of them mentions
/// the reader, none is unread). Cursors are message ids; an `.around` cursor may
/// name a place some messages from one (`"42+5000"`), as the browser's fling asks.
struct SampleChannel: Sendable {
  let count: Int

  /// The ids of `filter`'s messages are `position × step`, for the positions `0 ..< size`.
  func layout(_ filter: MessageFilter) -> (step: Int64, size: Int) {
    switch filter {
    case .all: (64, count)
    case .mentions: (320, (count + 4) / 5)
    case .unread: (320, 0)
    }
  }

  /// The page `request` asks for: `request.count` messages, 20 when it does not say.
  func page(_ request: PageRequest) -> Page<Message> {
    let (step, size) = layout(MessageFilter.of(request))
    let limit = max(1, request.count ?? 20)
    /// The positions of the ids below `id` (or at most `id`, `including` it).
    func positions(below id: Int64, including: Bool) -> Int {
      let below = id < 0 ? 0 : (including ? id / step + 1 : (id + step - 1) / step)
      return Int(min(Int64(size), below))
    }
    let after: Int
    switch request.position {
    case .first: after = 0
    case .last: after = size - limit
    case .after(let cursor): after = positions(below: Int64(cursor.rawValue) ?? 0, including: true)
    case .before(let cursor):
      let upper = positions(below: Int64(cursor.rawValue) ?? 0, including: false)
      return page(max(0, upper - limit)..<upper, step: step, size: size)
    case .around(let cursor):
      let text = cursor.rawValue
      let sign = text.dropFirst().firstIndex { $0 == "+" || $0 == "-" } ?? text.endIndex
      let anchor = positions(below: Int64(text[..<sign]) ?? 0, including: false) + (Int(text[sign...]) ?? 0)
      after = min(anchor - limit / 2, size - limit)
    }
    return page(max(0, after)..<min(size, max(0, after) + limit), step: step, size: size)
  }

  /// The page of the messages at `positions`.
  func page(_ positions: Range<Int>, step: Int64, size: Int) -> Page<Message> {
    guard !positions.isEmpty else { return Page(elements: []) }
    let ids = positions.map { Int64($0) * step }
    return Page(
      previous: positions.lowerBound > 0 ? PaginationCursor("\(ids[0])") : nil,
      next: positions.upperBound < size ? PaginationCursor("\(ids[ids.count - 1])") : nil,
      elements: ids.map(Message.sample))
  }
}
