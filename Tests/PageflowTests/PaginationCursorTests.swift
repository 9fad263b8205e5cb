import Foundation
import Pageflow
import Testing

/// Cursors: string literals, Codable as a plain string, and composite keyset keys (seed 001).
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
    #expect(cursor.rawValue == #"{"created":1756720920000,"id":3}"#)
    #expect(try cursor.decode(MessageKey.self) == key)
    #expect(try PaginationCursor(key: key) == cursor)
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
