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

  /// One JSON object, on one line.
  var json: String {
    func number(_ value: Double?) -> String { value.map { "\(($0 * 10).rounded() / 10)" } ?? "null" }
    return #"{"name":"\#(name)","size":\#(size),"pageflow_ns":\#(number(pageflow)),"naive_ns":\#(number(naive)),"floor_ns":\#(number(floor))}"#
  }
}
