import Pageflow

/// A post of the feed, newest first: ids grow with time, so a larger id is a newer post.
public struct FeedPost: Identifiable, Hashable, Codable, Sendable {
  /// Its id: the order it was posted in.
  public let id: Int
  /// Who wrote it.
  public let author: String
  /// What it says.
  public let text: String

  /// Post `id`, as the local source writes it: every seventh mentions the user.
  public init(id: Int) {
    self.id = id
    self.author = ["ana", "bo", "chen", "dev", "eli"][id % 5]
    self.text = id.isMultiple(of: 7) ? "@you, post \(id)" : "post \(id)"
  }

  /// Whether it mentions the user.
  public var mentionsYou: Bool { text.hasPrefix("@you") }
}

/// Which posts the feed shows: the context of its list.
public enum FeedFilter: String, PaginationContext, Codable, CaseIterable {
  /// Every post.
  case all
  /// The posts that mention the user.
  case mentions

  /// Whether it shows `post`.
  public func shows(_ post: FeedPost) -> Bool { self == .all || post.mentionsYou }
}
