/// One-line descriptions of actions and values for failure messages, written the way a test
/// writes them: `.messages(.loaded(.pageResponse(bottom after "page-2" → 20 elements, …)))`.
///
/// No module names and no generic arguments; a value's own `description` when it has one; a
/// nested value too long for one line is shortened to its type, `State(…)`, and a long collection
/// to its count, never cut in the middle of a name.
enum ShortDescription {
  /// A struct's fields are listed while they fit in this many characters.
  static let fieldsLimit = 80
  /// Values nested deeper than this are shortened to their type.
  static let depthLimit = 3

  /// `value`, described on one line.
  static func of(_ value: Any) -> String { describe(value, depth: 0) }

  /// The name of `value`'s type without its module or generic arguments: `LoadableStateWith`.
  static func typeName(of value: Any) -> String {
    let name = String(describing: type(of: value))
    return String(name.prefix { $0 != "<" })
  }

  /// A field's name as declared: the storage of a property wrapper (`_messages`) is shown under
  /// the property's name (`messages`).
  static func fieldName(_ label: String) -> String {
    label.hasPrefix("_") ? String(label.dropFirst()) : label
  }

  private static func describe(_ value: Any, depth: Int) -> String {
    if let text = value as? any StringProtocol { return String(reflecting: String(text)) }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { describe($0.value, depth: depth) } ?? "nil"
    case .collection, .set:
      let items = mirror.children.map { describe($0.value, depth: depth + 1) }
      let list = items.joined(separator: ", ")
      return items.count <= 3 && list.count <= fieldsLimit ? "[\(list)]" : "[\(items.count) elements]"
    case .dictionary:
      return mirror.children.isEmpty ? "[:]" : "[\(mirror.children.count) entries]"
    case .tuple:
      return "(\(arguments(of: value, depth: depth + 1)))"
    default:
      break
    }
    if let custom = value as? any CustomStringConvertible { return custom.description }
    switch mirror.displayStyle {
    case .enum:
      guard let payload = mirror.children.first, let name = payload.label else { return ".\(value)" }
      return ".\(name)(\(arguments(of: payload.value, depth: depth + 1)))"
    case .struct:
      let name = typeName(of: value)
      guard depth < depthLimit else { return mirror.children.isEmpty ? "\(name)()" : "\(name)(…)" }
      let fields = mirror.children.map { child in
        (child.label.map { fieldName($0) + ": " } ?? "") + describe(child.value, depth: depth + 1)
      }
      let list = fields.joined(separator: ", ")
      return list.count <= fieldsLimit ? "\(name)(\(list))" : "\(name)(…)"
    default:
      return typeName(of: value)
    }
  }

  /// The values of an enum case or a tuple, with their labels: `bottom, didRefresh: false`.
  private static func arguments(of payload: Any, depth: Int) -> String {
    let mirror = Mirror(reflecting: payload)
    guard mirror.displayStyle == .tuple else { return describe(payload, depth: depth) }
    return mirror.children.map { child in
      let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 + ": " } ?? ""
      return label + describe(child.value, depth: depth)
    }
    .joined(separator: ", ")
  }
}
