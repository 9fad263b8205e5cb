import Foundation

/// An HTTP `Link` header (RFC 8288), parsed: the links it holds, each with its target resolved
/// against the URL of the request that answered it, and its relations.
///
/// ```swift
/// let links = LinkHeader(#"</issues?page=3>; rel="next", </issues?page=1>; rel="prev first""#, base: url)
/// links["next"]  // https://api.example.com/issues?page=3
/// links["first"]  // https://api.example.com/issues?page=1
/// ```
///
/// The parsing follows the grammar, not the usual shape, so that what servers send in practice
/// reads right: a relation quoted or not (`rel="next"`, `rel=next`), several relations in one
/// (`rel="prev first"`), in any case; several links in one header, and commas and semicolons inside
/// a target (`<…?ids=1,2;3>`) or a quoted parameter, which do not separate links; spaces anywhere
/// the grammar allows them, and inside the angle brackets; a relative target, resolved against
/// `base`. A link that cannot be read (no angle brackets, a target that is no URL) is skipped, and
/// the ones after it still count.
public struct LinkHeader: Hashable, Sendable {
  /// One link: where it points and what it is to the page that sent it.
  public struct Link: Hashable, Sendable {
    /// The target, resolved against the request's URL.
    public var target: URL
    /// The relation types of its `rel` parameter, in lowercase (`["prev", "first"]`).
    public var relations: [String]
    /// Its other parameters (`title`, `type`, …), by lowercase name, unquoted; the first of each.
    public var parameters: [String: String]

    /// A link to `target` with `relations` (lowercased) and `parameters`.
    public init(target: URL, relations: [String], parameters: [String: String] = [:]) {
      self.target = target
      self.relations = relations.map { $0.lowercased() }
      self.parameters = parameters
    }
  }

  /// The links, in the order the header lists them.
  public var links: [Link]

  /// The links of a `Link` header's value (several `Link` fields joined with commas, as
  /// `HTTPURLResponse` gives them, read the same); relative targets resolved against `base`, the
  /// URL of the request that answered. Nil or an empty value holds no link.
  public init(_ value: String?, base: URL? = nil) {
    var scanner = Scanner(Array((value ?? "").unicodeScalars))
    var links: [Link] = []
    while let link = scanner.link(base: base) { links += link }
    self.links = links
  }

  /// The target of the first link with `relation` (any case: `"next"`, `"prev"`), or nil.
  public subscript(relation: String) -> URL? {
    let relation = relation.lowercased()
    return links.first { $0.relations.contains(relation) }?.target
  }

  /// Reads link-values one at a time, by RFC 8288's grammar.
  private struct Scanner {
    let text: [Unicode.Scalar]
    var index = 0

    init(_ text: [Unicode.Scalar]) { self.text = text }

    var current: Unicode.Scalar? { index < text.count ? text[index] : nil }

    mutating func skipSpaces() {
      while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" { index += 1 }
    }

    /// Skips to the comma that ends the current link-value (outside angle brackets and quotes), and
    /// past it.
    mutating func skipLink() {
      while let scalar = current {
        index += 1
        switch scalar {
        case ",": return
        case "\"": _ = quoted()
        case "<": while let inner = current, inner != ">" { index += 1 }
        default: break
        }
      }
    }

    /// The next link-value: nil at the end of the text; an empty array for one that cannot be read.
    mutating func link(base: URL?) -> [Link]? {
      while true {
        skipSpaces()
        guard let scalar = current else { return nil }
        if scalar == "," {
          index += 1
          continue
        }
        guard scalar == "<" else {
          skipLink()
          return []
        }
        break
      }
      index += 1
      var target = ""
      while let scalar = current, scalar != ">" {
        target.unicodeScalars.append(scalar)
        index += 1
      }
      guard current == ">" else { return [] }
      index += 1
      var relations: [String]?
      var parameters: [String: String] = [:]
      while true {
        skipSpaces()
        guard let scalar = current, scalar != "," else { break }
        guard scalar == ";" else {  // junk after a parameter: the rest of this link-value is skipped
          skipLink()
          break
        }
        index += 1
        skipSpaces()
        let name = token().lowercased()
        skipSpaces()
        var value = ""
        if current == "=" {
          index += 1
          skipSpaces()
          value = current == "\"" ? quoted() : token()
        }
        if name == "rel" {
          if relations == nil { relations = value.split(whereSeparator: \.isWhitespace).map { $0.lowercased() } }
        } else if !name.isEmpty, parameters[name] == nil {
          parameters[name] = value
        }
      }
      guard let url = resolved(target, base: base) else { return [] }
      return [Link(target: url, relations: relations ?? [], parameters: parameters)]
    }

    /// A token: up to a space, `=`, `;` or `,`.
    mutating func token() -> String {
      var token = ""
      while let scalar = current, !" \t\r\n=;,".unicodeScalars.contains(scalar) {
        token.unicodeScalars.append(scalar)
        index += 1
      }
      return token
    }

    /// A quoted string starting at the quote, unquoted (a backslash escapes the next character).
    mutating func quoted() -> String {
      if current == "\"" { index += 1 }
      var value = ""
      while let scalar = current {
        index += 1
        if scalar == "\"" { break }
        if scalar == "\\", let escaped = current {
          value.unicodeScalars.append(escaped)
          index += 1
        } else {
          value.unicodeScalars.append(scalar)
        }
      }
      return value
    }

    /// `target` (spaces around it trimmed) as an absolute URL, resolved against `base`.
    func resolved(_ target: String, base: URL?) -> URL? {
      let target = target.trimmingCharacters(in: .whitespaces)
      let url =
        URL(string: target, relativeTo: base)
        ?? target.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(["#"]))
        .flatMap { URL(string: $0, relativeTo: base) }
      return url?.absoluteURL
    }
  }
}
