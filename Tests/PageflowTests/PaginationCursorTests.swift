import Foundation
import Pageflow
import Testing

/// Cursors: string literals, Codable as a plain string, and composite keyset keys (a creation date
/// and an id) that come back exactly.
struct PaginationCursorTests {
  struct MessageKey: Codable, Equatable {
    var created: Date
    var id: Int
  }

  @Test func aStringLiteralIsACursor() {
    let cursor: PaginationCursor = "page-2"
    #expect(cursor.rawValue == "page-2")
    #expect(cursor == PaginationCursor("page-2"))
  }

  @Test func aCursorEncodesAsAPlainString() throws {
    let data = try JSONEncoder().encode(["next": PaginationCursor("page-2")])
    #expect(String(decoding: data, as: UTF8.self) == #"{"next":"page-2"}"#)
    #expect(try JSONDecoder().decode([String: PaginationCursor].self, from: data)["next"] == "page-2")
  }

  @Test func aCompositeKeyRoundTripsWithAFixedFieldOrder() throws {
    let key = MessageKey(created: Date(timeIntervalSince1970: 1_756_720_920), id: 3)
    let cursor = try PaginationCursor(key: key)
    #expect(cursor.rawValue.hasPrefix(#"{"created":"#) && cursor.rawValue.hasSuffix(#","id":3}"#))
    #expect(try cursor.decode(MessageKey.self) == key)
    #expect(try PaginationCursor(key: key) == cursor)
  }

  @Test func keysWithSubMillisecondDatesComeBackExactly() throws {
    var random = SeededGenerator(seed: 14)
    var changed: [Date] = []
    for _ in 0..<100_000 {
      let created = Date(timeIntervalSince1970: Double.random(in: 0...4_000_000_000, using: &random))
      let key = MessageKey(created: created, id: Int.random(in: 0...Int.max, using: &random))
      if try PaginationCursor(key: key).decode(MessageKey.self) != key { changed.append(created) }
    }
    #expect(changed.isEmpty, "\(changed.count) keys decoded to another date, e.g. \(changed.prefix(3))")
  }

  @Test func aKeyThatJSONCannotHoldIsRefusedWithAnError() {
    struct Score: Codable { var value: Double }
    #expect {
      try PaginationCursor(key: Score(value: .nan))
    } throws: { error in
      guard case PaginationError.invalidCursor(let reason) = error else { return false }
      return reason.contains("cannot be encoded exactly")
    }
  }

  @Test func decodingACursorThatCarriesNoKeyIsAClearError() {
    #expect {
      try PaginationCursor("page-2").decode(MessageKey.self)
    } throws: { error in
      guard case PaginationError.invalidCursor(let reason) = error else { return false }
      return reason.contains("\"page-2\" is not a MessageKey")
    }
  }
}
