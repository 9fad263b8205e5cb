import Observation
import Pageflow

/// What per-field observation saves and costs: how often a view is redrawn while a list scrolls,
/// and what tracking the fields a screen reads adds to a send.
@MainActor
enum ObservationBenchmarks {
  static let names = ["observation_scroll", "store_send_observed", "store_send_observed_whole"]

  /// How often one view was redrawn during the scroll.
  struct Redraws {
    /// What the view reads.
    let reads: String
    let count: Int
  }

  /// The redraws of each view over the scroll, and the actions it took.
  struct Scroll {
    let rows: Int
    let pageSize: Int
    let actions: Int
    let redraws: [Redraws]

    /// One JSON row per view: `name` (`observation_scroll`), what the view `reads`, its `redraws`,
    /// and the scroll's `actions`, `rows` and `page_size`.
    var jsonRows: [Row] {
      redraws.map { Row(reads: $0.reads, redraws: $0.count, actions: actions, rows: rows, pageSize: pageSize) }
    }

    /// A JSON row: one view's redraws over the scroll.
    struct Row: Encodable {
      let name = "observation_scroll"
      let reads: String
      let redraws: Int
      let actions: Int
      let rows: Int
      let pageSize: Int

      private enum CodingKeys: String, CodingKey {
        case name, reads, redraws, actions, rows
        case pageSize = "page_size"
      }
    }

    /// A readable table.
    var table: String {
      var lines = [
        "observation: redraws of views of one list while \(rows) rows scroll in \(pageSize)-row pages "
          + "(\(actions) actions: each row appearing, each page answered)",
        Report.pad("   view reads", 40) + Report.pad("redraws", 10, right: true),
      ]
      for view in redraws {
        lines.append(Report.pad("   " + view.reads, 40) + Report.pad("\(view.count)", 10, right: true))
      }
      lines.append("")
      lines.append("A view reads fields through the store (store.elements, store.read(\\.elements[id: 5]), …) and is")
      lines.append("redrawn when one of them changes; store.state is what every view read before per-field")
      lines.append("observation, and is redrawn after every action.")
      return lines.joined(separator: "\n")
    }
  }

  /// Scrolls 1,000 rows of 20-row pages through a store, each row appearing in turn and each page
  /// answered at once, with one view for each field a screen reads; counts each view's redraws.
  static func scroll() -> Scroll {
    let rows = BenchmarkScale.current.observedRows
    let pageSize = 20
    typealias Feature = PaginationFeature<BenchRow>
    let first = Feature.State(selection: 0, next: "after-0", elements: (0..<pageSize).map(BenchRow.init))
    // The loader never answers: the scroll answers each request itself, at once.
    let store = Store(initialState: first) {
      Feature { _ in
        try await Task.sleep(for: .seconds(3_600))
        throw CancellationError()
      }
    }
    let views: [(String, Counter)] = [
      ("elements", Counter { _ = store.elements }),
      ("isRefreshing", Counter { _ = store.isRefreshing }),
      ("reloadStatus", Counter { _ = store.reloadStatus }),
      ("one element (read(\\.elements[id: 5]))", Counter { _ = store.read(\.elements[id: 5]) }),
      ("loadMore(.bottom)", Counter { _ = store.loadMore(.bottom) }),
      ("state (every view, before)", Counter { _ = store.state }),
    ]
    var actions = 0
    func send(_ action: Feature.Action) {
      store.send(action)
      actions += 1
      for (_, view) in views { view.redraw() }
    }
    for id in 0..<rows {
      send(.elementAppeared(id))
      if case .loading(let request) = store.endStatus {
        let page = (request.cursor?.rawValue.dropFirst("after-".count)).flatMap { Int($0) } ?? 0
        let elements = ((page + 1) * pageSize..<Swift.min(rows, (page + 2) * pageSize)).map(BenchRow.init)
        let next: PaginationCursor? = (page + 2) * pageSize < rows ? PaginationCursor("after-\(page + 1)") : nil
        send(
          .pageResponse(Feature.PageResponse(request: request, result: .success(Page(next: next, elements: elements)))))
      }
    }
    return Scroll(
      rows: rows, pageSize: pageSize, actions: actions, redraws: views.map { Redraws(reads: $0.0, count: $0.1.count) })
  }

