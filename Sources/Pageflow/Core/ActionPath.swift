/// How a parent action embeds a child action and gets it back: the "action path" of ``Scope``,
/// ``Reducer/ifLet(_:action:then:)-(_,(ChildAction)->Action,_)`` and
/// ``Reducer/loadable(_:action:child:load:)-(_,ActionPath<Action,LoadingAction<Request,Value,ChildAction>>,_,_)``.
///
/// Pass the enum case itself, which Swift treats as the embedding function; the extraction is
/// derived from it by reflection:
///
/// ```swift
/// Scope(state: \.counter, action: AppAction.counter) { Counter() }
/// ```
///
/// Any case works: one value (`AppAction.counter`), one labelled value (`Action.jump` for
/// `case jump(to: Target)`), several values through a closure over a tuple
/// (`{ .move($0.0, $0.1) }`), and a case nested in another through a closure that wraps the value
/// in both (`{ .messages(.loaded(.pageResponse($0))) }`). A closure that does more than wrap its
/// value (converting it, say) cannot be reversed by reflection: such a path never matches, and in
/// debug builds it prints a warning when used. Spell both halves out with ``init(embed:extract:)``
/// for it, or where reflection is not wanted (a hot path).
public struct ActionPath<Root, Value> {
  /// Wraps a child value into the parent.
  public let embed: @Sendable (Value) -> Root
  /// Returns the child value if `Root` is the case this path names, or nil.
  public let extract: @Sendable (Root) -> Value?

  /// A path with an explicit embedding and extraction.
  public init(embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?) {
    self.embed = embed
    self.extract = extract
  }

  /// A path for the enum case `embed`, e.g. `AppAction.counter`, or for a closure that wraps its
  /// value in nested cases, e.g. `{ .messages(.loaded($0)) }`.
  ///
  /// Extraction looks for a payload of type `Value` in the cases of the root, outermost first,
  /// and checks that embedding it again yields the same cases down to it, so two cases with the
  /// same payload type are told apart.
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    self.embed = { value in
      let root = embed(value)
      #if DEBUG
        EnumCase.warnIfUnmatchable(root, embed: embed)
      #endif
      return root
    }
    self.extract = { root in EnumCase.extract(from: root, embed: embed, warns: true) }
  }
}
extension ActionPath: Sendable {}

/// Reflection over enum cases, for ``ActionPath``.
enum EnumCase {
  /// The value that `embed` wraps into `root`, looked for in `root`'s case and in the cases nested
  /// in its payload; nil when `root` is not such a value. With `warns`, a payload that has the type
  /// of the value but that the path cannot find again once embedded is reported.
  static func extract<Root, Value>(from root: Root, embed: (Value) -> Root, warns: Bool) -> Value? {
    var path: [String] = []
    var current: Any = root
    while let (tag, payload) = tagAndPayload(of: current) {
      path.append(tag)
      if let value = payload as? Value {
        let embedded = embed(value)
        if tags(of: embedded, count: path.count) == path { return value }
        #if DEBUG
          if warns { warnIfUnmatchable(embedded, embed: embed) }
        #endif
      }
      current = payload
    }
    return nil
  }

  /// Warns when `root`, which `embed` made, is not found again by extraction.
  static func warnIfUnmatchable<Root, Value>(_ root: Root, embed: (Value) -> Root) {
    guard extract(from: root, embed: embed, warns: false) == nil else { return }
    RuntimeWarning.emit(
      "An ActionPath made from a case cannot find the value it embeds in \(root): it never matches. "
        + "Pass the enum case itself, a closure that only wraps its value in cases, or "
        + "ActionPath(embed:extract:).")
  }

  /// The case of an enum value that has a payload, told apart by its name and the labels of its
  /// values (`jump(to:)`), with the payload: a single value unwrapped from its labelled tuple,
  /// several values as a tuple. Nil for other values.
  static func tagAndPayload(of value: Any) -> (tag: String, payload: Any)? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label
    else { return nil }
    let payload = Mirror(reflecting: child.value)
    guard payload.displayStyle == .tuple else { return (name, child.value) }
    let labels = payload.children.map { $0.label ?? "" }
    let tag = labels.allSatisfy { $0.hasPrefix(".") } ? name : name + "(" + labels.map { $0 + ":" }.joined() + ")"
    if labels.count == 1, let only = payload.children.first { return (tag, only.value) }
    return (tag, child.value)
  }

  /// The tags of the cases of `value`, outermost first, down to the first payload of type `Payload`
  /// (all of them when none has that type): which case an enum value is, to the depth that matters.
  static func tags<Payload>(of value: Any, downTo payload: Payload.Type) -> [String] {
    var tags: [String] = []
    var current = value
    while let (tag, inner) = tagAndPayload(of: current) {
      tags.append(tag)
      if inner is Payload { break }
      current = inner
    }
    return tags
  }

  /// The tags of the first `count` cases of `value`, outermost first.
  static func tags(of value: Any, count: Int) -> [String] {
    var tags: [String] = []
    var current = value
    while tags.count < count, let (tag, payload) = tagAndPayload(of: current) {
      tags.append(tag)
      current = payload
    }
    return tags
  }
}
