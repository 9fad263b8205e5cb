import Pageflow

/// What the store adds to the reducer it runs.
@MainActor
enum StoreBenchmarks {
  static let sends = BenchmarkScale.current.operations(100_000)

  /// A trivial reducer: one counter, incremented.
  static let counter = Reduce<Int, Void> { count, _ in
    count += 1
    return .none
  }

  /// `store_send` and `reduce_direct`, measured in turn:
  ///
  /// - `store_send`: the counter through `Store.send`, on a store whose state nobody has read (so
  ///   nothing observes it: a headless store, as in a CLI, a server or a benchmark);
  /// - `reduce_direct`: the same reducer's `reduce` called directly, through a function value as
  ///   the store holds it (a call the optimizer cannot fold away into `count += 1`).
  ///
  /// A store that views read is measured by ``ObservationBenchmarks/sendCost(samples:)``.
  static func storeOverhead(samples: Int) -> [BenchmarkResult] {
    let reduce = opaque(counter.reduce(into:action:))
    func store() -> Double {
      Measurement.sample(operations: sends) {
        Store(initialState: 0, reducer: counter)
      } run: { store in
        for _ in 0..<sends { store.send(()) }
      }
    }
    func direct() -> Double {
      Measurement.sample(operations: sends) {
        0
      } run: { count in
        for _ in 0..<sends { blackHole(reduce(&count, ())) }
      }
    }
    let paired = Measurement.paired(samples: samples, pageflow: store, floor: direct)
    return [
      BenchmarkResult(name: "store_send", size: 0, paired, naive: nil),
      BenchmarkResult(name: "reduce_direct", size: 0, pageflow: Measurement.best(paired.floor), naive: nil, floor: nil),
    ]
  }

  /// `store_update_element`: one loaded element replaced (a live update) in a list of `size`,
  /// through `Store.send`. The floor, in paired rounds, is the same action through `reduce`
  /// directly; the naive figure
  /// is a store that copies its state for each action, which `Store` must never do: the copy makes
  /// every action O(loaded).
  static func storeUpdateElement(size: Int, samples: Int) -> BenchmarkResult {
    let updates = BenchmarkScale.current.operations(1_000)
    let naiveUpdates = max(1, min(updates, BenchmarkScale.current.operations(1_000_000) / size))
    let ids = (0..<updates).map { ($0 * 7_919) % size }
    // Each update changes its row (an equal one changes nothing, and costs less).
    let rows = ids.enumerated().map { BenchRow(id: $1, created: 1_700_000_000 + $1, text: "v\($0)") }
    let feature = PaginatedListFixture.feature
    // A fresh list for each sample: a list shared between samples would be copied on its first change.
    func list() -> PaginationFeature<BenchRow>.State { PaginatedListFixture(size: size).state }
    let paired = Measurement.paired(samples: samples) {
      Measurement.sample(operations: updates) {
        Store(initialState: list(), reducer: feature)
      } run: { store in
        for row in rows { store.send(.update(row)) }
      }
    } floor: {
      Measurement.sample(operations: updates) {
        list()
      } run: { state in
        for row in rows { blackHole(feature.reduce(into: &state, action: .update(row))) }
      }
    }
    let naive = Measurement.nanosecondsPerOperation(samples: samples, operations: naiveUpdates) {
      CopyingStore(state: list(), reducer: feature)
    } run: { store in
      for row in rows.prefix(naiveUpdates) { store.send(.update(row)) }
    }
    return BenchmarkResult(name: "store_update_element", size: size, paired, naive: naive)
  }
}

/// The naive store: copies the state, runs the reducer on the copy, and stores the copy back, so
/// every action copies every buffer the state holds.
struct CopyingStore<R: Reducer> {
  var state: R.State
  let reducer: R

  mutating func send(_ action: R.Action) {
    let before = state
    var after = before
    blackHole(reducer.reduce(into: &after, action: action))
    state = after
    blackHole(before)
  }
}
