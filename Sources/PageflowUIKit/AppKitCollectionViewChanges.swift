// AppKit's collection and table views: macOS. (A Mac Catalyst app can import AppKit too, and
// takes the UIKit code: where UIKit is there, it is the one.)
#if canImport(AppKit) && !canImport(UIKit)
  import AppKit
  import Pageflow

  extension NSCollectionView {
    /// Applies `changes` to the items of `section`, calling `update` (which makes the data source
    /// answer with the list after the changes) where AppKit expects it, and keeps
    /// ``ListChanges/anchor``'s item where it was on screen when items arrive or leave before it.
    ///
    /// The calls of UIKit's collection view, in the same order (``ListChanges/batchUpdates``),
    /// except that the items changed in place are reloaded (AppKit does not reconfigure) and the
    /// view scrolls its clip view to keep the anchor.
    ///
    /// ```swift
    /// collectionView.apply(reader.read(store.state)) { rows = Array(store.state.elements) }
    /// ```
    public func apply<ID: Hashable>(
      _ changes: ListChanges<ID>, section: Int = 0, updatingDataSource update: () -> Void,
      completion: ((Bool) -> Void)? = nil
    ) {
      changes.batchUpdates.apply(to: self, section: section, update: update, completion: completion)
    }
  }

  extension NSCollectionView: BatchUpdatableView {
    package var visibleOrigin: (x: Double, y: Double) { (Double(visibleRect.minX), Double(visibleRect.minY)) }
    package func scrollVisibleOrigin(to origin: (x: Double, y: Double)) { scroll(NSPoint(x: origin.x, y: origin.y)) }
    package func frameOrigin(ofRow row: Int, section: Int) -> (x: Double, y: Double)? {
      layoutAttributesForItem(at: IndexPath(item: row, section: section)).map {
        (Double($0.frame.minX), Double($0.frame.minY))
      }
    }
    package func layOutNow() { layoutSubtreeIfNeeded() }
    package func reloadAllRows() { reloadData() }
    package func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
      withoutActuallyEscaping(updates) { updates in performBatchUpdates({ updates() }, completionHandler: completion) }
    }
    package func deleteRows(_ rows: [Int], section: Int) {
      deleteItems(at: Set(rows.map { IndexPath(item: $0, section: section) }))
    }
    package func insertRows(_ rows: [Int], section: Int) {
      insertItems(at: Set(rows.map { IndexPath(item: $0, section: section) }))
    }
    package func redrawRows(_ rows: [Int], section: Int) {
      reloadItems(at: Set(rows.map { IndexPath(item: $0, section: section) }))
    }
  }

  extension NSTableView {
    /// Applies `changes` to the table's rows, calling `update` (which makes the data source answer
    /// with the list after the changes) where AppKit expects it, and keeps ``ListChanges/anchor``'s
    /// row where it was on screen.
    ///
    /// A table view applies each call of an update group as it comes: the rows are removed at their
    /// indices before (the table's rows then), and inserted at their indices after (their final
    /// places), inside `beginUpdates()` and `endUpdates()`; the rows changed in place are reloaded
    /// at their indices after; the view scrolls by as far as the anchor's row moved.
    ///
    /// ```swift
    /// tableView.apply(reader.read(store.state)) { rows = Array(store.state.elements) }
    /// ```
    public func apply<ID: Hashable>(_ changes: ListChanges<ID>, updatingDataSource update: () -> Void) {
      changes.batchUpdates.apply(to: self, section: 0, update: update, completion: nil)
    }
  }

  extension NSTableView: BatchUpdatableView {
    package var visibleOrigin: (x: Double, y: Double) { (Double(visibleRect.minX), Double(visibleRect.minY)) }
    package func scrollVisibleOrigin(to origin: (x: Double, y: Double)) { scroll(NSPoint(x: origin.x, y: origin.y)) }
    package func frameOrigin(ofRow row: Int, section: Int) -> (x: Double, y: Double)? {
      let frame = rect(ofRow: row)
      return (Double(frame.minX), Double(frame.minY))
    }
    package func layOutNow() { layoutSubtreeIfNeeded() }
    package func reloadAllRows() { reloadData() }
    package func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
      beginUpdates()
      updates()
      endUpdates()
      completion?(true)
    }
    package func deleteRows(_ rows: [Int], section: Int) { removeRows(at: IndexSet(rows), withAnimation: []) }
    package func insertRows(_ rows: [Int], section: Int) { insertRows(at: IndexSet(rows), withAnimation: []) }
    package func redrawRows(_ rows: [Int], section: Int) {
      reloadData(forRowIndexes: IndexSet(rows), columnIndexes: IndexSet(0..<numberOfColumns))
    }
  }
#endif
