/// The floor: the least any list with lookup by id can do, a plain array plus a dictionary from
/// id to offset, with nothing else (no pages, no statuses, no de-duplication across ends).
struct FloorList {
  var rows: [BenchRow]
  var offsets: [Int: Int]
  var selection: Int

  /// Appends `page` and indexes it.
  mutating func append(_ page: [BenchRow]) {
    for row in page {
      offsets[row.id] = rows.count
      rows.append(row)
    }
  }

  /// Moves the selection to the next element.
  mutating func selectNext() {
    guard let offset = offsets[selection], offset + 1 < rows.count else { return }
    selection = rows[offset + 1].id
  }

  /// The element with `id`.
  func element(id: Int) -> BenchRow? {
    offsets[id].map { rows[$0] }
  }

  /// `size` rows, ids 0..<size (rounded up to a whole page), with the first selected: the list's
  /// pages appended one by one to an empty array and dictionary, as the list it is compared with
  /// was built, so that both have grown the same way and hold the same room.
  init(size: Int) {
    rows = []
    offsets = [:]
    selection = 0
    for page in 0..<((size + BenchRow.pageSize - 1) / BenchRow.pageSize) { append(BenchRow.page(page)) }
  }
}
