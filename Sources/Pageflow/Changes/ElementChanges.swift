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
    for edit in edits {
      switch edit {
      case .insert(let at, let count):
        guard count > 0 else { continue }
        guard let index = Self.split(&segments, at: at) else { return nil }
        segments.insert(.inserted(count: count), at: index)
      case .remove(let at, let ids):
        guard !ids.isEmpty else { continue }
        guard let start = Self.split(&segments, at: at), let end = Self.split(&segments, at: at + ids.count)
        else { return nil }
        var offset = 0
        for segment in segments[start..<end] {
          if case .kept(let before, let count, _) = segment {
            let run = ids[offset..<offset + count]
            if !sortsRuns {
              // Out of order: compose again, keeping each run with its index to sort them.
              guard before > lastRun else {
                self.init(composing: edits, countBefore: countBefore, sortsRuns: true)
                return
              }
              // The first run alone is often a whole removal's ids: shared, not copied.
              if removedIDs.isEmpty { removedIDs = Array(run) } else { removedIDs.append(contentsOf: run) }
              lastRun = before
            } else {
              removedRuns.append((before, run))
            }
          }
          offset += segment.count
        }
        segments.removeSubrange(start..<end)
      case .update(let at, let count):
        guard count > 0 else { continue }
        guard let start = Self.split(&segments, at: at), let end = Self.split(&segments, at: at + count) else {
          return nil
        }
        for index in start..<end {
          if case .kept(let before, let count, _) = segments[index] {
            segments[index] = .kept(before: before, count: count, updated: true)
          }
        }
      case .reload:
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

  /// Splits the segment holding the index `at` so that a segment starts there; returns the index
  /// of that segment (`segments.count` at the end), or nil when `at` is beyond the end.
  @inlinable
  static func split(_ segments: inout [Segment], at offset: Int) -> Int? {
    guard offset >= 0 else { return nil }
    var start = 0
    for (index, segment) in segments.enumerated() {
      if offset == start { return index }
      let end = start + segment.count
      if offset < end {
        let head = offset - start
        switch segment {
        case .kept(let before, let count, let updated):
          segments[index] = .kept(before: before, count: head, updated: updated)
          segments.insert(.kept(before: before + head, count: count - head, updated: updated), at: index + 1)
        case .inserted(let count):
          segments[index] = .inserted(count: head)
          segments.insert(.inserted(count: count - head), at: index + 1)
        }
        return index + 1
      }
      start = end
    }
    return offset == start ? segments.count : nil
  }
}

extension ElementChanges: Sendable where ID: Sendable {}
