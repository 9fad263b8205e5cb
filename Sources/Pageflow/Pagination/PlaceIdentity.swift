import Foundation

/// What a saved place names its list by, the same in every process: nothing in it depends on the
/// process's hash seed or on the address the program was loaded at.
@usableFromInline
enum PlaceIdentity {
  /// A type's module-qualified name as Swift prints it (`Inbox.Message`, `Inbox.Box<Inbox.Item>`),
  /// without the load address Swift prints for a private or local type.
  static func name(of type: Any.Type) -> String {
    withoutLoadAddresses(String(reflecting: type))
  }

  /// `text` without the `(unknown context at $5631b9978b1c).` that Swift prints for the scope of a
  /// private or local type, which changes at every launch.
  static func withoutLoadAddresses(_ text: String) -> String {
    text.replacing(/\(unknown context at \$[0-9a-fA-F]+\)\./, with: "")
  }

  /// The JSON of a `Codable` context, its keys sorted; nil for a context that is not `Codable`
  /// (one only `Encodable` could not be read back), or whose encoding fails.
  static func json(of context: any PaginationContext) -> String? {
    guard context is any Decodable, let encodable = context as? any Encodable else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(encodable) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// `json` read as a `Context`; nil when `Context` is not `Decodable` or `json` is not one.
  static func decode<Context: PaginationContext>(_ json: String, as type: Context.Type) -> Context? {
    guard let decodable = type as? any Decodable.Type,
      let value = try? JSONDecoder().decode(decodable, from: Data(json.utf8))
    else { return nil }
    return value as? Context
  }

  /// A description of a value that is not `Codable`, the same in every process: its stored
  /// properties as `Mirror` shows them (a type changes what it shows with `CustomReflectable`), sets
  /// and dictionaries in sorted order, and each leaf (a number, a string, a case) as Swift prints it,
  /// without load addresses. Past 32 levels (a cycle of references) it stops with `…`.
  static func description(of value: Any, depth: Int = 0) -> String {
    guard depth < 32 else { return "…" }
    let mirror = Mirror(reflecting: value)
    var parts = mirror.children.map { child in
      (child.label.map { "\($0): " } ?? "") + description(of: child.value, depth: depth + 1)
    }
    switch mirror.displayStyle {
    case .set?, .dictionary?:
      parts.sort()
      return "[" + parts.joined(separator: ", ") + "]"
    case .collection?:
      return "[" + parts.joined(separator: ", ") + "]"
    case .optional?:
      return mirror.children.first.map { description(of: $0.value, depth: depth + 1) } ?? "nil"
    default:
      guard !parts.isEmpty else { return withoutLoadAddresses(String(reflecting: value)) }
      return "(" + parts.joined(separator: ", ") + ")"
    }
  }
}
