/// The most a store keeps, all lists together: rows, and bytes of the rows' values (as
/// ``SQLitePageStore/byteLimit`` counts them); nil for no limit. A negative limit counts as 0.
struct StoreLimits: Sendable {
  /// What a store holds, or what a limit is over by.
  struct Usage: Equatable {
    var rows: Int
    var bytes: Int
  }

  let rows: Int?
  let bytes: Int?

  init(rows: Int?, bytes: Int?) {
    self.rows = rows.map { max(0, $0) }
    self.bytes = bytes.map { max(0, $0) }
  }

  /// Whether there is a limit at all.
  var isLimited: Bool { rows != nil || bytes != nil }

  /// How far `usage` is over the limits (0 where it is within one), or nil when it is within both.
  func excess(of usage: Usage) -> Usage? {
    let excess = Usage(
      rows: rows.map { max(0, usage.rows - $0) } ?? 0, bytes: bytes.map { max(0, usage.bytes - $0) } ?? 0)
    return excess.rows > 0 || excess.bytes > 0 ? excess : nil
  }
}
