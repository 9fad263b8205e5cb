/// Writes a checked network page of one list in the current transaction: replaces the rows of the
/// stretch it covers with its own, merges the stretch into the list's known ranges, records which
/// ranges were viewed, and keeps the store under its limits.
struct PageWriter {
  let schema: StoreSchema
  let ranges: RangeTable
  let connection: SQLiteConnection

  /// Writes `page` into `list`, after marking the ranges `views` viewed (reads whose views are not
  /// stored yet, in order); its range is viewed after them.
  func write(_ page: NetworkPage, in list: String, views: [Int64], limits: StoreLimits) throws {
    _ = try ranges.markViewed(views, in: connection)
    guard let covered = page.covered else { return }
    try schema.deleteRows(in: covered, of: list, in: connection)
    if !page.rows.isEmpty { try upsert(page.rows, in: list) }
    // Merge: the ranges the covered stretch touches give way to their union with it, viewed now.
    // (Stored ranges never touch one another, so no other range touches the union.)
    guard !covered.isEmpty else { return }
    let touching = try ranges.ranges(of: list, in: connection).filter { $0.range.touches(covered) }
    let union = touching.reduce(covered) { $0.union($1.range) }
    for entry in touching { try ranges.delete(entry.id, in: connection) }
    let id = try ranges.insert(union, of: list, in: connection)
    try Eviction(schema: schema, ranges: ranges, connection: connection).fit(
      limits, keeping: RangeTable.Entry(id: id, list: list, range: union), written: covered, farEnd: page.farEnd)
  }

  /// Inserts or replaces `rows` in `list` (numbered now if it has no number): one statement, the
  /// list's number bound once, each row's values bound over the last's.
  private func upsert(_ rows: [[SQLiteValue]], in list: String) throws {
    let number = try schema.listNumber(of: list, in: connection)
    try connection.withPreparedStatement(schema.upsert) { statement in
      try statement.bind(.integer(number), at: 1)
      for row in rows {
        for (offset, value) in row.enumerated() { try statement.bind(value, at: Int32(offset + 2)) }
        while try statement.step() {}
        try statement.resetKeepingBindings()
      }
    }
  }
}
