// SwiftUI declarations of scrolling that PageflowSwiftUI and the example apps use and the
// apple-sdk-check's SwiftUI stub lacks, each copied from its developer.apple.com page (named above
// it; "SDK" where the page is a type's and the member comes from its topics). Bodies are
// placeholders: only the declarations are checked. A member the code does not use is left out:
// a stub may declare less than the SDK, never more.

// CoreGraphics, which SwiftUI re-exports on Apple platforms (Foundation on Linux lacks it).
// developer.apple.com/documentation/corefoundation/cgvector: `struct CGVector`, `var dx: CGFloat`,
// `var dy: CGFloat`, `init(dx: CGFloat, dy: CGFloat)`
public struct CGVector: Equatable, Sendable {
  public var dx: CGFloat
  public var dy: CGFloat
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }
}

// developer.apple.com/documentation/swiftui/axis: `@frozen enum Axis` (Int8 raw values, CaseIterable),
// `case horizontal`, `case vertical`; developer.apple.com/documentation/swiftui/axis/set:
// `@frozen struct Set` (OptionSet), `static let horizontal`, `static let vertical`
@frozen public enum Axis: Int8, CaseIterable, Sendable {
  case horizontal
  case vertical

  @frozen public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1)
    public static let vertical = Set(rawValue: 2)
  }
}

// developer.apple.com/documentation/swiftui/unitpoint: `@frozen struct UnitPoint` (Hashable,
// Sendable), `init(x: CGFloat, y: CGFloat)`, `static let top`, `static let center`, `static let bottom`
@frozen public struct UnitPoint: Hashable, Sendable {
  public var x: CGFloat
  public var y: CGFloat
  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }
  public static let top = UnitPoint(x: 0.5, y: 0)
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  public static let bottom = UnitPoint(x: 0.5, y: 1)
}

// developer.apple.com/documentation/swiftui/edgeinsets: `@frozen struct EdgeInsets` (Equatable,
// Sendable), `var top`, `var leading`, `var bottom`, `var trailing: CGFloat`
@frozen public struct EdgeInsets: Equatable, Sendable {
  public var top: CGFloat
  public var leading: CGFloat
  public var bottom: CGFloat
  public var trailing: CGFloat
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

// developer.apple.com/documentation/swiftui/scrolltarget: `struct ScrollTarget` (iOS 17.0+),
// `var rect: CGRect`, `var anchor: UnitPoint?`
public struct ScrollTarget {
  public var rect: CGRect
  public var anchor: UnitPoint?
}

// developer.apple.com/documentation/swiftui/scrolltargetbehaviorcontext:
// `@dynamicMemberLookup struct ScrollTargetBehaviorContext` (iOS 17.0+), `var originalTarget:
// ScrollTarget { get }`, `var velocity: CGVector { get }`, `var contentSize: CGSize { get }`,
// `var containerSize: CGSize { get }`, `var axes: Axis.Set { get }` (its environment subscript left out)
public struct ScrollTargetBehaviorContext {
  public var originalTarget: ScrollTarget { fatalError() }
  public var velocity: CGVector { fatalError() }
  public var contentSize: CGSize { fatalError() }
  public var containerSize: CGSize { fatalError() }
  public var axes: Axis.Set { fatalError() }
}

// developer.apple.com/documentation/swiftui/scrolltargetbehavior: `protocol ScrollTargetBehavior`
// (iOS 17.0+); developer.apple.com/documentation/swiftui/scrolltargetbehavior/updatetarget(_:context:):
// `func updateTarget(_ target: inout ScrollTarget, context: Self.TargetContext)`;
// .../scrolltargetbehavior/targetcontext: `typealias TargetContext = ScrollTargetBehaviorContext`
public protocol ScrollTargetBehavior {
  func updateTarget(_ target: inout ScrollTarget, context: Self.TargetContext)
  typealias TargetContext = ScrollTargetBehaviorContext
}

// developer.apple.com/documentation/swiftui/viewalignedscrolltargetbehavior: `struct
// ViewAlignedScrollTargetBehavior` (a ScrollTargetBehavior); its `static var viewAligned:
// ViewAlignedScrollTargetBehavior { get }` (extension ScrollTargetBehavior where Self == …)
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior {
  public func updateTarget(_ target: inout ScrollTarget, context: TargetContext) {}
}
extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior {
  public static var viewAligned: ViewAlignedScrollTargetBehavior { fatalError() }
}

// developer.apple.com/documentation/swiftui/pagingscrolltargetbehavior: `struct
// PagingScrollTargetBehavior` (a ScrollTargetBehavior); `static var paging: PagingScrollTargetBehavior { get }`
public struct PagingScrollTargetBehavior: ScrollTargetBehavior {
  public func updateTarget(_ target: inout ScrollTarget, context: TargetContext) {}
}
extension ScrollTargetBehavior where Self == PagingScrollTargetBehavior {
  public static var paging: PagingScrollTargetBehavior { fatalError() }
}

// developer.apple.com/documentation/swiftui/coordinatespaceprotocol: `protocol CoordinateSpaceProtocol`;
// .../namedcoordinatespace: `@frozen struct NamedCoordinateSpace` (a CoordinateSpaceProtocol);
// .../coordinatespaceprotocol/scrollview: `static var scrollView: NamedCoordinateSpace { get }`
// (extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace, iOS 17.0+)
public protocol CoordinateSpaceProtocol {}
@frozen public struct NamedCoordinateSpace: CoordinateSpaceProtocol {}
extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
  public static var scrollView: NamedCoordinateSpace { fatalError() }
}

