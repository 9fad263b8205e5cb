/// What changed in a list's elements between two reads, as a collection view applies it: the
/// elements removed (at their indices before), the elements inserted (at their indices after), and
/// the elements changed in place (at both), the indices `performBatchUpdates` expects. Produced
/// from the edits the list recorded as it made them (a page appended, pages evicted, a live insert,
/// an element updated), never by comparing the whole list: O(the change).
///
/// ```swift
/// collectionView.performBatchUpdates {
///   collectionView.deleteItems(at: changes.removedIndices.map { IndexPath(item: $0, section: 0) })
///   collectionView.insertItems(at: changes.insertedIndices.map { IndexPath(item: $0, section: 0) })
/// }
/// // Once the batch is applied, at the indices after it:
/// collectionView.reconfigureItems(at: changes.updated.map { IndexPath(item: $0.after, section: 0) })
/// ```
///
/// ``ListChanges/batchUpdates`` gives these calls as a value; `PageflowUIKit` issues them.
public struct ElementChanges<ID: Hashable>: Equatable {
  /// An element changed in place: its index before and its index after.
  public struct Update: Hashable, Sendable {
    /// Its index before the changes.
    public var before: Int
    /// Its index after them.
    public var after: Int

    /// An element at `before` before the changes and at `after` after them.
    public init(before: Int, after: Int) {
      self.before = before
      self.after = after
    }
  }

  /// How many elements there were before the changes.
  public var countBefore: Int
  /// How many elements there are after them.
  public var countAfter: Int
  /// The indices, before the changes, of the elements removed: ascending, in ranges that neither
  /// touch nor overlap.
  public var removed: [Range<Int>]
  /// The ids of the elements removed, in the order of ``removed``'s indices.
  public var removedIDs: [ID]
  /// The indices, after the changes, of the elements inserted: ascending, in ranges that neither
  /// touch nor overlap.
  public var inserted: [Range<Int>]
  /// The elements that stayed and changed in place, by ascending index.
  public var updated: [Update]

  /// Changes made of these parts (a test, a preview): `removed` and `inserted` are sorted and
  /// joined into ranges that neither touch nor overlap.
  public init(
    countBefore: Int, countAfter: Int, removed: [Range<Int>] = [], removedIDs: [ID] = [],
    inserted: [Range<Int>] = [], updated: [Update] = []
  ) {
    self.init(
      countBefore: countBefore, countAfter: countAfter, joinedRemoved: Self.joined(removed), removedIDs: removedIDs,
      joinedInserted: Self.joined(inserted), updated: updated)
  }

  /// No change: `count` elements before and after.
  public static func none(count: Int) -> Self { Self(countBefore: count, countAfter: count) }

  /// Whether nothing changed.
  public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && updated.isEmpty }

  /// Every index of ``removed``, ascending.
  public var removedIndices: [Int] { removed.flatMap { Array($0) } }
  /// Every index of ``inserted``, ascending.
  public var insertedIndices: [Int] { inserted.flatMap { Array($0) } }

  /// How many elements were removed before the index `before` had before the changes.
  public func removed(before index: Int) -> Int {
    removed.reduce(0) { $0 + Swift.max(0, Swift.min($1.upperBound, index) - $1.lowerBound) }
  }

  /// How many elements were inserted before the index `after` has after the changes.
  public func inserted(before index: Int) -> Int {
    inserted.reduce(0) { $0 + Swift.max(0, Swift.min($1.upperBound, index) - $1.lowerBound) }
  }

  /// `ranges` sorted, and joined where they touch or overlap.
  static func joined(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var joined: [Range<Int>] = []
    for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = joined.last, range.lowerBound <= last.upperBound {
        joined[joined.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
      } else {
        joined.append(range)
      }
    }
    return joined
  }
}

extension ElementChanges {
  /// A stretch of the list after the edits so far: elements that were there before (from the index
  /// `before` on, in order, `updated` when one of them changed in place since), or elements
  /// inserted since.
  @usableFromInline
  enum Segment {
    case kept(before: Int, count: Int, updated: Bool)
    case inserted(count: Int)

