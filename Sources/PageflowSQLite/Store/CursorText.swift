import Pageflow

/// How the store makes the cursor of a key, and reads the key of a cursor: without JSON when the
/// key is a ``NumericPairKey``, through JSON otherwise.
enum CursorText {
  private static let firstPrefix = Array(#"{"first":"#.utf8)
  private static let secondPrefix = Array(#","second":"#.utf8)

  /// The cursor of the key of `Key` holding the sort values `values`, exactly as
  /// `PaginationCursor(key:)` makes it.
  static func cursor<Key: SQLiteSortKey>(_ values: SortValues, as _: Key.Type, schema: StoreSchema) throws
    -> PaginationCursor
  {
    if let text = pairText(values, as: Key.self) { return PaginationCursor(rawValue: text) }
    return try PaginationCursor(key: try schema.key(values, as: Key.self))
  }

  /// The sort values of `cursor`, read as a `Key`: throws `PaginationError.invalidCursor` when it
  /// is not one (as `PaginationCursor.decode(_:)` does), and
  /// ``SQLitePageStoreError/rejectedPage(_:)`` when the key has not as many values as the sort
  /// columns.
  static func sortValues<Key: SQLiteSortKey>(of cursor: PaginationCursor, as _: Key.Type, schema: StoreSchema)
    throws -> SortValues
  {
    if schema.sortOffsets.count == 2, let values = pairValues(cursor.rawValue, as: Key.self) { return values }
    return try schema.sortValues(of: cursor.decode(Key.self))
  }

  /// The cursor text of the values of a ``NumericPairKey``; nil for another key, or values its
  /// types do not hold (then JSON makes the cursor).
  static func pairText<Key: SQLiteSortKey>(_ values: SortValues, as _: Key.Type) -> String? {
    (Key.self as? any NumericPairKey.Type)?.cursorText(of: values)
  }

  /// The values of the cursor text of a ``NumericPairKey``; nil for another key, or any other text
  /// (then JSON reads it).
  static func pairValues<Key: SQLiteSortKey>(_ text: String, as _: Key.Type) -> SortValues? {
    (Key.self as? any NumericPairKey.Type)?.sortValues(ofCursorText: text)
  }

  /// `{"first":a,"second":b}` for the values `(a, b)`, each written as `JSONEncoder` writes it for
  /// its type; nil when the types do not hold them.
  static func pairText<First: CursorNumber, Second: CursorNumber>(
    of values: SortValues, _: First.Type, _: Second.Type
  ) -> String? {
    guard values.values.count == 2 else { return nil }
    var text = #"{"first":"#
    text.reserveCapacity(68)  // the longest: two 24-character reals
    guard First.write(values.values[0], to: &text) else { return nil }
    text += #","second":"#
    guard Second.write(values.values[1], to: &text) else { return nil }
    text += "}"
    return text
  }

  /// The values `(a, b)` of the text `{"first":a,"second":b}`, written exactly as ``pairText(of:_:_:)``
  /// writes them (no space, each number as `JSONEncoder` writes it for its type); nil otherwise.
  static func pairValues<First: CursorNumber, Second: CursorNumber>(
    of text: String, _: First.Type, _: Second.Type
  ) -> SortValues? {
    var text = text
    return text.withUTF8 { bytes -> SortValues? in
      // A number holds no comma: the first one ends the first number.
      guard bytes.starts(with: firstPrefix), bytes.last == UInt8(ascii: "}"),
        let comma = bytes[firstPrefix.count...].firstIndex(of: UInt8(ascii: ",")),
        bytes[comma...].starts(with: secondPrefix), comma + secondPrefix.count < bytes.count,
        let first = First.read(UnsafeBufferPointer(rebasing: bytes[firstPrefix.count..<comma])),
        let second = Second.read(UnsafeBufferPointer(rebasing: bytes[(comma + secondPrefix.count)..<(bytes.count - 1)]))
      else { return nil }
      return SortValues([first, second])
    }
  }
}
