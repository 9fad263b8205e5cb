/// A collection or table view, as ``BatchUpdates/apply(to:section:update:completion:)`` drives it:
/// the few calls in which UIKit's and AppKit's views differ, each one line in `PageflowUIKit`, so
/// that the order of the calls, and every index, is decided here and tested on every platform.
@MainActor
package protocol BatchUpdatableView: AnyObject {
  /// The origin of the visible part of the content, in the view's points.
  var visibleOrigin: (x: Double, y: Double) { get }
  /// Scrolls so that the visible part of the content starts at `origin`.
  func scrollVisibleOrigin(to origin: (x: Double, y: Double))
  /// The origin of the frame of the row at `row` of `section`, as the view has laid it out; nil
  /// when the view has no such row.
  func frameOrigin(ofRow row: Int, section: Int) -> (x: Double, y: Double)?
  /// Lays the view out now, so that its frames are those of the rows it holds.
  func layOutNow()
  /// Reloads every row.
  func reloadAllRows()
  /// Runs `updates` as one group of updates, animated together; calls `completion` once they are
  /// done (at once where the view tells nothing).
  func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?)
  /// Deletes the rows at `rows` (indices before the batch) of `section`.
  func deleteRows(_ rows: [Int], section: Int)
  /// Inserts the rows at `rows` (indices after the batch) of `section`.
  func insertRows(_ rows: [Int], section: Int)
  /// Redraws the rows at `rows` of `section` with their new contents, keeping their cells where the
  /// view can (UIKit reconfigures them, AppKit reloads them).
  func redrawRows(_ rows: [Int], section: Int)
}

extension BatchUpdates {
  /// Issues these updates to `view`'s `section`: `update` makes the view's data source answer with
  /// the list after the changes.
  ///
  /// In order: the anchor's row measured (before anything changes); one batch of `update`, the
  /// deletions, the insertions; the rows changed in place redrawn, at their indices after the
  /// batch; the view laid out and scrolled by as far as the anchor's row moved, so that it stays
  /// where it was on screen. To reload everything: `update`, then a reload.
  @MainActor
  package func apply<View: BatchUpdatableView>(
    to view: View, section: Int, update: () -> Void, completion: ((Bool) -> Void)?
  ) {
    guard case .batch(let batch) = self else {
      update()
      if self == .reloadData { view.reloadAllRows() }
      completion?(true)
      return
    }
    let anchorBefore = batch.anchor.flatMap { view.frameOrigin(ofRow: $0.before, section: section) }
    let origin = view.visibleOrigin
    view.performBatch(
      {
        update()
        view.deleteRows(batch.deleted, section: section)
        view.insertRows(batch.inserted, section: section)
      }, completion: completion)
    if !batch.reconfigured.isEmpty { view.redrawRows(batch.reconfigured, section: section) }
    guard let anchor = batch.anchor, let anchorBefore else { return }
    view.layOutNow()
    guard let anchorAfter = view.frameOrigin(ofRow: anchor.after, section: section) else { return }
    view.scrollVisibleOrigin(to: (origin.x + anchorAfter.x - anchorBefore.x, origin.y + anchorAfter.y - anchorBefore.y))
  }
}
