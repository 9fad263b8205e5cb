#if canImport(UIKit) || canImport(AppKit)
  import Pageflow
  #if canImport(UIKit)
    import UIKit
  #else
    import AppKit
  #endif

  extension NSDiffableDataSourceSnapshot {
    /// Applies `edits` (``ElementChanges/snapshotEdits(in:)``) to this snapshot's items: the next
    /// snapshot, built from the last in O(the change) instead of from every id.
    ///
    /// ```swift
    /// guard let changes = reader.read(store.state.list).elements else { return reload() }
    /// var snapshot = dataSource.snapshot()
    /// snapshot.apply(changes.snapshotEdits(in: store.state.list.elements))
    /// dataSource.apply(snapshot, animatingDifferences: true)
    /// ```
    public mutating func apply(_ edits: SnapshotEdits<ItemIdentifierType>) {
      for step in edits.steps {
        switch step {
        case .delete(let items):
          deleteItems(items)
        case .insert(let items, let before?) where indexOfItem(before) != nil:
          insertItems(items, beforeItem: before)
        case .insert(let items, _):
          appendItems(items)
        case .reconfigure(let items):
          reconfigureItems(items)
        }
      }
    }
  }
#endif