    @inlinable
    var count: Int {
      switch self {
      case .kept(_, let count, _), .inserted(let count): count
      }
    }
  }

  /// The changes `edits` made, in order, to a list of `countBefore` elements; nil when an edit does
  /// not fit the list it was made to (which only a journal of another list's edits does).
  ///
  /// The steps that one pass over the stretches applies go together (removals from the end, or
  /// insertions or changes in place from the start: what one `removeAll(where:)` or one replaced
  /// window records), so that the cost is O(stretches) per run of such steps, not per step.
  @inlinable
  init?(composing edits: ArraySlice<ChangeJournal<ID>.Edit>, countBefore: Int, sortsRuns: Bool = false) {
    var segments: [Segment] = []
    segments.reserveCapacity(8)
    if countBefore > 0 { segments.append(.kept(before: 0, count: countBefore, updated: false)) }
    // The ids of the elements there before that edits removed, in the order of their indices before
    // while the runs came in that order (the usual case: pages evicted at one edge), else as runs
    // from an index before on, sorted at the end.
    var removedIDs: [ID] = []
    var lastRun = -1
    var removedRuns: [(before: Int, ids: ArraySlice<ID>)] = []
    var next = edits.startIndex
    while next < edits.endIndex {
      let batch = Self.batch(of: edits, from: next)
      next = batch.endIndex
      switch batch.first {
      case .insert?:
        // Each at its index after the ones before it in the batch: at the index it had before them.
        var shift = 0
        var points: [(at: Int, count: Int)] = []
        for case .insert(let at, let count) in batch where count > 0 {
          points.append((at - shift, count))
          shift += count
        }
        guard Self.insert(points, into: &segments) else { return nil }
      case .remove?:
        var ranges: [(at: Int, ids: [ID])] = []
        for case .remove(let at, let ids) in batch.reversed() where !ids.isEmpty { ranges.append((at, ids)) }
        guard let runs = Self.remove(ranges, from: &segments) else { return nil }
        for run in runs {
          guard !sortsRuns else {
            removedRuns.append(run)
            continue
          }
          // Out of order: compose again, keeping each run with its index to sort them.
          guard run.before > lastRun else {
            self.init(composing: edits, countBefore: countBefore, sortsRuns: true)
            return
          }
          // The first run alone is often a whole removal's ids: shared, not copied.
          if removedIDs.isEmpty { removedIDs = Array(run.ids) } else { removedIDs.append(contentsOf: run.ids) }
          lastRun = run.before
        }
      case .update?:
        var ranges: [Range<Int>] = []
        for case .update(let at, let count) in batch where count > 0 { ranges.append(at..<at + count) }
        guard Self.markUpdated(ranges, in: &segments) else { return nil }
      case .reload?, nil:
        return nil
      }
    }
    var removed: [Range<Int>] = []
    var inserted: [Range<Int>] = []
    var updated: [Update] = []
    var after = 0
    var nextKept = 0  // the index before from which nothing kept was seen yet
    var removedCount = 0
    for segment in segments {
      switch segment {
      case .kept(let before, let count, let isUpdated):
        if before > nextKept { removed.append(nextKept..<before) }  // what lies between kept stretches went
        removedCount += before - nextKept
        nextKept = before + count
        if isUpdated { updated += (0..<count).map { Update(before: before + $0, after: after + $0) } }
      case .inserted(let count):
        if let last = inserted.last, last.upperBound == after {
          inserted[inserted.count - 1] = last.lowerBound..<after + count  // touching: one range
        } else {
          inserted.append(after..<after + count)
        }
      }
      after += segment.count
    }
    if nextKept < countBefore { removed.append(nextKept..<countBefore) }
    removedCount += countBefore - nextKept
    // Each index before outside what was kept was removed once, by one run: in order, the runs
    // are the ids of `removed`'s indices.
    if sortsRuns {
      removedRuns.sort { $0.before < $1.before }
      removedIDs.reserveCapacity(removedCount)
      for run in removedRuns { removedIDs.append(contentsOf: run.ids) }
    }
    guard removedIDs.count == removedCount else { return nil }
    self.init(
      countBefore: countBefore, countAfter: after, joinedRemoved: removed, removedIDs: removedIDs,
      joinedInserted: inserted,
      updated: updated)
  }

