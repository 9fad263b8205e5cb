/// One measured figure, beside its baselines from the same run.
struct BenchmarkResult {
  /// What was measured (`append_page`, `select_next`, …).
  let name: String
  /// How many elements were loaded (0 where size does not apply).
  let size: Int
  /// Nanoseconds per operation through Pageflow.
  let pageflow: Double
  /// Nanoseconds per operation for the naive implementation, if there is one.
  let naive: Double?
  /// Nanoseconds per operation for the floor (plain array and dictionary), if there is one.
  let floor: Double?
  /// What the table prints for the size, when it is not the number of elements loaded (the depth
  /// of an SQLite page: `0`, `1M`).
  var sizeLabel: String? = nil
  /// What the figures count: nanoseconds per operation, or bytes (`sqlite_bytes_per_row`).
  var unit: Unit = .nanoseconds

  /// What a result's figures count.
  enum Unit {
    case nanoseconds, bytes
  }

  /// The better of two measurements of the same figure: the smaller time of each column.
  func best(with other: BenchmarkResult) -> BenchmarkResult {
    func least(_ a: Double?, _ b: Double?) -> Double? { [a, b].compactMap { $0 }.min() }
    return BenchmarkResult(
      name: name, size: size, pageflow: Swift.min(pageflow, other.pageflow), naive: least(naive, other.naive),
      floor: least(floor, other.floor), sizeLabel: sizeLabel, unit: unit)
  }
}

extension BenchmarkResult: Encodable {
  /// A JSON key.
  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The JSON row: `name`, `size`, and the figures as `pageflow_ns`, `naive_ns` and `floor_ns`
  /// (`pageflow_bytes`, … for a figure in bytes), each to a tenth, null where there is none.
  func encode(to encoder: any Encoder) throws {
    var row = encoder.container(keyedBy: Key.self)
    let suffix = unit == .bytes ? "bytes" : "ns"
    try row.encode(name, forKey: Key(stringValue: "name"))
    try row.encode(size, forKey: Key(stringValue: "size"))
    for (column, value) in [("pageflow", pageflow), ("naive", naive), ("floor", floor)] {
      try row.encode(JSONLine.number(value, decimals: 1), forKey: Key(stringValue: "\(column)_\(suffix)"))
    }
  }
}
