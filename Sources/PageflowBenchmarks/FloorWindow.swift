/// The floor of a bounded window: a plain array plus a dictionary from id to position, where a page
/// appended past the limit drops as many rows from the front (a start offset, compacted once half
/// the array is dropped), with nothing else (no pages, no statuses, no anchor to keep).
struct FloorWindow {
  var rows: [BenchRow]
  var positions: [Int: Int]
  /// The rows dropped from the front of `rows` and not yet compacted away.
  var start = 0
  /// The positions compacted away: a row's offset in `rows` is its position minus this.
  var compacted = 0
  let limit: Int

  /// The rows `0..<limit`, with room for `room` more.
  init(limit: Int, room: Int) {
    self.limit = limit
    rows = (0..<limit).map(BenchRow.init)
    rows.reserveCapacity(limit + room)
    positions = Dictionary(minimumCapacity: limit + room)
    for (offset, row) in rows.enumerated() { positions[row.id] = offset }
  }

  /// The window after the rows `0..<scrolled` went through it a page at a time (rounded up to a
  /// whole page), as the window it is compared with: a dictionary that has removed and inserted
  /// that many ids does not cost what a freshly filled one does (where each id sits in its run of
  /// occupied buckets depends on the order of the insertions and removals), and the array has
  /// been compacted as often.
  init(limit: Int, scrolled: Int, room: Int) {
    self.init(limit: limit, room: room)
    while nextID < scrolled { append(BenchRow.page(nextID / BenchRow.pageSize)) }
  }

  /// The id of the row after the last one appended.
  var nextID: Int { rows.last.map { $0.id + 1 } ?? 0 }

  /// Appends `page`, indexes it, and drops the rows past the limit from the front.
  mutating func append(_ page: [BenchRow]) {
    for row in page {
      positions[row.id] = compacted + rows.count
      rows.append(row)
    }
    while rows.count - start > limit {
      positions[rows[start].id] = nil
      start += 1
    }
    if start * 2 > rows.count {
      rows.removeFirst(start)
      compacted += start
      start = 0
    }
  }
}