// developer.apple.com/documentation/swiftui/geometryproxy: `struct GeometryProxy`;
// .../geometryproxy/frame(in:): `func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect`
public struct GeometryProxy {
  public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { fatalError() }
}

// developer.apple.com/documentation/swiftui/scrollgeometry: `struct ScrollGeometry` (Equatable,
// Sendable; iOS 18.0+), SDK: `var contentOffset: CGPoint`, `var contentSize: CGSize`, `var
// contentInsets: EdgeInsets`, `var containerSize: CGSize`, `var visibleRect: CGRect { get }`
public struct ScrollGeometry: Equatable, Sendable {
  public var contentOffset: CGPoint
  public var contentSize: CGSize
  public var contentInsets: EdgeInsets
  public var containerSize: CGSize
  public var visibleRect: CGRect { fatalError() }
}

// developer.apple.com/documentation/swiftui/scrollphase: `@frozen enum ScrollPhase` (iOS 18.0+),
// cases `idle`, `tracking`, `interacting`, `decelerating`, `animating`
@frozen public enum ScrollPhase: Equatable, Sendable {
  case idle
  case tracking
  case interacting
  case decelerating
  case animating
}

extension View {
  // developer.apple.com/documentation/swiftui/view/scrolltargetbehavior(_:):
  //   `nonisolated func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View` (iOS 17.0+)
  @inlinable nonisolated public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View {
    ModifiedContent(content: self, modifier: _AppearanceActionModifier())
  }

  // developer.apple.com/documentation/swiftui/view/scrolltargetlayout(isenabled:):
  //   `nonisolated func scrollTargetLayout(isEnabled: Bool = true) -> some View` (iOS 17.0+)
  @inlinable nonisolated public func scrollTargetLayout(isEnabled: Bool = true) -> some View {
    ModifiedContent(content: self, modifier: _AppearanceActionModifier())
  }

  // developer.apple.com/documentation/swiftui/view/ongeometrychange(for:of:action:):
  //   `@preconcurrency nonisolated func onGeometryChange<T>(for type: T.Type, of transform: @escaping
  //    @Sendable (GeometryProxy) -> T, action: @escaping (T) -> Void) -> some View where T : Equatable,
  //    T : Sendable`
  @preconcurrency nonisolated public func onGeometryChange<T>(
    for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T, action: @escaping (T) -> Void
  ) -> some View where T: Equatable, T: Sendable {
    ModifiedContent(content: self, modifier: _AppearanceActionModifier())
  }

  // developer.apple.com/documentation/swiftui/view/onscrollgeometrychange(for:of:action:):
  //   `nonisolated func onScrollGeometryChange<T>(for type: T.Type, of transform: @escaping
  //    (ScrollGeometry) -> T, action: @escaping (T, T) -> Void) -> some View where T : Equatable` (iOS 18.0+)
  nonisolated public func onScrollGeometryChange<T>(
    for type: T.Type, of transform: @escaping (ScrollGeometry) -> T, action: @escaping (T, T) -> Void
  ) -> some View where T: Equatable {
    ModifiedContent(content: self, modifier: _AppearanceActionModifier())
  }

  // developer.apple.com/documentation/swiftui/view/onscrollphasechange(_:):
  //   `nonisolated func onScrollPhaseChange(_ action: @escaping (ScrollPhase, ScrollPhase) -> Void)
  //    -> some View` (iOS 18.0+)
  nonisolated public func onScrollPhaseChange(_ action: @escaping (ScrollPhase, ScrollPhase) -> Void) -> some View {
    ModifiedContent(content: self, modifier: _AppearanceActionModifier())
  }

  // developer.apple.com/documentation/swiftui/view/scrollposition(id:anchor:):
  //   `nonisolated func scrollPosition(id: Binding<(some Hashable)?>, anchor: UnitPoint? = nil) -> some View`
  //   (iOS 17.0+)
  nonisolated public func scrollPosition(id: Binding<(some Hashable)?>, anchor: UnitPoint? = nil) -> some View {
    ModifiedContent(content: self, modifier: _AppearanceActionModifier())
  }
}
