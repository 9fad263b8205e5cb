/// How a parent action embeds a child action and gets it back: the "action path" of ``Scope``,
/// ``Reducer/ifLet(_:action:then:)`` and ``Reducer/loadable(_:action:child:load:)``.
///
/// Pass the enum case itself, which Swift treats as the embedding function; the extraction is
/// derived from it by reflection:
///
/// ```swift
/// Scope(state: \.counter, action: AppAction.counter) { Counter() }
/// ```
///
/// Where reflection is not wanted (a hot path, or a case whose payload is a tuple), spell both halves
/// out with ``init(embed:extract:)``.
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

  /// A path for the enum case `embed`, e.g. `AppAction.counter`.
  ///
  /// Extraction reads the case's payload through `Mirror` and checks that embedding it again yields
  /// the same case, so two cases with the same payload type are told apart.
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    self.embed = embed
    self.extract = { root in
      guard
        let (label, payload) = EnumCase.payload(of: root),
        let value = payload as? Value,
        EnumCase.label(of: embed(value)) == label
      else { return nil }
      return value
    }
  }
}

/// Reflection helpers for enum cases.
enum EnumCase {
  /// The case name and payload of an enum value with an associated value.
  static func payload(of value: Any) -> (label: String, payload: Any)? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label
    else { return nil }
    return (label, child.value)
  }

  /// The case name of an enum value, with or without a payload.
  static func label(of value: Any) -> String? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return nil }
    if let label = mirror.children.first?.label { return label }
    return String(describing: value)
  }
}
extension ActionPath: Sendable {}
