// Where a fling lands, from UIKit's scroll view delegate: iOS, iPadOS, Mac Catalyst, tvOS, visionOS.
#if canImport(UIKit) && !os(watchOS)
  import Pageflow
  import UIKit

  extension UICollectionView {
    /// Where the fling that UIKit reports to `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
    /// lands among `elements` (the items of `section`): on the item at the target offset, or, when
    /// the content clamps the target (the fling would go past the items loaded), where the velocity
    /// carries it, over items of the average height. Nil for no fling.
    ///
    /// ```swift
    /// override func scrollViewWillEndDragging(
    ///   _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    /// ) {
    ///   if let landing = collectionView.landing(at: targetContentOffset.pointee, velocity: velocity, in: store.elements) {
    ///     store.send(.scrollWillLand(landing))
    ///   }
    /// }
    /// ```
    public func landing<Element>(
      at target: CGPoint, velocity: CGPoint, in elements: IdentifiedElements<Element>, section: Int = 0
    ) -> PaginationFeature<Element>.Landing? {
      landing(at: target, velocity: velocity, in: elements, rows: numberOfItems(inSection: section)) {
        indexPathForItem(at: $0).flatMap { $0.section == section ? $0.item : nil }
      }
    }
  }

  extension UITableView {
    /// Where the fling that UIKit reports to `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
    /// lands among `elements` (the rows of `section`): the calls of
    /// ``UICollectionView/landing(at:velocity:in:section:)``, with rows.
    public func landing<Element>(
      at target: CGPoint, velocity: CGPoint, in elements: IdentifiedElements<Element>, section: Int = 0
    ) -> PaginationFeature<Element>.Landing? {
      landing(at: target, velocity: velocity, in: elements, rows: numberOfRows(inSection: section)) {
        indexPathForRow(at: $0).flatMap { $0.section == section ? $0.row : nil }
      }
    }
  }

  extension UIScrollView {
    /// A fling's landing from the target content offset and the velocity (points per millisecond),
    /// the row at a point of the content being `row(at:)`.
    func landing<Element>(
      at target: CGPoint, velocity: CGPoint, in elements: IdentifiedElements<Element>, rows: Int,
      row: (CGPoint) -> Int?
    ) -> PaginationFeature<Element>.Landing? {
      let inset = adjustedContentInset
      let vertical = velocity.y.magnitude >= velocity.x.magnitude
      let speed = Double(vertical ? velocity.y : velocity.x)
      // Where the content ends and starts, as offsets of its visible part.
      let (offset, lowest, highest) =
        vertical
        ? (target.y, -inset.top, contentSize.height + inset.bottom - bounds.height)
        : (target.x, -inset.left, contentSize.width + inset.right - bounds.width)
      let clamped = speed > 0 ? offset >= highest - 0.5 : offset <= lowest + 0.5
      func id(_ point: CGPoint) -> Element.ID? {
        row(point).flatMap { elements.indices.contains($0) ? elements[$0].id : nil }
      }
      let length = Double(vertical ? contentSize.height : contentSize.width)
      return .fling(
        on: id(CGPoint(x: target.x + inset.left, y: target.y + inset.top)), clamped: clamped, velocity: speed,
        decelerationRate: Double(decelerationRate.rawValue), rowHeight: rows > 0 ? length / Double(rows) : 0,
        from: id(CGPoint(x: contentOffset.x + inset.left, y: contentOffset.y + inset.top)))
    }
  }
#endif
