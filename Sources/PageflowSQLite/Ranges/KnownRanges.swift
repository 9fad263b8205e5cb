/// The stretches of one list that are held completely, in key order: none empty, no two touching
/// (ranges that overlap or meet are merged into one). What lies between them are the gaps.
///
/// ```
///   known:  (open ... 40]        [55 ... 70]            [90 ... open)
///   gaps:                (40 ... 55)        (70 ... 90)
/// ```
public struct KnownRanges<Key: Comparable>: CustomStringConvertible {
  /// The ranges, sorted by key.
  public private(set) var ranges: [KeyRange<Key>] = []

  /// No ranges: nothing known.
  public init() {}

  /// The union of `ranges` (in any order, merged where they touch).
  public init(_ ranges: some Sequence<KeyRange<Key>>) {
    for range in ranges { insert(range) }
  }

  /// Adds `range`, merging it with every range it overlaps or meets. An empty range changes nothing.
  public mutating func insert(_ range: KeyRange<Key>) {
    guard !range.isEmpty else { return }
    var merged = range
    var kept: [KeyRange<Key>] = []
    kept.reserveCapacity(ranges.count + 1)
    for existing in ranges {
      if existing.touches(merged) { merged = merged.union(existing) } else { kept.append(existing) }
    }
    let index = kept.firstIndex { $0.lowerCut > merged.lowerCut } ?? kept.endIndex
    kept.insert(merged, at: index)
    ranges = kept
  }

  /// The range holding `key`, if one does.
  public func range(containing key: Key) -> KeyRange<Key>? {
    range(containing: .key(key, .at))
  }

  /// The range holding the place `cut`, if one does (at most one can).
  func range(containing cut: KeyCut<Key>) -> KeyRange<Key>? {
    ranges.first { $0.contains(cut) }
  }

  /// The stretches between the ranges, and before the first and after the last where these do not
  /// reach the list's ends: where nothing is known.
  public var gaps: [KeyRange<Key>] {
    var gaps: [KeyRange<Key>] = []
    var lower = KeyRange<Key>.Bound.open
    for range in ranges {
      if range.lowerCut != .start { gaps.append(KeyRange(lower: lower, upper: range.lower.complement)) }
      lower = range.upper.complement
    }
    if ranges.last?.upperCut != .end { gaps.append(KeyRange(lower: lower, upper: .open)) }
    return gaps
  }

  /// The ranges, `[(open ... 40], [55 ... 70]]`.
  public var description: String { ranges.description }
}

extension KnownRanges: Equatable where Key: Equatable {}
extension KnownRanges: Sendable where Key: Sendable {}
