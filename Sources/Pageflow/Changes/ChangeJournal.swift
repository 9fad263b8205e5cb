/// The last edits made to a collection of elements, in the order they were made and in the indices
/// it had then: what a view reads to learn what changed since it last looked (``ElementChanges``),
/// in O(the change).
///
/// An edit is what one call that changes the collection did, however many rows it touched: a page
/// appended, pages evicted, one element inserted, updated or removed, one `removeAll(where:)`, a
/// window replaced. It is made of steps (one removal, insertion or change in place each), which
/// readers compose.
///
/// It is bounded: it keeps the last ``maxEdits`` edits, fewer when the ids of the elements their
/// removals took pass ``maxIDs``: then the oldest go until they do not, but never the newest edit. A
/// view that reads from before them is told to reload; one that reads after every edit never is.
@usableFromInline
struct ChangeJournal<ID: Hashable> {
  /// One step of an edit, in the indices the collection had when it was made.
  @usableFromInline
  enum Edit {
    /// `count` elements inserted at `at`.
    case insert(at: Int, count: Int)
    /// The elements with `ids` removed from `at` on (as many as `ids`).
    case remove(at: Int, ids: [ID])
    /// The `count` elements from `at` on changed in place.
    case update(at: Int, count: Int)
    /// Everything changed in a way the journal does not follow: a reader reloads.
    case reload

    /// How many ids of removed elements it holds.
    @inlinable
    var heldIDs: Int {
      if case .remove(_, let ids) = self { return ids.count }
      return 0
    }
  }

  /// The most edits kept.
  @usableFromInline static var maxEdits: Int { 512 }
  /// The most ids of removed elements kept, besides those of the newest edit.
  @usableFromInline static var maxIDs: Int { 65_536 }

  /// Which journal this is: a version of another one is one to reload from.
  @usableFromInline let lineage: ChangeStamp
  /// How many edits were ever made.
  @usableFromInline private(set) var version: UInt64 = 0
  /// The steps of the edits kept, oldest first, from `steps[starts[firstKept]]` on (the ones before
  /// belong to edits dropped, until the next compaction).
  @usableFromInline private(set) var steps: [Edit] = []
  /// Where each edit's steps start in `steps`, from `starts[firstKept]` on: the edit number
  /// `version - keptEdits` first.
  @usableFromInline private(set) var starts: [Int] = []
  /// The first edit of `starts` that is kept.
  @usableFromInline private(set) var firstKept = 0
  /// The ids held by the removals of the edits kept.
  @usableFromInline private(set) var heldIDs = 0
  /// The ids held by the removals of the edits dropped and not yet compacted away.
  @usableFromInline private(set) var droppedIDs = 0

  /// A journal with no edits.
  @inlinable
  init() { lineage = .next() }

  /// How many edits are kept.
  @inlinable
  var keptEdits: Int { starts.count - firstKept }

  /// The version of the oldest edit kept: a reader at it or later learns every change since.
  @inlinable
  var oldestVersion: UInt64 { version - UInt64(keptEdits) }

  /// Records `edit` as an edit of its own. A reload tells every reader of an older version to
  /// reload, so the edits before it are dropped (without copying them from a journal that shares
  /// them: a window replaced by a jump is O(the new window), however long the old one's record).
  @inlinable
  mutating func record(_ edit: Edit) {
    if case .reload = edit {
      steps = []
      starts = []
      firstKept = 0
      heldIDs = 0
      droppedIDs = 0
    }
    starts.append(steps.count)
    version &+= 1
    append(edit)
    trim()
  }

  /// Records `steps`, in order, as one edit; nothing when there are none.
  @inlinable
  mutating func record(steps edits: some Sequence<Edit>) {
    var iterator = edits.makeIterator()
    guard let first = iterator.next() else { return }
    record(first)
    while let next = iterator.next() { append(next) }
  }

  /// Adds `edit` to the steps of the newest edit.
  @inlinable
  mutating func append(_ edit: Edit) {
    heldIDs += edit.heldIDs
    steps.append(edit)
  }

  /// Drops the oldest edits while more than ``maxEdits`` are kept, or the ids they hold pass
  /// ``maxIDs``; never the newest.
  @usableFromInline
  mutating func trim() {
    while keptEdits > 1, keptEdits > Self.maxEdits || (heldIDs > Self.maxIDs && heldIDs - newestIDs > Self.maxIDs) {
      let end = firstKept + 1 < starts.count ? starts[firstKept + 1] : steps.count
      for step in steps[starts[firstKept]..<end] {
        heldIDs -= step.heldIDs
        droppedIDs += step.heldIDs
      }
      firstKept += 1
    }
    // What was dropped goes in one move once it is as much as what is kept could be.
    guard firstKept >= Self.maxEdits || droppedIDs > Self.maxIDs else { return }
    let firstStep = starts[firstKept]
    steps.removeFirst(firstStep)
    starts.removeFirst(firstKept)
    for index in starts.indices { starts[index] -= firstStep }
    firstKept = 0
    droppedIDs = 0
  }

  /// The ids held by the removals of the newest edit.
  @inlinable
  var newestIDs: Int {
    guard let start = starts.last else { return 0 }
    return steps[start...].reduce(0) { $0 + $1.heldIDs }
  }

  /// The steps of the edits made since `version`, or nil when some of them are no longer kept (or
  /// one of them is a reload, or `version` is not of this journal's past).
  @inlinable
  func edits(since version: UInt64) -> ArraySlice<Edit>? {
    guard version >= oldestVersion, version <= self.version else { return nil }
    let edit = firstKept + Int(version - oldestVersion)
    let recent = steps[(edit < starts.count ? starts[edit] : steps.count)...]
    for step in recent { if case .reload = step { return nil } }
    return recent
  }
}

extension ChangeJournal: Sendable where ID: Sendable {}
extension ChangeJournal.Edit: Sendable where ID: Sendable {}
