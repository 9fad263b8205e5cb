/// A ``ListChanges`` as the calls a collection or table view takes: reload the whole view, do
/// nothing, or one batch (deletions at the indices before, insertions at the indices after), then
/// the rows changed in place reconfigured at their indices after the batch, then the anchor's row
/// put back where it was on screen. `PageflowUIKit` issues them to UIKit's and AppKit's collection
/// and table views.
///
/// Reconfigurations come after the batch, not inside it: once the batch is applied the view holds
/// the new list, so an index after the changes is unambiguous, where the documentation of
/// `reconfigureItems(at:)` does not say which indices it takes inside a batch.
///
/// ```swift
/// switch changes.batchUpdates {
/// case .none: break
/// case .reloadData: tableView.reloadData()
/// case .batch(let batch):
///   tableView.performBatchUpdates {
///     tableView.deleteRows(at: batch.deleted.map { IndexPath(row: $0, section: 0) }, with: .none)
///     tableView.insertRows(at: batch.inserted.map { IndexPath(row: $0, section: 0) }, with: .none)
///   }
///   tableView.reconfigureRows(at: batch.reconfigured.map { IndexPath(row: $0, section: 0) })
/// }
/// ```
public enum BatchUpdates: Equatable, Sendable {
  /// Nothing changed: no call.
  case none
  /// Reload the whole view: the first read, or a read the record can no longer answer.
  case reloadData
  /// One batch of updates.
  case batch(Batch)

  /// The calls of one batch, in their order.
  public struct Batch: Equatable, Sendable {
    /// The rows to delete, at their indices before the changes, ascending.
    public var deleted: [Int]
    /// The rows to insert, at their indices after the changes, ascending.
    public var inserted: [Int]
    /// The rows changed in place, at their indices after the changes, ascending: reconfigured (or
    /// reloaded, where the view cannot reconfigure) once the batch is applied.
    public var reconfigured: [Int]
    /// The row on screen, to keep where it is: its index before the batch, where the view measures
    /// it before anything changes, and after, where it finds it again.
    public var anchor: Anchor?

    /// A batch of these calls.
    public init(deleted: [Int], inserted: [Int], reconfigured: [Int], anchor: Anchor? = nil) {
      self.deleted = deleted
      self.inserted = inserted
      self.reconfigured = reconfigured
      self.anchor = anchor
    }
  }

  /// The row a batch keeps on screen: its index before and after the batch.
  public struct Anchor: Equatable, Sendable {
    /// Its index before the batch.
    public var before: Int
    /// Its index after it.
    public var after: Int

    /// The row at `before` before the batch and at `after` after it.
    public init(before: Int, after: Int) {
      self.before = before
      self.after = after
    }
  }
}

extension ListChanges {
  /// These changes as the calls a collection or table view takes (``BatchUpdates``).
  public var batchUpdates: BatchUpdates {
    guard let elements else { return .reloadData }
    guard !elements.isEmpty else { return .none }
    return .batch(
      BatchUpdates.Batch(
        deleted: elements.removedIndices, inserted: elements.insertedIndices,
        reconfigured: elements.updated.map(\.after),
        anchor: anchor.map { BatchUpdates.Anchor(before: $0.before, after: $0.after) }))
  }
}
