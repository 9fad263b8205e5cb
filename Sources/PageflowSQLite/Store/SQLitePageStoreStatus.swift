/// What a ``SQLitePageStore`` holds, for a status line: rows, their bytes, and the known ranges they
/// make up.
public struct SQLitePageStoreStatus: Hashable, Sendable, CustomStringConvertible {
  /// The rows held.
  public var rows: Int
  /// The known ranges (complete stretches) the rows make up; the gaps lie between them.
  public var ranges: Int
  /// The bytes of the rows' values, as ``SQLitePageStore/byteLimit`` counts them.
  public var bytes: Int

  /// A status of `rows` rows of `bytes` bytes in `ranges` ranges.
  public init(rows: Int, ranges: Int, bytes: Int = 0) {
    self.rows = rows
    self.ranges = ranges
    self.bytes = bytes
  }

  /// How many pages of `pageSize` rows the rows make (the last one possibly short); 0 for a page
  /// size below 1.
  public func pages(ofSize pageSize: Int) -> Int {
    guard pageSize > 0 else { return 0 }
    return rows / pageSize + (rows % pageSize > 0 ? 1 : 0)
  }

  /// `1250 rows (98304 bytes) in 3 ranges`.
  public var description: String { "\(rows) rows (\(bytes) bytes) in \(ranges) ranges" }
}
