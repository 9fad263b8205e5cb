/// The last edits made to a collection of elements, in the order they were made and in the indices
/// it had then: what a view reads to learn what changed since it last looked (``ElementChanges``),
/// in O(the change).
///
/// It is bounded: past ``maxEdits`` edits, or ``maxIDs`` ids of removed elements held, the oldest
/// half goes, and a view that reads from before them is told to reload.
@usableFromInline
struct ChangeJournal<ID: Hashable> {
  /// One edit, in the indices the collection had when it was made.
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
  }

  /// The most edits kept.
  @usableFromInline static var maxEdits: Int { 512 }
  /// The most ids of removed elements kept.
  @usableFromInline static var maxIDs: Int { 65_536 }

  /// Which journal this is: a version of another one is one to reload from.
  @usableFromInline let lineage: ChangeStamp
  /// How many edits were ever made.
  @usableFromInline private(set) var version: UInt64 = 0
  /// The last edits, oldest first: the first is number `version - edits.count`.
  @usableFromInline private(set) var edits: [Edit] = []
  /// The ids held by the removals kept.
  @usableFromInline private(set) var heldIDs = 0

  /// A journal with no edits.
  @inlinable
  init() { lineage = .next() }

  /// The version of the oldest edit kept: a reader at it or later learns every change since.
  @inlinable
  var oldestVersion: UInt64 { version - UInt64(edits.count) }

  /// Records `edit`.
  @inlinable
  mutating func record(_ edit: Edit) {
    if case .remove(_, let ids) = edit { heldIDs += ids.count }
    edits.append(edit)
    version &+= 1
    if edits.count > Self.maxEdits || heldIDs > Self.maxIDs { forgetOldest() }
  }

  /// Drops the oldest half of the edits.
  @usableFromInline
  mutating func forgetOldest() {
    let dropped = edits.count / 2 + (heldIDs > Self.maxIDs ? edits.count / 2 : 0)
    for edit in edits.prefix(dropped) {
      if case .remove(_, let ids) = edit { heldIDs -= ids.count }
    }
    edits.removeFirst(Swift.min(dropped, edits.count))
  }

  /// The edits made since `version`, or nil when some of them are no longer kept (or one of them
  /// is a reload, or `version` is not of this journal's past).
  @inlinable
  func edits(since version: UInt64) -> ArraySlice<Edit>? {
    guard version >= oldestVersion, version <= self.version else { return nil }
    let recent = edits.suffix(Int(self.version - version))
    for edit in recent { if case .reload = edit { return nil } }
    return recent
  }
}

extension ChangeJournal: Sendable where ID: Sendable {}
extension ChangeJournal.Edit: Sendable where ID: Sendable {}
