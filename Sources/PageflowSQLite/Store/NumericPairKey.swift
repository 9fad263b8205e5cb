/// A sort key of two numbers (``SQLiteKeyPair`` of `Int`, `Int64`, `Double` or `Date`: most often
/// a time, then the id), whose cursor the store writes and reads without a JSON encoder: the same
/// text that `PaginationCursor(key:)` makes, `{"first":760000000.1234567,"second":42}`, several
/// times faster to make and read (a page read makes two cursors and reads one).
///
/// Only that exact text is read here; any other (spaces, another order of the fields, a number
/// written otherwise, such as `1.0` or `1e16`) goes to `PaginationCursor.decode(_:)`, which decides
/// as it always did.
protocol NumericPairKey: SQLiteSortKey {
  /// The cursor text of the key holding the sort values `values`; nil when the key's types do not
  /// hold them (then JSON makes the cursor).
  static func cursorText(of values: SortValues) -> String?

  /// The sort values of the cursor text `text` when it is exactly what ``cursorText(of:)`` writes
  /// for some; nil otherwise (then JSON reads it).
  static func sortValues(ofCursorText text: String) -> SortValues?
}

extension SQLiteKeyPair: NumericPairKey where First: CursorNumber, Second: CursorNumber {
  static func cursorText(of values: SortValues) -> String? {
    CursorText.pairText(of: values, First.self, Second.self)
  }

  static func sortValues(ofCursorText text: String) -> SortValues? {
    CursorText.pairValues(of: text, First.self, Second.self)
  }
}
