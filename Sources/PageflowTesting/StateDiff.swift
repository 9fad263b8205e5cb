/// Line-by-line dumps and diffs of values, for readable failure messages without dependencies.
public enum StateDiff {
  /// `value` as indented lines: one field per line, nested types indented, field names shown.
  public static func dump(_ value: Any) -> [String] {
    var lines: [String] = []
    dump(value, name: nil, indent: 0, into: &lines)
    return lines
  }

  /// A diff of `expected` against `actual` (`-` expected, `+` actual), with unchanged runs
  /// collapsed; nil when their dumps are the same.
  public static func diff(expected: Any, actual: Any) -> String? {
    let old = dump(expected)
    let new = dump(actual)
    guard old != new else { return nil }
    return render(old: old, new: new)
  }

  private static func dump(_ value: Any, name: String?, indent: Int, into lines: inout [String]) {
    let pad = String(repeating: "  ", count: indent)
    let prefix = pad + (name.map { "\($0): " } ?? "")
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first?.value {
        dump(wrapped, name: name, indent: indent, into: &lines)
      } else {
        lines.append(prefix + "nil")
      }
    case .enum:
      guard let payload = mirror.children.first?.value, !isLeaf(value) else {
        lines.append(prefix + leaf(value))
        return
      }
      let caseName = EnumLabel.of(value)
      if isLeaf(payload) {
        lines.append(prefix + ".\(caseName)(\(leaf(payload)))")
      } else {
        lines.append(prefix + ".\(caseName)(")
        dumpChildren(of: payload, indent: indent + 1, into: &lines)
        lines.append(pad + ")")
      }
    case .collection, .set:
      // A set's elements in a stable order (their dumps sorted): equal sets are shown alike.
      var items = mirror.children.map { child -> (value: Any, lines: [String]) in
        var lines: [String] = []
        dump(child.value, name: nil, indent: indent + 1, into: &lines)
        return (child.value, lines)
      }
      if mirror.displayStyle == .set { items.sort { $0.lines.lexicographicallyPrecedes($1.lines) } }
      let leaves = items.map(\.value).allSatisfy(isLeaf) ? items.map { leaf($0.value) } : nil
      if let leaves, leaves.joined(separator: ", ").count <= 60 {
        lines.append(prefix + "[" + leaves.joined(separator: ", ") + "]")
      } else {
        lines.append(prefix + "[")
        lines += items.flatMap(\.lines)
        lines.append(pad + "]")
      }
    case .dictionary:
      // Entries in a stable order (their keys' dumps sorted): equal dictionaries are shown alike.
      let pairs = mirror.children.map { Mirror(reflecting: $0.value).children.map(\.value) }
        .filter { $0.count == 2 }
        .map { (key: dump($0[0]), value: $0[1]) }
        .sorted { $0.key.lexicographicallyPrecedes($1.key) }
      if pairs.isEmpty {
        lines.append(prefix + "[:]")
      } else {
        lines.append(prefix + "[")
        for pair in pairs { dump(pair.value, name: pair.key.joined(separator: " "), indent: indent + 1, into: &lines) }
        lines.append(pad + "]")
      }
    case .struct, .class, .tuple:
      if isLeaf(value) {
        lines.append(prefix + leaf(value))
      } else if mirror.children.isEmpty {
        lines.append(prefix + ShortDescription.typeName(of: value) + "()")
      } else {
        let open = mirror.displayStyle == .tuple ? "(" : ShortDescription.typeName(of: value) + "("
        lines.append(prefix + open)
        dumpChildren(of: value, indent: indent + 1, into: &lines)
        lines.append(pad + ")")
      }
    default:
      lines.append(prefix + leaf(value))
    }
  }

  private static func dumpChildren(of value: Any, indent: Int, into lines: inout [String]) {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .tuple || mirror.displayStyle == .struct || mirror.displayStyle == .class,
      !isLeaf(value)
    else {
      dump(value, name: nil, indent: indent, into: &lines)
      return
    }
    for (offset, child) in mirror.children.enumerated() {
      let label =
        child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : ShortDescription.fieldName($0) }
        ?? "\(offset)"
      dump(
        child.value, name: mirror.displayStyle == .tuple && label.first?.isNumber == true ? nil : label,
        indent: indent, into: &lines)
    }
  }

  private static func isLeaf(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    // An enum that describes itself (`loading bottom after "page-2"`) is shown by its description.
    if mirror.displayStyle == .enum { return mirror.children.isEmpty || value is any CustomStringConvertible }
    if value is any StringProtocol || value is any Numeric || value is Bool || value is any Error {
      return true
    }
    if value is any CustomStringConvertible, !(value is any CustomReflectable) {
      let mirror = Mirror(reflecting: value)
      return mirror.displayStyle != .enum && mirror.displayStyle != .collection
        && mirror.displayStyle != .optional && mirror.displayStyle != .dictionary
        && mirror.displayStyle != .set
    }
    return Mirror(reflecting: value).children.isEmpty && Mirror(reflecting: value).displayStyle != .enum
  }

  private static func leaf(_ value: Any) -> String {
    if value is any StringProtocol { return String(reflecting: value) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum, mirror.children.isEmpty, !(value is any CustomStringConvertible) {
      return "." + String(describing: value)
    }
    return String(describing: value)
  }

  /// Renders a diff with context: changed lines, the lines that open the blocks they are in,
  /// and one line around each change; other unchanged lines collapse to a count.
  private static func render(old: [String], new: [String]) -> String {
    let difference = new.difference(from: old)
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var rows: [(mark: Character, text: String)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, removed.contains(i) {
        rows.append(("-", old[i])); i += 1
      } else if j < new.count, inserted.contains(j) {
        rows.append(("+", new[j])); j += 1
      } else {
        rows.append((" ", i < old.count ? old[i] : new[j])); i += 1; j += 1
      }
    }
    var keep = Set<Int>()
    for (index, row) in rows.enumerated() where row.mark != " " {
      keep.formUnion(max(0, index - 1)...min(rows.count - 1, index + 1))
      var depth = indentation(row.text)
      var k = index - 1
      while k >= 0, depth > 0 {
        if rows[k].mark == " ", indentation(rows[k].text) < depth {
          keep.insert(k)
          depth = indentation(rows[k].text)
        }
        k -= 1
      }
    }
    var output: [String] = []
    var skipped = 0
    for (index, row) in rows.enumerated() {
      if keep.contains(index) {
        if skipped > 0 { output.append("  … (\(skipped) unchanged)"); skipped = 0 }
        output.append("\(row.mark) \(row.text)")
      } else {
        skipped += 1
      }
    }
    if skipped > 0 { output.append("  … (\(skipped) unchanged)") }
    return output.joined(separator: "\n")
  }

  private static func indentation(_ line: String) -> Int {
    line.prefix { $0 == " " }.count
  }
}

/// The case name of an enum value.
enum EnumLabel {
  static func of(_ value: Any) -> String {
    if let label = Mirror(reflecting: value).children.first?.label { return label }
    let text = String(describing: value)
    return String(text.prefix { $0 != "(" })
  }
}