  /// The changes of `edits` that only insert and remove at the ends of the list (pages arriving and
  /// evicted as it scrolls, the usual case), in one pass and without splitting it into stretches;
  /// nil for any other edit (``init(composing:countBefore:sortsRuns:)`` takes them). The list is
  /// followed as `inserted at the start` + the elements from before, `low..<high` + `inserted at
  /// the end`.
  @inlinable
  init?(atEnds edits: ArraySlice<ChangeJournal<ID>.Edit>, countBefore: Int) {
    var (atStart, low, high, atEnd) = (0, 0, countBefore, 0)
    var removedAtStart: [ID] = []
    var removedAtEnd: [ArraySlice<ID>] = []  // the runs at the end, the last removed first
    for edit in edits {
      let count = atStart + (high - low) + atEnd
      switch edit {
      case .insert(let at, let inserted):
        if at == 0 { atStart += inserted } else if at == count { atEnd += inserted } else { return nil }
      case .remove(let at, let ids):
        if at == 0 {
          let fromInserted = Swift.min(ids.count, atStart)
          let fromBefore = ids.count - fromInserted
          guard fromBefore <= high - low else { return nil }
          atStart -= fromInserted
          if fromBefore > 0 {
            if removedAtStart.isEmpty {
              removedAtStart = Array(ids[fromInserted...])
            } else {
              removedAtStart += ids[fromInserted...]
            }
            low += fromBefore
          }
        } else if at + ids.count == count {
          let fromInserted = Swift.min(ids.count, atEnd)
          let fromBefore = ids.count - fromInserted
          guard fromBefore <= high - low else { return nil }
          atEnd -= fromInserted
          if fromBefore > 0 {
            removedAtEnd.append(ids[..<fromBefore])
            high -= fromBefore
          }
        } else {
          return nil
        }
      case .update, .reload:
        return nil
      }
    }
    var removed: [Range<Int>] = []
    if low > 0 { removed.append(0..<low) }
    if high < countBefore, high > low || low == 0 { removed.append(high..<countBefore) }
    if high == low, low > 0, high < countBefore { removed = [0..<countBefore] }
    var removedIDs = removedAtStart
    for run in removedAtEnd.reversed() { removedIDs += run }
    let countAfter = atStart + (high - low) + atEnd
    var inserted: [Range<Int>] = []
    if high == low {
      if countAfter > 0 { inserted.append(0..<countAfter) }
    } else {
      if atStart > 0 { inserted.append(0..<atStart) }
      if atEnd > 0 { inserted.append((countAfter - atEnd)..<countAfter) }
    }
    self.init(
      countBefore: countBefore, countAfter: countAfter, joinedRemoved: removed, removedIDs: removedIDs,
      joinedInserted: inserted, updated: [])
  }

  /// Changes made of these parts, whose ranges are already ascending and neither touch nor overlap.
  @inlinable
  init(
    countBefore: Int, countAfter: Int, joinedRemoved removed: [Range<Int>], removedIDs: [ID],
    joinedInserted inserted: [Range<Int>], updated: [Update]
  ) {
    self.countBefore = countBefore
    self.countAfter = countAfter
    self.removed = removed
    self.removedIDs = removedIDs
    self.inserted = inserted
    self.updated = updated
  }

  /// The steps from `start` that one pass applies: a removal and the removals after it that each
  /// end at or before where the one before began (from the end, so each is at the indices it had
  /// before them all); an insertion or a change in place and those after it that each begin at or
  /// after where the one before ended (from the start). At least the step at `start`.
  @inlinable
  static func batch(
    of edits: ArraySlice<ChangeJournal<ID>.Edit>, from start: Int
  ) -> ArraySlice<ChangeJournal<ID>.Edit> {
    var end = start + 1
    while end < edits.endIndex {
      switch (edits[end - 1], edits[end]) {
      case (.remove(let at, _), .remove(let next, let ids)) where next + ids.count <= at: end += 1
      case (.insert(let at, let count), .insert(let next, _)) where next >= at + count: end += 1
      case (.update(let at, let count), .update(let next, _)) where next >= at + count: end += 1
      default: return edits[start..<end]
      }
    }
    return edits[start..<end]
  }

