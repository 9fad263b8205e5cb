// AppKit declarations that PageflowUIKit's AppKit adapters use and the apple-sdk-check's AppKit stub
// lacks, each copied from its developer.apple.com page (the page is named above it). AppKit's
// classes are NS_SWIFT_UI_ACTOR, so they import as `@MainActor` (and Clang-imported declarations
// count as `@preconcurrency`). Bodies are placeholders: only the declarations are checked.

// developer.apple.com/documentation/appkit/nsview/visiblerect: `var visibleRect: NSRect { get }`
// developer.apple.com/documentation/appkit/nsview/scroll(_:): `func scroll(_ point: NSPoint)`
// developer.apple.com/documentation/appkit/nsview/layoutsubtreeifneeded(): `func layoutSubtreeIfNeeded()`
extension NSView {
  public var visibleRect: NSRect { fatalError() }
  public func scroll(_ point: NSPoint) { fatalError() }
  public func layoutSubtreeIfNeeded() { fatalError() }
}

// developer.apple.com/documentation/appkit/nscollectionviewlayoutattributes:
//   `@MainActor class NSCollectionViewLayoutAttributes` (NSObject, NSCopying)
// developer.apple.com/documentation/appkit/nscollectionviewlayoutattributes/frame: `var frame: NSRect { get set }`
@available(macOS 10.11, *)
@MainActor @preconcurrency open class NSCollectionViewLayoutAttributes: NSObject {
  open var frame: NSRect {
    get { fatalError() }
    set { fatalError() }
  }
}

// developer.apple.com/documentation/appkit/nscollectionview/layoutattributesforitem(at:):
//   `func layoutAttributesForItem(at indexPath: IndexPath) -> NSCollectionViewLayoutAttributes?` (macOS 10.11)
extension NSCollectionView {
  @available(macOS 10.11, *)
  public func layoutAttributesForItem(at indexPath: IndexPath) -> NSCollectionViewLayoutAttributes? { fatalError() }
}

// developer.apple.com/documentation/appkit/nscontrol: `@MainActor class NSControl` (an NSView)
@MainActor @preconcurrency open class NSControl: NSView {}

// developer.apple.com/documentation/appkit/nstableview: `@MainActor class NSTableView` (an NSControl)
@MainActor @preconcurrency open class NSTableView: NSControl {
  // developer.apple.com/documentation/appkit/nstableview/animationoptions:
  //   `struct AnimationOptions` (OptionSet, Sendable), with `effectFade`, `effectGap`, `slideUp`, ...
  public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let effectFade = AnimationOptions(rawValue: 0x1)
    public static let effectGap = AnimationOptions(rawValue: 0x2)
    public static let slideUp = AnimationOptions(rawValue: 0x10)
    public static let slideDown = AnimationOptions(rawValue: 0x20)
    public static let slideLeft = AnimationOptions(rawValue: 0x30)
    public static let slideRight = AnimationOptions(rawValue: 0x40)
  }

  // developer.apple.com/documentation/appkit/nstableview/numberofcolumns: `var numberOfColumns: Int { get }`
  open var numberOfColumns: Int { fatalError() }
  // developer.apple.com/documentation/appkit/nstableview/reloaddata(): `func reloadData()`
  open func reloadData() { fatalError() }
  // developer.apple.com/documentation/appkit/nstableview/reloaddata(forrowindexes:columnindexes:):
  //   `func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet)`
  open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) { fatalError() }
  // developer.apple.com/documentation/appkit/nstableview/rect(ofrow:): `func rect(ofRow row: Int) -> NSRect`
  open func rect(ofRow row: Int) -> NSRect { fatalError() }
  // developer.apple.com/documentation/appkit/nstableview/beginupdates(): `func beginUpdates()`
  open func beginUpdates() { fatalError() }
  // developer.apple.com/documentation/appkit/nstableview/endupdates(): `func endUpdates()`
  open func endUpdates() { fatalError() }
  // developer.apple.com/documentation/appkit/nstableview/insertrows(at:withanimation:):
  //   `func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = [])`
  open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
    fatalError()
  }
  // developer.apple.com/documentation/appkit/nstableview/removerows(at:withanimation:):
  //   `func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = [])`
  open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
    fatalError()
  }
}
