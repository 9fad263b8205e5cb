// UIKit declarations that the example app's UIKit screen (Examples/FeedApp/App/FeedViewController.swift)
// uses and the apple-sdk-check's UIKit stub lacks, each copied from its developer.apple.com page
// (named above it). UIKit's views, view controllers and menu elements are NS_SWIFT_UI_ACTOR:
// `@MainActor`, and Clang-imported: `@preconcurrency`. Bodies are placeholders: only the declarations
// are checked. A class that adopts a protocol in its header has the protocol's members mirrored onto
// it by the importer, so a subclass overrides them: UICollectionViewController's data source,
// delegate and scroll view delegate methods are declared on the class, `open`.

// developer.apple.com/documentation/uikit/uiimage: `class UIImage` (Sendable)
open class UIImage: NSObject, @unchecked Sendable {}

// developer.apple.com/documentation/uikit/uiviewcontroller: `@MainActor class UIViewController`
@MainActor @preconcurrency open class UIViewController: UIResponder {
  // developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:):
  //   `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
  // developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:): `init?(coder: NSCoder)`;
  // required: the initializer of NSCoding, which UIViewController adopts (a subclass with an
  // initializer of its own must provide it)
  public required init?(coder: NSCoder) { super.init() }
  // developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload(): `func viewDidLoad()`
  open func viewDidLoad() {}
}

// developer.apple.com/documentation/uikit/uicollectionviewlayout: `@MainActor class UICollectionViewLayout`
@MainActor @preconcurrency open class UICollectionViewLayout: NSObject {}

// developer.apple.com/documentation/uikit/uicollectionviewcontroller:
//   `@MainActor class UICollectionViewController` (UIViewController; UICollectionViewDataSource,
//   UICollectionViewDelegate, UIScrollViewDelegate)
@MainActor @preconcurrency open class UICollectionViewController: UIViewController {
  // developer.apple.com/documentation/uikit/uicollectionviewcontroller/init(collectionviewlayout:):
  //   `init(collectionViewLayout layout: UICollectionViewLayout)`
  public init(collectionViewLayout layout: UICollectionViewLayout) { super.init(nibName: nil, bundle: nil) }
  // developer.apple.com/documentation/uikit/uicollectionviewcontroller/init(nibname:bundle:):
  //   `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }
  // developer.apple.com/documentation/uikit/uicollectionviewcontroller/init(coder:): `init?(coder: NSCoder)`
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  // developer.apple.com/documentation/uikit/uicollectionviewcontroller/collectionview:
  //   `var collectionView: UICollectionView! { get set }`
  open var collectionView: UICollectionView! {
    get { fatalError() }
    set {}
  }
  // developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:numberofitemsinsection:):
  //   `func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int`
  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    fatalError()
  }
  // developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:cellforitemat:):
  //   `func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell`
  open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  { fatalError() }
  // developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:willdisplay:foritemat:):
  //   `optional func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
  //   forItemAt indexPath: IndexPath)` (iOS 8.0+)
  @available(iOS 8.0, *)
  open func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {}
  // developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didenddisplaying:foritemat:):
  //   `optional func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
  //   forItemAt indexPath: IndexPath)`
  open func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {}
  // developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewwillbegindragging(_:):
  //   `optional func scrollViewWillBeginDragging(_ scrollView: UIScrollView)`
  open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  // developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewwillenddragging(_:withvelocity:targetcontentoffset:):
  //   `optional func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
  //   targetContentOffset: UnsafeMutablePointer<CGPoint>)` (iOS 5.0+)
  @available(iOS 5.0, *)
  open func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {}
}

// developer.apple.com/documentation/uikit/uimenuelement: `@MainActor class UIMenuElement` (iOS 13.0+)
@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIMenuElement: NSObject {
  // developer.apple.com/documentation/uikit/uimenuelement/attributes: `struct Attributes` (OptionSet)
  public struct Attributes: OptionSet, Sendable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
  }
  // developer.apple.com/documentation/uikit/uimenuelement/state: `enum State` (Int): `off`, `on`, `mixed`
  public enum State: Int, Sendable {
    case off = 0
    case on = 1
    case mixed = 2
  }
}

// developer.apple.com/documentation/uikit/uiactionhandler: `typealias UIActionHandler = (UIAction) -> Void`
public typealias UIActionHandler = (UIAction) -> Void

