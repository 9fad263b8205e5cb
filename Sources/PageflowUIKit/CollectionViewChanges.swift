#if canImport(UIKit)
  import Pageflow
  import UIKit

  extension UICollectionView {
    /// Applies `changes` to the items of `section` with batch updates (deletions at their indices
    /// before, insertions at their indices after, reconfigurations), or reloads the data when the
    /// changes say to, and keeps ``ListChanges/anchor``'s row where it was on screen when rows
    /// arrive or leave above it. The collection view's data source must already answer with the
    /// list after the changes.
    ///
    /// ```swift
    /// let changes = reader.read(store.state.list)
    /// rows = Array(store.state.list.elements)  // what the data source answers
    /// collectionView.apply(changes)
    /// ```
    public func apply<ID: Hashable>(
      _ changes: ListChanges<ID>, section: Int = 0, completion: ((Bool) -> Void)? = nil
    ) {
      guard let elements = changes.elements else {
        reloadData()
        completion?(true)
        return
      }
      guard !elements.isEmpty else {
        completion?(true)
        return
      }
      let anchor = changes.anchor
      let top = anchor.flatMap { layoutAttributesForItem(at: IndexPath(item: $0.before, section: section))?.frame.minY }
      let offset = contentOffset
      performBatchUpdates(
        {
          deleteItems(at: elements.removedIndices.map { IndexPath(item: $0, section: section) })
          insertItems(at: elements.insertedIndices.map { IndexPath(item: $0, section: section) })
          reconfigureItems(at: elements.updated.map { IndexPath(item: $0.before, section: section) })
        }, completion: completion)
      guard let anchor, let top else { return }
      layoutIfNeeded()
      if let moved = layoutAttributesForItem(at: IndexPath(item: anchor.after, section: section))?.frame.minY {
        contentOffset = CGPoint(x: offset.x, y: offset.y + moved - top)
      }
    }
  }

  extension UITableView {
    /// Applies `changes` to the rows of `section` with batch updates, or reloads the data when the
    /// changes say to, and keeps ``ListChanges/anchor``'s row where it was on screen; the data
    /// source must already answer with the list after the changes.
    public func apply<ID: Hashable>(
      _ changes: ListChanges<ID>, section: Int = 0, completion: ((Bool) -> Void)? = nil
    ) {
      guard let elements = changes.elements else {
        reloadData()
        completion?(true)
        return
      }
      guard !elements.isEmpty else {
        completion?(true)
        return
      }
      let anchor = changes.anchor
      let top = anchor.map { rectForRow(at: IndexPath(row: $0.before, section: section)).minY }
      let offset = contentOffset
      performBatchUpdates(
        {
          deleteRows(at: elements.removedIndices.map { IndexPath(row: $0, section: section) }, with: .none)
          insertRows(at: elements.insertedIndices.map { IndexPath(row: $0, section: section) }, with: .none)
          reconfigureRows(at: elements.updated.map { IndexPath(row: $0.before, section: section) })
        }, completion: completion)
      guard let anchor, let top else { return }
      layoutIfNeeded()
      let moved = rectForRow(at: IndexPath(row: anchor.after, section: section)).minY
      contentOffset = CGPoint(x: offset.x, y: offset.y + moved - top)
    }
  }
#endif
