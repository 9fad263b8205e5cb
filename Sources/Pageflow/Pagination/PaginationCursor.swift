import Foundation

/// The position a page starts from, as the page loader understands it: an opaque token from the
/// server (`"page-2"`), or a keyset (a created timestamp plus an id, the position of a row in a
/// list sorted by both) encoded into one.
///
/// ```swift
/// struct MessageKey: Codable { var created: Date; var id: Int }
/// let cursor = try PaginationCursor(key: MessageKey(created: date, id: 42))
/// let key = try cursor.decode(MessageKey.self)
/// ```
public struct PaginationCursor: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  ExpressibleByStringInterpolation, CustomStringConvertible
{
  /// The token, as sent to the loader.
  public let rawValue: String

  /// A cursor from a token.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A cursor from a token.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// A cursor from a string literal: `"page-2"`, or `"page-\(number)"`.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// A cursor carrying a composite key, encoded as JSON with its fields in a fixed (sorted) order so
  /// that equal keys make equal cursors.
  ///
  /// The key comes back exactly from ``decode(_:)``: a `Date` is written as the number it stores
  /// (seconds since 1 January 2001, to the last bit), so two rows created within the same
  /// millisecond keep their order. A key that JSON cannot hold exactly (a `Double` that is not
  /// finite) throws ``PaginationError/invalidCursor(_:)``.
  public init<Key: Encodable>(key: Key) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .deferredToDate
    let data: Data
    do {
      data = try encoder.encode(key)
    } catch {
      throw PaginationError.invalidCursor("\(key) cannot be encoded exactly: \(error)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw PaginationError.invalidCursor("the key did not encode to UTF-8")
    }
    self.rawValue = text
  }

  /// The composite key this cursor carries, decoded as `Key`; throws
  /// ``PaginationError/invalidCursor(_:)`` when it is not one.
  public func decode<Key: Decodable>(_ type: Key.Type = Key.self) throws -> Key {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .deferredToDate
    do {
      return try decoder.decode(Key.self, from: Data(rawValue.utf8))
    } catch {
      throw PaginationError.invalidCursor("\"\(rawValue)\" is not a \(Key.self): \(error)")
    }
  }

  /// Decodes from a single string.
  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes as a single string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The token.
  public var description: String { rawValue }
}
