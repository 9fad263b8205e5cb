/// The steps that turn a diffable data source's last snapshot into the next, from a change set:
/// delete the items removed, insert those inserted next to an item already there, reconfigure those
/// changed in place. O(the change), where building the snapshot anew from every id is O(the list).
///
/// `PageflowUIKit` applies them to an `NSDiffableDataSourceSnapshot`; the steps are plain values,
/// tested on every platform.
public struct SnapshotEdits<ID: Hashable>: Equatable {
  /// One step.
  public enum Step: Equatable {
    /// Delete these items.
    case delete([ID])
    /// Insert these items before the item `before`, or at the end when it is nil.
    case insert([ID], before: ID?)
    /// Reconfigure these items (the same items, with new contents).
    case reconfigure([ID])
  }

  /// The steps, in the order to apply them.
  public var steps: [Step]

  /// Edits of these steps.
  public init(steps: [Step]) { self.steps = steps }

  /// Applies the steps to `ids`, the items of the last snapshot, in order (what a snapshot does
  /// with them): for a view that keeps its items in an array, and for tests. An item to insert
  /// before that is not there is inserted at the end.
  public func apply(to ids: inout [ID]) {
    for step in steps {
      switch step {
      case .delete(let deleted):
        let gone = Set(deleted)
        ids.removeAll { gone.contains($0) }
      case .insert(let inserted, let before):
        let index = before.flatMap { ids.firstIndex(of: $0) } ?? ids.endIndex
        ids.insert(contentsOf: inserted, at: index)
      case .reconfigure:
        break
      }
    }
  }
}

extension SnapshotEdits {
  /// Applies the steps to `snapshot`, in order: the removed items deleted; each run of inserted
  /// items inserted before the item that follows it, or appended to `section` (to the snapshot's
  /// last section when nil) when it ends the list; the items changed in place redrawn.
  package func apply<Snapshot: DiffableSnapshot>(
    to snapshot: inout Snapshot, appendingTo section: Snapshot.SectionIdentifierType?
  ) where Snapshot.ItemIdentifierType == ID {
    for step in steps {
      switch step {
      case .delete(let items):
        snapshot.deleteItems(items)
      case .insert(let items, let before?) where snapshot.indexOfItem(before) != nil:
        snapshot.insertItems(items, beforeItem: before)
      case .insert(let items, _):
        snapshot.appendItems(items, toSection: section)
      case .reconfigure(let items):
        snapshot.redrawItems(items)
      }
    }
  }
}

/// A diffable data source's snapshot, as ``SnapshotEdits`` edits it: UIKit's and AppKit's
/// `NSDiffableDataSourceSnapshot` (in `PageflowUIKit`), whose methods these are.
package protocol DiffableSnapshot {
  /// An item's identifier.
  associatedtype ItemIdentifierType: Hashable
  /// A section's identifier.
  associatedtype SectionIdentifierType: Hashable

  /// The index of the item `identifier` in the snapshot; nil when it is not there.
  func indexOfItem(_ identifier: ItemIdentifierType) -> Int?
  /// Deletes these items.
  mutating func deleteItems(_ identifiers: [ItemIdentifierType])
  /// Inserts these items before the item `beforeIdentifier`.
  mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType)
  /// Appends these items to the section `sectionIdentifier`, or to the last section when nil.
  mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType?)
  /// Redraws these items with their new contents: reconfigured where the snapshot can, reloaded
  /// where it cannot.
  mutating func redrawItems(_ identifiers: [ItemIdentifierType])
}

extension SnapshotEdits: Sendable where ID: Sendable {}
extension SnapshotEdits.Step: Sendable where ID: Sendable {}

extension ElementChanges {
  /// The snapshot steps of these changes, whose elements are now `elements`: the removed items
  /// deleted, each run of inserted items inserted before the item that follows it (runs from the
  /// last, so that the item is there already), the items changed in place reconfigured.
  public func snapshotEdits<Element: Identifiable>(in elements: IdentifiedElements<Element>) -> SnapshotEdits<ID>
  where Element.ID == ID {
    var steps: [SnapshotEdits<ID>.Step] = []
    if !removedIDs.isEmpty { steps.append(.delete(removedIDs)) }
    for range in inserted.reversed() where range.upperBound <= elements.count {
      let before = range.upperBound < elements.count ? elements[range.upperBound].id : nil
      steps.append(.insert(elements[range].map(\.id), before: before))
    }
    let changed = updated.compactMap { $0.after < elements.count ? elements[$0.after].id : nil }
    if !changed.isEmpty { steps.append(.reconfigure(changed)) }
    return SnapshotEdits(steps: steps)
  }
}
