/// The values of a row's sort columns, compared as SQLite compares them in a row-value comparison
/// (`(created, id) > (?, ?)`): column by column, each as ``SQLiteValue`` orders it.
struct SortValues: Comparable, Hashable, Sendable, CustomStringConvertible {
  let values: [SQLiteValue]

  init(_ values: [SQLiteValue]) { self.values = values }

  static func < (lhs: SortValues, rhs: SortValues) -> Bool {
    for (left, right) in zip(lhs.values, rhs.values) {
      let order = left.compare(right)
      if order != 0 { return order < 0 }
    }
    return lhs.values.count < rhs.values.count
  }

  var description: String { "(" + values.map(\.description).joined(separator: ", ") + ")" }
}
