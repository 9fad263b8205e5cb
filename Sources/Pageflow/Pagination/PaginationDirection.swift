/// Where to page: `.top`/`.bottom` prepend and append while scrolling vertically; `.leading`/
/// `.trailing` page horizontally, moving the selection and continuing it once a page arrives.
///
/// `.top` and `.leading` both mean "before the first loaded element", `.bottom` and `.trailing`
/// "after the last".
public enum PaginationDirection: String, Hashable, Sendable, CaseIterable, Codable {
  /// Before the first element, scrolling vertically: prepends.
  case top
  /// After the last element, scrolling vertically: appends.
  case bottom
  /// Before the selection, paging horizontally.
  case leading
  /// After the selection, paging horizontally.
  case trailing

  /// The end of the list this direction loads at.
  public var edge: PaginationEdge {
    switch self {
    case .top, .leading: .start
    case .bottom, .trailing: .end
    }
  }

  /// Whether this direction continues the selection across a page boundary.
  public var isHorizontal: Bool { self == .leading || self == .trailing }
}

/// One of the two ends of a list, each loading independently.
public enum PaginationEdge: String, Hashable, Sendable, CaseIterable, Codable {
  /// Before the first loaded element (`.top`, `.leading`).
  case start
  /// After the last loaded element (`.bottom`, `.trailing`).
  case end

  /// The other edge.
  public var opposite: PaginationEdge { self == .start ? .end : .start }
}
