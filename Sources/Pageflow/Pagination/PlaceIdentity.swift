import Foundation

/// What a saved place names its list by, the same in every process: nothing in it depends on the
/// process's hash seed or on the address the program was loaded at.
@usableFromInline
enum PlaceIdentity {
  /// A type's module-qualified name as Swift prints it (`Inbox.Message`, `Inbox.Box<Inbox.Item>`),
  /// without the load address Swift prints for a private or local type.
  static func name(of type: Any.Type) -> String {
    StableDescription.withoutLoadAddresses(String(reflecting: type))
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
}
