// SwiftUI declarations that the example apps use and the apple-sdk-check's SwiftUI stub lacks:
// an app, its scene, state, navigation, lists and their modifiers. Each is copied from its
// developer.apple.com page (named above it), with the isolation the SDK declares; a member the
// apps do not use is left out. Bodies are placeholders: only the declarations are checked.

// developer.apple.com/documentation/swiftui/app: `@MainActor @preconcurrency protocol App`,
// `associatedtype Body : Scene`, `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`,
// `@MainActor @preconcurrency init()`; .../app/main(): `@MainActor @preconcurrency static func main()`
@MainActor @preconcurrency public protocol App {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  @MainActor @preconcurrency init()
}
extension App {
  @MainActor @preconcurrency public static func main() { fatalError() }
}

// developer.apple.com/documentation/swiftui/scene: `@MainActor @preconcurrency protocol Scene`,
// `associatedtype Body : Scene`, `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`
@MainActor @preconcurrency public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}
extension Never: Scene {
  public var body: Never { fatalError("primitive scene") }
}

// developer.apple.com/documentation/swiftui/scenebuilder: `@resultBuilder struct SceneBuilder`,
// `static func buildBlock<Content>(_ content: Content) -> Content where Content : Scene`
@resultBuilder public struct SceneBuilder {
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

// developer.apple.com/documentation/swiftui/windowgroup: `struct WindowGroup<Content> where Content : View`
// (a Scene); .../windowgroup/init(content:): `nonisolated init(@ViewBuilder content: () -> Content)`
public struct WindowGroup<Content: View>: Scene {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError("primitive scene") }
}

// developer.apple.com/documentation/swiftui/state: `@frozen @propertyWrapper struct State<Value>`
// (DynamicProperty); `init(wrappedValue value: Value)`, `init(initialValue value: Value)`,
// `var wrappedValue: Value { get nonmutating set }`, `var projectedValue: Binding<Value> { get }`
@frozen @propertyWrapper public struct State<Value> {
  public init(wrappedValue value: Value) {}
  public init(initialValue value: Value) {}
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { fatalError() }
}

// developer.apple.com/documentation/swiftui/navigationpath: `struct NavigationPath`
public struct NavigationPath {}

// developer.apple.com/documentation/swiftui/navigationstack: `@MainActor @preconcurrency struct
// NavigationStack<Data, Root> where Root : View`; .../navigationstack/init(root:):
// `nonisolated init(@ViewBuilder root: () -> Root) where Data == NavigationPath`
@MainActor @preconcurrency public struct NavigationStack<Data, Root: View>: View {
  nonisolated public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}
  public typealias Body = Never
}

// developer.apple.com/documentation/swiftui/scrollview: `struct ScrollView<Content> where Content : View`;
// .../scrollview/init(_:showsindicators:content:): `init(_ axes: Axis.Set = .vertical, showsIndicators:
// Bool = true, @ViewBuilder content: () -> Content)`
public struct ScrollView<Content: View>: View {
  nonisolated public init(
    _ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content
  ) {}
  public typealias Body = Never
}

// developer.apple.com/documentation/swiftui/lazyvstack: `struct LazyVStack<Content> where Content : View`;
// .../lazyvstack/init(alignment:spacing:pinnedviews:content:): `nonisolated init(alignment:
// HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
// @ViewBuilder content: () -> Content)` (pinnedViews left out)
public struct LazyVStack<Content: View>: View {
  nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {}
  public typealias Body = Never
}

// developer.apple.com/documentation/swiftui/horizontalalignment/leading: `static let leading: HorizontalAlignment`
extension HorizontalAlignment {
  public static let leading = HorizontalAlignment()
}
// developer.apple.com/documentation/swiftui/alignment/top: `static let top: Alignment`; .../bottom
extension Alignment {
  public static let top = Alignment()
  public static let bottom = Alignment()
}

// developer.apple.com/documentation/swiftui/foreach: `struct ForEach<Data, ID, Content> where Data :
// RandomAccessCollection, ID : Hashable`; .../foreach/init(_:content:): `nonisolated init(_ data: Data,
// @ViewBuilder content: @escaping (Data.Element) -> Content) where ID == Data.Element.ID, Content : View,
// Data.Element : Identifiable`; .../foreach/init(_:id:content:): `nonisolated init(_ data: Data, id:
// KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)`
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
  public var data: Data
}
extension ForEach: View where Content: View {
  nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
  where ID == Data.Element.ID, Data.Element: Identifiable { self.data = data }
  nonisolated public init(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
  }
  public typealias Body = Never
}

// developer.apple.com/documentation/swiftui/picker: `struct Picker<Label, SelectionValue, Content> where
// Label : View, SelectionValue : Hashable, Content : View`; .../picker/init(_:selection:content:):
// `nonisolated init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder
// content: () -> Content) where Label == Text`
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
  nonisolated public init(
    _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) where Label == Text {}
  public typealias Body = Never
}

extension View {
  // developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-avgj:
  //   `nonisolated func navigationTitle(_ titleKey: LocalizedStringKey) -> some View`
  nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
    ModifiedContent(content: self, modifier: _AppearanceActionModifier())
  }

  // developer.apple.com/documentation/swiftui/view/overlay(alignment:content:):
  //   `nonisolated func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View
  //    where V : View`
  nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
    ModifiedContent(content: self, modifier: _AppearanceActionModifier())
  }

  // developer.apple.com/documentation/swiftui/view/refreshable(action:):
  //   `nonisolated func refreshable(action: @escaping @Sendable () async -> Void) -> some View`
  nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
    ModifiedContent(content: self, modifier: _AppearanceActionModifier())
  }
}
