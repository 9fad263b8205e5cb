/// What a ``SQLitePageStore`` holds, for a status line: rows, and the known ranges they make up.
public struct SQLitePageStoreStatus: Hashable, Sendable, CustomStringConvertible {
  /// The rows held.
  public var rows: Int
  /// The known ranges (complete stretches) the rows make up; the gaps lie between them.
  public var ranges: Int

  /// A status of `rows` rows in `ranges` ranges.
  public init(rows: Int, ranges: Int) {
    self.rows = rows
    self.ranges = ranges
  }

  /// How many pages of `pageSize` rows the rows make (the last one possibly short).
  public func pages(ofSize pageSize: Int) -> Int {
    pageSize > 0 ? (rows + pageSize - 1) / pageSize : 0
  }

  /// `1250 rows in 3 ranges`.
  public var description: String { "\(rows) rows in \(ranges) ranges" }
}
