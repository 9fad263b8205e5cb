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

  /// `size` rows, ids 0..<size, with the first selected, and capacity for `room` more (so that
  /// appending measures the appends, not one reallocation of everything already there).
  init(size: Int, room: Int = 0) {
    rows = (0..<size).map(BenchRow.init)
    rows.reserveCapacity(size + room)
    offsets = Dictionary(minimumCapacity: size + room)
    for (offset, row) in rows.enumerated() { offsets[row.id] = offset }
    selection = 0
  }
}
