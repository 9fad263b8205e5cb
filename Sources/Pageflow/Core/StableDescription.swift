/// Descriptions of values that are the same in every process: nothing in them depends on the
/// process's hash seed (the order of a set or a dictionary) or on the address the program was
/// loaded at, as `String(reflecting:)` does. A saved place names a context that is not `Codable`
/// by one; two errors are the same error when theirs are equal.
enum StableDescription {
  /// `text` without the `(unknown context at $5631b9978b1c).` that Swift prints for the scope of a
  /// private or local type, which changes at every launch.
  static func withoutLoadAddresses(_ text: String) -> String {
    text.replacing(/\(unknown context at \$[0-9a-fA-F]+\)\./, with: "")
  }

  /// A description of `value`, the same in every process: its stored
  /// properties as `Mirror` shows them (a type changes what it shows with `CustomReflectable`), sets
  /// and dictionaries in sorted order, and each leaf (a number, a string, a case) as Swift prints it,
  /// without load addresses. Past 32 levels (a cycle of references) it stops with `…`.
  static func of(_ value: Any, depth: Int = 0) -> String {
    guard depth < 32 else { return "…" }
    let mirror = Mirror(reflecting: value)
    var parts = mirror.children.map { child in
      (child.label.map { "\($0): " } ?? "") + of(child.value, depth: depth + 1)
    }
    switch mirror.displayStyle {
    case .set?, .dictionary?:
      parts.sort()
      return "[" + parts.joined(separator: ", ") + "]"
    case .collection?:
      return "[" + parts.joined(separator: ", ") + "]"
    case .optional?:
      return mirror.children.first.map { of($0.value, depth: depth + 1) } ?? "nil"
    default:
      guard !parts.isEmpty else { return withoutLoadAddresses(String(reflecting: value)) }
      return "(" + parts.joined(separator: ", ") + ")"
    }
  }
}