  /// `store_send_observed`: a send through a store whose state five views read, field by field,
  /// changing a field none of them reads (the scroll's case: the last visible row); against
  /// `store_send_observed_whole`, the same send through a store observed as a whole, as every store
  /// was before per-field observation (the registrar told of each send). The floor is `reduce`
  /// called directly.
  static func sendCost(samples: Int) -> [BenchmarkResult] {
    let sends = BenchmarkScale.current.operations(100_000)
    let reduce = opaque(Screen.reducer.reduce(into:action:))
    func observed() -> Double {
      Measurement.sample(operations: sends) {
        let store = Store(initialState: Screen(), reducer: Screen.reducer)
        let views = [
          Counter { _ = store.title }, Counter { _ = store.count }, Counter { _ = store.isLoading },
          Counter { _ = store.filter }, Counter { _ = store.selection },
        ]
        return (store, views)
      } run: { subject in
        for _ in 0..<sends { subject.0.send(.scrolled) }
      }
    }
    func whole() -> Double {
      Measurement.sample(operations: sends) {
        let store = WholeStateStore(initialState: Screen(), reducer: Screen.reducer)
        blackHole(store.state)
        return store
      } run: { store in
        for _ in 0..<sends { store.send(.scrolled) }
      }
    }
    func direct() -> Double {
      Measurement.sample(operations: sends) {
        Screen()
      } run: { screen in
        for _ in 0..<sends { blackHole(reduce(&screen, .scrolled)) }
      }
    }
    let figures = Measurement.interleaved(samples: samples, [observed, whole, direct])
    return [
      BenchmarkResult(
        name: "store_send_observed", size: 0, Measurement.Paired(pageflow: figures[0], floor: figures[2]),
        naive: Measurement.best(figures[1])),
      BenchmarkResult(
        name: "store_send_observed_whole", size: 0, Measurement.Paired(pageflow: figures[1], floor: figures[2]),
        naive: nil),
    ]
  }

  /// A screen's state: five fields views read, and one they do not.
  struct Screen: Equatable {
    var title = "Inbox"
    var count = 0
    var isLoading = false
    var filter = "all"
    var selection = 0
    var scrolled = 0

    enum Action { case scrolled }

    @MainActor static let reducer = Reduce<Screen, Action> { screen, _ in
      screen.scrolled += 1
      return .none
    }
  }
}

/// A view of a store: reads what it shows inside `withObservationTracking`, counts how often a
/// change invalidates it, and reads again on ``redraw()`` (a view's next body) when one did.
/// PageflowTesting's `Invalidations` does the same; the benchmark does not link the testing library
/// (it brings XCTest and Swift Testing with it).
@MainActor
final class Counter {
  private(set) var count = 0
  private var isDirty = true
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    redraw()
  }

  func redraw() {
    guard isDirty else { return }
    isDirty = false
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        self?.count += 1
        self?.isDirty = true
      }
    }
  }
}

/// A store observed as a whole, as `Store` was before per-field observation: every send tells the
/// registrar that the state changed, once the state has been read. The baseline of
/// `store_send_observed`.
@MainActor
final class WholeStateStore<State, Action>: Observable {
  private var storedState: State
  private let reducer: (inout State, Action) -> Effect<Action>
  private let runtime = EffectRuntime<Action>()
  private let registrar = ObservationRegistrar()
  private let stateKeyPath: KeyPath<WholeStateStore, State> = \.state
  private var hasBeenRead = false

  init<R: Reducer>(initialState: State, reducer: R) where R.State == State, R.Action == Action {
    storedState = initialState
    self.reducer = reducer.reduce(into:action:)
  }

  var state: State {
    hasBeenRead = true
    registrar.access(self, keyPath: stateKeyPath)
    return storedState
  }

  @discardableResult
  func send(_ action: Action) -> StoreTask {
    StoreTask(runtime.process(action) { self.reduce($0) })
  }

  private func reduce(_ action: Action) -> Effect<Action> {
    hasBeenRead
      ? registrar.withMutation(of: self, keyPath: stateKeyPath) { reducer(&storedState, action) }
      : reducer(&storedState, action)
  }
}
