// UIKit declarations that PageflowUIKit's landing helpers use and the apple-sdk-check's UIKit stub
// lacks, each copied from its developer.apple.com page (named above it). UIKit's views are
// NS_SWIFT_UI_ACTOR: `@MainActor`. Bodies are placeholders: only the declarations are checked.

// developer.apple.com/documentation/uikit/uiedgeinsets: `struct UIEdgeInsets` (Sendable), with
// `var top: CGFloat`, `var left: CGFloat`, `var bottom: CGFloat`, `var right: CGFloat` and
// `init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat)`
public struct UIEdgeInsets: Equatable, Sendable {
  public var top: CGFloat
  public var left: CGFloat
  public var bottom: CGFloat
  public var right: CGFloat
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

extension UIScrollView {
  // developer.apple.com/documentation/uikit/uiscrollview/decelerationrate-swift.struct:
  //   `struct DecelerationRate` (Equatable, Hashable, RawRepresentable), `init(rawValue: CGFloat)`,
  //   `static let normal`, `static let fast`
  public struct DecelerationRate: Hashable, RawRepresentable, Sendable {
    public var rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public static let normal = DecelerationRate(rawValue: 0.998)
    public static let fast = DecelerationRate(rawValue: 0.99)
  }

  // developer.apple.com/documentation/uikit/uiscrollview/adjustedcontentinset:
  //   `var adjustedContentInset: UIEdgeInsets { get }` (iOS 11.0+)
  public var adjustedContentInset: UIEdgeInsets { fatalError() }
  // developer.apple.com/documentation/uikit/uiscrollview/decelerationrate-swift.property:
  //   `var decelerationRate: UIScrollView.DecelerationRate { get set }`
  public var decelerationRate: UIScrollView.DecelerationRate {
    get { fatalError() }
    set { fatalError() }
  }
}

extension UICollectionView {
  // developer.apple.com/documentation/uikit/uicollectionview/indexpathforitem(at:):
  //   `func indexPathForItem(at point: CGPoint) -> IndexPath?`
  public func indexPathForItem(at point: CGPoint) -> IndexPath? { fatalError() }
}

extension UITableView {
  // developer.apple.com/documentation/uikit/uitableview/indexpathforrow(at:):
  //   `func indexPathForRow(at point: CGPoint) -> IndexPath?`
  public func indexPathForRow(at point: CGPoint) -> IndexPath? { fatalError() }
  // developer.apple.com/documentation/uikit/uitableview/numberofrows(insection:):
  //   `func numberOfRows(inSection section: Int) -> Int`
  public func numberOfRows(inSection section: Int) -> Int { fatalError() }
}
