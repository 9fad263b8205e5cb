import Pageflow

/// A chat message.
struct Message: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String

  init(_ id: Int, _ text: String? = nil) {
    self.id = id
    self.text = text ?? "message \(id)"
  }
}

/// Pages of `size` messages over ids `0..<total`; page `k` holds ids `k*size ..< (k+1)*size` and its
/// cursors are `"page-(k-1)"` and `"page-(k+1)"`.
struct MessagePages {
  var size = 3
  var total = 12

  var lastPage: Int { (total - 1) / size }

  func messages(_ page: Int) -> [Message] {
    (page * size..<min(total, (page + 1) * size)).map { Message($0) }
  }

  func cursor(_ page: Int) -> PaginationCursor? {
    (0...lastPage).contains(page) ? PaginationCursor("page-\(page)") : nil
  }

  func page(_ page: Int) -> Page<Message> {
    Page(previous: cursor(page - 1), next: cursor(page + 1), elements: messages(page))
  }

  func info(_ page: Int) -> PageInfo {
    PageInfo(previous: cursor(page - 1), next: cursor(page + 1), count: messages(page).count)
  }

  /// A state holding page `page` with the first message selected.
  func state(at page: Int) -> PaginationFeature<Message>.State {
    PaginationFeature<Message>.State(
      selection: page * size, previous: cursor(page - 1), next: cursor(page + 1), elements: messages(page))
  }
}

typealias Feature = PaginationFeature<Message>

extension PageRequest {
  static func bottom(_ cursor: PaginationCursor?) -> PageRequest { PageRequest(direction: .bottom, cursor: cursor) }
  static func top(_ cursor: PaginationCursor?) -> PageRequest { PageRequest(direction: .top, cursor: cursor) }
  static func trailing(_ cursor: PaginationCursor?) -> PageRequest { PageRequest(direction: .trailing, cursor: cursor) }
}

extension PageRequest {
  /// The request of a refresh at `position`.
  static func refreshing(_ position: PageRequest.Position) -> PageRequest { PageRequest(position, isRefresh: true) }
}
