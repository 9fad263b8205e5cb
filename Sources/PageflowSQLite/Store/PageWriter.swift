/// Writes a checked network page of one list in the current transaction: replaces the rows of the
/// stretch it covers with its own, merges the stretch into the list's known ranges, records which
/// ranges were viewed, and keeps the store under its limits.
struct PageWriter {
  let schema: StoreSchema
  let ranges: RangeTable
  let connection: SQLiteConnection

  /// Writes `page` into `list`; its range is marked viewed at `viewed`, along with `marks` (range
  /// id to view counter) from reads since the last write.
  func write(_ page: NetworkPage, in list: String, viewed: Int64, marks: [Int64: Int64], limits: StoreLimits) throws {
    try ranges.markViewed(marks, in: connection)
    guard let covered = page.covered else { return }
    try schema.deleteRows(in: covered, of: list, in: connection)
    for row in page.rows {
      try connection.run(schema.upsert, [.text(list)] + row)
    }
    // Merge: the ranges the covered stretch touches give way to their union with it.
    let stored = try ranges.ranges(of: list, in: connection)
    var known = KnownRanges(stored.map(\.range))
    known.insert(covered)
    let kept = Set(known.ranges)
    for entry in stored where !kept.contains(entry.range) {
      try ranges.delete(entry.id, in: connection)
    }
    guard let union = known.ranges.first(where: { $0.touches(covered) }) else { return }
    let id =
      try stored.first { $0.range == union }?.id ?? ranges.insert(union, of: list, viewed: viewed, in: connection)
    try ranges.markViewed([id: viewed], in: connection)
    try Eviction(schema: schema, ranges: ranges, connection: connection).fit(
      limits, keeping: RangeTable.Entry(id: id, list: list, range: union), written: covered, farEnd: page.farEnd,
      viewed: viewed)
  }
}
