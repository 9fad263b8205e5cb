/// A stretch of a list in the order of its sort key: from a lower to an upper bound, each a key
/// (included or excluded) or the open start or end of the list.
///
/// ```
///   (open ... k3]      every row up to and including k3
///   (k3 ... k9)        the rows strictly between k3 and k9
///   [k9 ... open)      k9 and every row after it
/// ```
///
/// The keys are dense: between two keys there may always be rows not seen yet, so `[k1, k3]` and
/// `[k4, k9]` do not touch (a row could lie between k3 and k4), while `[k1, k3]` and `(k3, k9]`
/// do.
public struct KeyRange<Key>: CustomStringConvertible {
  /// One end of a range.
  public enum Bound {
    /// The start (as a lower bound) or the end (as an upper bound) of the list.
    case open
    /// Up to or from this key, the key included.
    case included(Key)
    /// Up to or from this key, the key excluded.
    case excluded(Key)

    /// The bound with the same key on the other side: what a gap next to this bound starts from.
    var complement: Bound {
      switch self {
      case .open: .open
      case .included(let key): .excluded(key)
      case .excluded(let key): .included(key)
      }
    }

    /// The key, if the bound has one.
    var key: Key? {
      switch self {
      case .open: nil
      case .included(let key), .excluded(let key): key
      }
    }

    /// The bound with its key transformed.
    func map<Other>(_ transform: (Key) throws -> Other) rethrows -> KeyRange<Other>.Bound {
      switch self {
      case .open: .open
      case .included(let key): .included(try transform(key))
      case .excluded(let key): .excluded(try transform(key))
      }
    }
  }

  /// The lower end, in key order.
  public var lower: Bound
  /// The upper end, in key order.
  public var upper: Bound

  /// The range from `lower` to `upper`.
  public init(lower: Bound, upper: Bound) {
    self.lower = lower
    self.upper = upper
  }

  /// The whole list.
  public static var all: KeyRange { KeyRange(lower: .open, upper: .open) }

  /// The same range with its keys transformed (in an order-preserving way).
  public func map<Other>(_ transform: (Key) throws -> Other) rethrows -> KeyRange<Other> {
    KeyRange<Other>(lower: try lower.map(transform), upper: try upper.map(transform))
  }

  /// `(open, [3]]`, `[[1] ... [9])`.
  public var description: String {
    let low =
      switch lower {
      case .open: "(open"
      case .included(let key): "[\(key)"
      case .excluded(let key): "(\(key)"
      }
    let high =
      switch upper {
      case .open: "open)"
      case .included(let key): "\(key)]"
      case .excluded(let key): "\(key))"
      }
    return "\(low) ... \(high)"
  }
}

extension KeyRange.Bound: Equatable where Key: Equatable {}
extension KeyRange.Bound: Hashable where Key: Hashable {}
extension KeyRange.Bound: Sendable where Key: Sendable {}
extension KeyRange: Equatable where Key: Equatable {}
extension KeyRange: Hashable where Key: Hashable {}
extension KeyRange: Sendable where Key: Sendable {}

/// A place in a list's key order: the start, just below a key, at a key, just above a key, or the
/// end. A range is the places from its lower cut to its upper cut, both included.
enum KeyCut<Key: Comparable>: Comparable {
  /// Where a key stands relative to the cut.
  enum Side: Int, Comparable {
    case below = -1, at = 0, above = 1

    static func < (lhs: Side, rhs: Side) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  case start
  case key(Key, Side)
  case end
}

extension KeyRange where Key: Comparable {
  /// The first place the range holds.
  var lowerCut: KeyCut<Key> {
    switch lower {
    case .open: .start
    case .included(let key): .key(key, .at)
    case .excluded(let key): .key(key, .above)
    }
  }

  /// The last place the range holds.
  var upperCut: KeyCut<Key> {
    switch upper {
    case .open: .end
    case .included(let key): .key(key, .at)
    case .excluded(let key): .key(key, .below)
    }
  }

  /// Whether the range holds nothing (`(k, k)`, `(k, k]`, or an upper bound below the lower).
  public var isEmpty: Bool { lowerCut > upperCut }

  /// Whether `key` lies in the range.
  public func contains(_ key: Key) -> Bool { contains(.key(key, .at)) }

  /// Whether the place `cut` lies in the range.
  func contains(_ cut: KeyCut<Key>) -> Bool { lowerCut <= cut && cut <= upperCut }

  /// Whether the two ranges overlap or meet with nothing between them (`[a, k]` and `(k, b]`), so
  /// that together they are one range.
  public func touches(_ other: KeyRange) -> Bool {
    guard !isEmpty, !other.isEmpty else { return false }
    let (first, second) = lowerCut <= other.lowerCut ? (self, other) : (other, self)
    if second.lowerCut <= first.upperCut { return true }
    guard case .key(let end, let endSide) = first.upperCut, case .key(let start, let startSide) = second.lowerCut
    else { return false }
    return end == start && startSide.rawValue == endSide.rawValue + 1
  }

  /// The smallest range holding both.
  public func union(_ other: KeyRange) -> KeyRange {
    KeyRange(
      lower: lowerCut <= other.lowerCut ? lower : other.lower, upper: upperCut >= other.upperCut ? upper : other.upper)
  }
}
