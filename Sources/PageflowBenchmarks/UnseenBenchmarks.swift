import Pageflow

/// What the "new messages" count costs a row on screen: `.elementAppeared` in a window while many
/// live inserts wait unseen beyond its end (a busy channel watched while the user reads older
/// messages), against the same rows appearing in the same window with none waiting.
enum UnseenBenchmarks {
  /// The figures this benchmark makes (for `--filter`).
  static let names = ["element_appeared_unseen"]
  /// The unseen arrivals of each figure.
  static let counts = BenchmarkScale.current.listSizes.filter { $0 <= 100_000 }
  /// The rows of the window.
  static let window = 1_000
  /// The rows that appear in turn, one operation each: the middle of the window, which loads nothing.
  static let rows = Array(400..<600)

  /// One figure per count of unseen arrivals.
  static func run(samples: Int) -> [BenchmarkResult] {
    counts.map { elementAppeared(unseen: $0, samples: samples) }
  }

  /// `element_appeared_unseen`: each of ``rows`` appears in a window of ``window`` rows with
  /// `unseen` live inserts counted beyond its end, in rounds paired with the same rows appearing in
  /// the same window without them (the floor); naive: the floor, plus a walk over every unseen
  /// arrival at each row, as the count was kept before.
  static func elementAppeared(unseen: Int, samples: Int) -> BenchmarkResult {
    let feature = PaginatedListFixture.feature
    let calm = PaginatedListFixture(size: window).state
    var busy = calm
    for index in 0..<unseen {
      blackHole(feature.reduce(into: &busy, action: .insert(BenchRow(10_000_000 + index), at: .bottom)))
    }
    func sample(_ state: PaginationFeature<BenchRow>.State) -> Double {
      Measurement.sample(operations: rows.count, setup: { state }) { state in
        for id in rows { blackHole(feature.reduce(into: &state, action: .elementAppeared(id))) }
      }
    }
    let paired = Measurement.paired(samples: samples, pageflow: { sample(busy) }, floor: { sample(calm) })
    let arrivals = Set((0..<unseen).map { 10_000_000 + $0 })
    let naive = Measurement.nanosecondsPerOperation(samples: samples, operations: rows.count) {
      calm
    } run: { state in
      for id in rows {
        blackHole(feature.reduce(into: &state, action: .elementAppeared(id)))
        let index = state.elements.index(id: id) ?? 0
        blackHole(arrivals.filter { state.elements.index(id: $0).map { $0 > index } ?? true })
      }
    }
    return BenchmarkResult(name: "element_appeared_unseen", size: unseen, paired, naive: naive)
  }
}
