/// One measured figure, beside its baselines from the same run.
///
/// Pageflow and its floor are sampled in paired rounds (A, B, then B, A): the figures are the
/// best of their samples, and ``ratios`` holds each round's ratio of the two.
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
  /// Pageflow's figure over the floor's in each paired round: measured side by side, under the
  /// same conditions (empty when the figures were not paired).
  var ratios: [Double] = []

  /// What a result's figures count.
  enum Unit {
    case nanoseconds, bytes
  }

  /// The better of two measurements of the same figure: the smaller time of each column, and the
  /// ratios of both.
  func best(with other: BenchmarkResult) -> BenchmarkResult {
    func least(_ a: Double?, _ b: Double?) -> Double? { [a, b].compactMap { $0 }.min() }
    return BenchmarkResult(
      name: name, size: size, pageflow: Swift.min(pageflow, other.pageflow), naive: least(naive, other.naive),
      floor: least(floor, other.floor), sizeLabel: sizeLabel, unit: unit, ratios: ratios + other.ratios)
  }

  /// Pageflow over its floor: the median of the paired rounds' ratios, or the figures' ratio when
  /// they were not paired; nil without a floor.
  var floorRatio: Double? {
    guard let floor else { return nil }
    return ratios.isEmpty ? pageflow / floor : Measurement.quantile(ratios, 0.5)
  }

  /// The middle half of the paired rounds' ratios (25th to 75th percentile); nil with fewer than
  /// two rounds.
  var floorRatioSpread: ClosedRange<Double>? {
    guard ratios.count > 1 else { return nil }
    return Measurement.quantile(ratios, 0.25)...Measurement.quantile(ratios, 0.75)
  }
}

extension BenchmarkResult {
  /// A figure whose Pageflow and floor samples were taken in paired rounds: the best of each, and
  /// the ratio of each round.
  init(
    name: String, size: Int, _ paired: Measurement.Paired, naive: Double?, sizeLabel: String? = nil,
    unit: Unit = .nanoseconds
  ) {
    self.init(
      name: name, size: size, pageflow: Measurement.best(paired.pageflow), naive: naive,
      floor: Measurement.best(paired.floor), sizeLabel: sizeLabel, unit: unit, ratios: paired.ratios)
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
  /// (`pageflow_bytes`, … for a figure in bytes), each to a tenth, null where there is none; then
  /// Pageflow over its floor, `pageflow_floor_ratio` (the median of the paired rounds), and the
  /// spread of the rounds' ratios (`_q1` and `_q3`, the quartiles; `_min` and `_max`) over
  /// `paired_rounds` rounds, each to a thousandth.
  func encode(to encoder: any Encoder) throws {
    var row = encoder.container(keyedBy: Key.self)
    let suffix = unit == .bytes ? "bytes" : "ns"
    try row.encode(name, forKey: Key(stringValue: "name"))
    try row.encode(size, forKey: Key(stringValue: "size"))
    for (column, value) in [("pageflow", pageflow), ("naive", naive), ("floor", floor)] {
      try row.encode(JSONLine.number(value, decimals: 1), forKey: Key(stringValue: "\(column)_\(suffix)"))
    }
    let spread = [
      ("", floorRatio), ("_q1", floorRatioSpread?.lowerBound), ("_q3", floorRatioSpread?.upperBound),
      ("_min", ratios.min()), ("_max", ratios.max()),
    ]
    for (field, value) in spread {
      try row.encode(JSONLine.number(value, decimals: 3), forKey: Key(stringValue: "pageflow_floor_ratio\(field)"))
    }
    try row.encode(ratios.count, forKey: Key(stringValue: "paired_rounds"))
  }
}
