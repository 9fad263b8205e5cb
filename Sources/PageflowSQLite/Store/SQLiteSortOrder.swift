/// The order of a list by its sort key: oldest first (ascending) or newest first (descending).
public enum SQLiteSortOrder: String, Hashable, Sendable {
  /// The smallest key first: "first" is the smallest key, "after k" the keys above k.
  case ascending
  /// The largest key first: "first" is the largest key, "after k" the keys below k.
  case descending
}
