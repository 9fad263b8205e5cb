import Pageflow

/// The filter of the channel: the list's context. Each filter is a list of its own, on the server
/// and in the on-device store.
public enum MessageFilter: String, CaseIterable, PaginationContext {
  /// Every message.
  case all
  /// The messages that mention the reader.
  case mentions
  /// The messages not read yet.
  case unread

  /// The next filter in the cycle that `/` walks: all, mentions, unread, all, …
  public var next: MessageFilter {
    let all = Self.allCases
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + 1) % all.count]
  }

  /// The filter of `request` (its context); `.all` for a request without one.
  public static func of(_ request: PageRequest) -> MessageFilter {
    request.context as? MessageFilter ?? .all
  }
}
