// UIKit's collection and table views: iOS, iPadOS, Mac Catalyst, tvOS, visionOS. watchOS has UIKit
// without views. (In a folder of its own: the files at the top level are for AppKit.)
#if canImport(UIKit) && !os(watchOS)
  import Pageflow
  import UIKit

  extension UICollectionView {
    /// Applies `changes` to the items of `section`, calling `update` (which makes the data source
    /// answer with the list after the changes) where UIKit expects it, and keeps
    /// ``ListChanges/anchor``'s item where it was on screen when items arrive or leave before it.
    ///
    /// In order (``ListChanges/batchUpdates``): the anchor's frame measured, before anything
    /// changes; `performBatchUpdates` with `update`, the deletions at the indices before and the
    /// insertions at the indices after; the items changed in place reconfigured at their indices
    /// after the batch, where the view holds the new list; the content offset moved by as far as
    /// the anchor's item moved. When the changes say to reload everything: `update`, then
    /// `reloadData()`.
    ///
    /// ```swift
    /// let changes = reader.read(store)  // the elements, the row on screen, the pill's counts
    /// collectionView.apply(changes) { rows = Array(store.elements) }
    /// ```
    public func apply<ID: Hashable>(
      _ changes: ListChanges<ID>, section: Int = 0, updatingDataSource update: () -> Void,
      completion: ((Bool) -> Void)? = nil
    ) {
      changes.batchUpdates.apply(to: self, section: section, update: update, completion: completion)
    }

    /// Applies `changes` to the items of `section` when the data source already answers with the
    /// list after them. The anchor's frame is then read from the layout the view still has, which
    /// is the old list's until something lays it out again: prefer
    /// ``apply(_:section:updatingDataSource:completion:)``, which measures it before the data
    /// source changes.
    public func apply<ID: Hashable>(
      _ changes: ListChanges<ID>, section: Int = 0, completion: ((Bool) -> Void)? = nil
    ) {
      apply(changes, section: section, updatingDataSource: {}, completion: completion)
    }
  }

  extension UICollectionView: BatchUpdatableView {
    package var visibleOrigin: (x: Double, y: Double) { (Double(contentOffset.x), Double(contentOffset.y)) }
    package func scrollVisibleOrigin(to origin: (x: Double, y: Double)) {
      contentOffset = CGPoint(x: origin.x, y: origin.y)
    }
    package func frameOrigin(ofRow row: Int, section: Int) -> (x: Double, y: Double)? {
      layoutAttributesForItem(at: IndexPath(item: row, section: section)).map {
        (Double($0.frame.minX), Double($0.frame.minY))
      }
    }
    package func layOutNow() { layoutIfNeeded() }
    package func reloadAllRows() { reloadData() }
    package func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
      withoutActuallyEscaping(updates) { updates in performBatchUpdates({ updates() }, completion: completion) }
    }
    package func deleteRows(_ rows: [Int], section: Int) {
      deleteItems(at: rows.map { IndexPath(item: $0, section: section) })
    }
    package func insertRows(_ rows: [Int], section: Int) {
      insertItems(at: rows.map { IndexPath(item: $0, section: section) })
    }
    package func redrawRows(_ rows: [Int], section: Int) {
      reconfigureItems(at: rows.map { IndexPath(item: $0, section: section) })
    }
  }

  extension UITableView {
    /// Applies `changes` to the rows of `section`, calling `update` (which makes the data source
    /// answer with the list after the changes) where UIKit expects it, and keeps
    /// ``ListChanges/anchor``'s row where it was on screen: the calls of
    /// ``UICollectionView/apply(_:section:updatingDataSource:completion:)``, with rows.
    ///
    /// ```swift
    /// tableView.apply(reader.read(store.state)) { rows = Array(store.state.elements) }
    /// ```
    public func apply<ID: Hashable>(
      _ changes: ListChanges<ID>, section: Int = 0, updatingDataSource update: () -> Void,
      completion: ((Bool) -> Void)? = nil
    ) {
      changes.batchUpdates.apply(to: self, section: section, update: update, completion: completion)
    }

    /// Applies `changes` to the rows of `section` when the data source already answers with the list
    /// after them; prefer ``apply(_:section:updatingDataSource:completion:)``, which measures the
    /// anchor before the data source changes.
    public func apply<ID: Hashable>(
      _ changes: ListChanges<ID>, section: Int = 0, completion: ((Bool) -> Void)? = nil
    ) {
      apply(changes, section: section, updatingDataSource: {}, completion: completion)
    }
  }

  extension UITableView: BatchUpdatableView {
    package var visibleOrigin: (x: Double, y: Double) { (Double(contentOffset.x), Double(contentOffset.y)) }
    package func scrollVisibleOrigin(to origin: (x: Double, y: Double)) {
      contentOffset = CGPoint(x: origin.x, y: origin.y)
    }
    package func frameOrigin(ofRow row: Int, section: Int) -> (x: Double, y: Double)? {
      let frame = rectForRow(at: IndexPath(row: row, section: section))
      return (Double(frame.minX), Double(frame.minY))
    }
    package func layOutNow() { layoutIfNeeded() }
    package func reloadAllRows() { reloadData() }
    package func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
      withoutActuallyEscaping(updates) { updates in performBatchUpdates({ updates() }, completion: completion) }
    }
    package func deleteRows(_ rows: [Int], section: Int) {
      deleteRows(at: rows.map { IndexPath(row: $0, section: section) }, with: .none)
    }
    package func insertRows(_ rows: [Int], section: Int) {
      insertRows(at: rows.map { IndexPath(row: $0, section: section) }, with: .none)
    }
    package func redrawRows(_ rows: [Int], section: Int) {
      reconfigureRows(at: rows.map { IndexPath(row: $0, section: section) })
    }
  }
#endif
