/// Where a reader of a list's changes is: which list's record of edits, and how many of its edits it
/// has seen. ``IdentifiedElements/changes(since:)`` gives what changed after it.
public struct ChangeVersion: Hashable, Sendable {
  @usableFromInline let lineage: ChangeStamp
  @usableFromInline let edits: UInt64

  @inlinable
  init(lineage: ChangeStamp, edits: UInt64) {
    self.lineage = lineage
    self.edits = edits
  }
}
