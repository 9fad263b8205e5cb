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
