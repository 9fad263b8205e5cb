import Foundation
import Pageflow

@testable import PageflowBrowser

extension Message {
  /// Message `id` of a test channel: one every 31 seconds from 1 January 2026, by ada, saying
  /// which message it is; every tenth mentions the reader.
  static func sample(_ id: Int64) -> Message {
    Message(
      id: id, created: Date(timeIntervalSinceReferenceDate: 788_918_400 + Double(id) * 31), author: "ada",
      text: "message \(id)", isMention: id % 10 == 0, isUnread: false)
  }
}

/// The page of test messages `ids`, with cursors `before-<first>` and `after-<last>` where the
/// channel (`0 ..< total`) goes on.
func samplePage(_ ids: Range<Int64>, total: Int64 = 1_000) -> Page<Message> {
  Page(
    previous: ids.lowerBound > 0 ? PaginationCursor("before-\(ids.lowerBound)") : nil,
    next: ids.upperBound < total ? PaginationCursor("after-\(ids.upperBound - 1)") : nil,
    elements: ids.map(Message.sample))
}

/// A window holding `page`, with `selection` selected, on a terminal of `size`.
func sampleState(
  _ page: Page<Message>, selection: Int64, size: TerminalSize = .standard, filter: MessageFilter = .all
) -> Browser.State {
  var state = Browser.State(filter: filter, size: size)
  state.list = PaginationFeature<Message>.State(
    context: filter, selection: selection, previous: page.previous, next: page.next, elements: page.elements)
  return state
}