// developer.apple.com/documentation/uikit/uiaction: `@MainActor class UIAction` (UIMenuElement, iOS 13.0+)
@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIAction: UIMenuElement {
  // developer.apple.com/documentation/uikit/uiaction/identifier: `struct Identifier` (Hashable,
  //   RawRepresentable), `init(_ rawValue: String)`, `init(rawValue: String)`
  public struct Identifier: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(rawValue: String) { self.rawValue = rawValue }
  }
  // developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:):
  //   `@MainActor @preconcurrency convenience init(title: String = "", image: UIImage? = nil,
  //   identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil,
  //   attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off,
  //   handler: @escaping UIActionHandler)`
  @MainActor @preconcurrency public convenience init(
    title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
    discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
    state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
  ) { self.init() }
}

// developer.apple.com/documentation/uikit/uicontrol: `@MainActor class UIControl` (UIView)
@MainActor @preconcurrency open class UIControl: UIView {
  // developer.apple.com/documentation/uikit/uicontrol/event: `struct Event` (OptionSet)
  public struct Event: OptionSet, Sendable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // developer.apple.com/documentation/uikit/uicontrol/event/valuechanged:
    //   `static var valueChanged: UIControl.Event { get }` (UIControlEventValueChanged, 1 << 12)
    public static var valueChanged: UIControl.Event { UIControl.Event(rawValue: 1 << 12) }
  }
  // developer.apple.com/documentation/uikit/uicontrol/addaction(_:for:):
  //   `func addAction(_ action: UIAction, for controlEvents: UIControl.Event)` (iOS 14.0+, tvOS 14.0+)
  @available(iOS 14.0, tvOS 14.0, *)
  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

// developer.apple.com/documentation/uikit/uirefreshcontrol: `@MainActor class UIRefreshControl`
// (UIControl; iOS 6.0+, no tvOS)
@available(iOS 6.0, *)
@available(tvOS, unavailable)
@MainActor @preconcurrency open class UIRefreshControl: UIControl {
  // developer.apple.com/documentation/uikit/uirefreshcontrol/endrefreshing(): `func endRefreshing()`
  open func endRefreshing() {}
}

extension UIScrollView {
  // developer.apple.com/documentation/uikit/uiscrollview/refreshcontrol:
  //   `var refreshControl: UIRefreshControl? { get set }` (iOS 10.0+, no tvOS)
  @available(iOS 10.0, *)
  @available(tvOS, unavailable)
  public var refreshControl: UIRefreshControl? {
    get { fatalError() }
    set {}
  }
}

extension UICollectionView {
  // developer.apple.com/documentation/uikit/uicollectionview/register(_:forcellwithreuseidentifier:)-2xmdr:
  //   `func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String)`
  public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
  // developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablecell(withreuseidentifier:for:):
  //   `func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
  //   -> UICollectionViewCell`
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> UICollectionViewCell
  { fatalError() }
}

// developer.apple.com/documentation/uikit/uicontentconfiguration-9eib5: `protocol UIContentConfiguration`
// (iOS 14.0+, tvOS 14.0+); its requirements (makeContentView(), updated(for:)) are left out: no
// code checked here implements or calls them.
@available(iOS 14.0, tvOS 14.0, *)
public protocol UIContentConfiguration {}

// developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct:
//   `struct UIListContentConfiguration` (UIContentConfiguration, Hashable; iOS 14.0+, tvOS 14.0+)
@available(iOS 14.0, tvOS 14.0, *)
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
  // developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/text:
  //   `var text: String? { get set }`
  public var text: String? {
    get { fatalError() }
    set {}
  }
  // developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/cell():
  //   `static func cell() -> UIListContentConfiguration`
  public static func cell() -> UIListContentConfiguration { fatalError() }
}

extension UICollectionViewCell {
  // developer.apple.com/documentation/uikit/uicollectionviewcell/contentconfiguration-13e7k:
  //   `@MainActor @preconcurrency var contentConfiguration: (any UIContentConfiguration)? { get set }`
  //   (iOS 14.0+, tvOS 14.0+)
  @available(iOS 14.0, tvOS 14.0, *)
  @MainActor @preconcurrency public var contentConfiguration: (any UIContentConfiguration)? {
    get { fatalError() }
    set {}
  }
}
