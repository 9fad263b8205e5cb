/// The element every benchmark pages through: an id, a timestamp and a short text, like a message.
struct BenchRow: Identifiable, Equatable, Sendable {
  let id: Int
  let created: Int
  let text: String

  init(_ id: Int) {
    self.id = id
    self.created = 1_700_000_000 + id
    self.text = "row"
  }

  /// A row of these values (as read back from a table).
  init(id: Int, created: Int, text: String) {
    self.id = id
    self.created = created
    self.text = text
  }

  /// The `index`th page of 50 rows after (positive ids) or before (negative ids) the start.
  static func page(_ index: Int, before: Bool = false) -> [BenchRow] {
    let ids = (index * pageSize)..<((index + 1) * pageSize)
    return before ? ids.reversed().map { BenchRow(-1 - $0) } : ids.map(BenchRow.init)
  }

  /// The number of rows in a page.
  static let pageSize = 50
}