  /// Splits the stretches so that one starts at each of `points` (ascending), in one pass; returns
  /// the index of the stretch that starts at each (`segments.count` at the end), or nil when a
  /// point is outside `0...count` or out of order.
  @inlinable
  static func split(_ segments: inout [Segment], atAscending points: [Int]) -> [Int]? {
    guard !points.isEmpty else { return [] }
    var result: [Segment] = []
    result.reserveCapacity(segments.count + points.count)
    var starts: [Int] = []
    starts.reserveCapacity(points.count)
    var point = 0
    var position = 0
    for var segment in segments {
      var start = position
      let end = position + segment.count
      while point < points.count, points[point] < end {
        guard points[point] >= start else { return nil }
        if points[point] > start {
          let head = points[point] - start
          switch segment {
          case .kept(let before, let count, let updated):
            result.append(.kept(before: before, count: head, updated: updated))
            segment = .kept(before: before + head, count: count - head, updated: updated)
          case .inserted(let count):
            result.append(.inserted(count: head))
            segment = .inserted(count: count - head)
          }
          start = points[point]
        }
        starts.append(result.count)
        point += 1
      }
      result.append(segment)
      position = end
    }
    while point < points.count, points[point] == position {
      starts.append(result.count)
      point += 1
    }
    guard point == points.count else { return nil }
    segments = result
    return starts
  }

  /// Inserts a stretch of `count` elements at each `at` (ascending, in the indices before any of
  /// them), in one pass; false when one does not fit.
  @inlinable
  static func insert(_ points: [(at: Int, count: Int)], into segments: inout [Segment]) -> Bool {
    guard let starts = split(&segments, atAscending: points.map(\.at)) else { return false }
    var result: [Segment] = []
    result.reserveCapacity(segments.count + points.count)
    var point = 0
    for index in 0...segments.count {
      while point < points.count, starts[point] == index {
        result.append(.inserted(count: points[point].count))
        point += 1
      }
      if index < segments.count { result.append(segments[index]) }
    }
    segments = result
    return true
  }

  /// Removes the elements of `ranges` (ascending, neither touching nor overlapping), in one pass;
  /// returns the runs of elements from before that went (their index before and their ids), in
  /// order, or nil when a range does not fit.
  @inlinable
  static func remove(
    _ ranges: [(at: Int, ids: [ID])], from segments: inout [Segment]
  ) -> [(before: Int, ids: ArraySlice<ID>)]? {
    let bounds = ranges.flatMap { [$0.at, $0.at + $0.ids.count] }
    guard let starts = split(&segments, atAscending: bounds) else { return nil }
    var result: [Segment] = []
    result.reserveCapacity(segments.count)
    var runs: [(before: Int, ids: ArraySlice<ID>)] = []
    var index = 0
    for (number, range) in ranges.enumerated() {
      let (first, end) = (starts[2 * number], starts[2 * number + 1])
      result += segments[index..<first]
      var offset = 0
      for segment in segments[first..<end] {
        if case .kept(let before, let count, _) = segment { runs.append((before, range.ids[offset..<offset + count])) }
        offset += segment.count
      }
      index = end
    }
    result += segments[index...]
    segments = result
    return runs
  }

  /// Marks the elements from before in `ranges` (ascending, not overlapping) changed in place, in
  /// one pass; false when a range does not fit.
  @inlinable
  static func markUpdated(_ ranges: [Range<Int>], in segments: inout [Segment]) -> Bool {
    guard let starts = split(&segments, atAscending: ranges.flatMap { [$0.lowerBound, $0.upperBound] }) else {
      return false
    }
    for number in ranges.indices {
      for index in starts[2 * number]..<starts[2 * number + 1] {
        if case .kept(let before, let count, _) = segments[index] {
          segments[index] = .kept(before: before, count: count, updated: true)
        }
      }
    }
    return true
  }
}

extension ElementChanges: Sendable where ID: Sendable {}
