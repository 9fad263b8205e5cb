import Pageflow

/// What telling a view the changes costs: a page taken in with its change set read, against the
/// same page taken in by a list that records no changes, and beside the way a view that diffs does
/// it (the whole window's ids rebuilt and compared by id).
enum ChangesBenchmarks {
  /// The figures this benchmark makes (for `--filter`).
  static let names = ["changes_append_evicting", "changes_append"]
  /// The size of the list that takes a page in without eviction.
  static let largeSize = BenchmarkScale.current.listSizes.last ?? 1_000

  /// Both figures.
  static func run(samples: Int) -> [BenchmarkResult] {
    [evicting(samples: samples), appending(samples: samples)]
  }

  /// `changes_append_evicting`: a page scrolled in (its last row appears, then the answer) with
  /// `maxElements` of ``EvictionBenchmarks/window`` after ``EvictionBenchmarks/scrolled`` rows, so
  /// that each page evicts one at the top, and the change set of both read (``ListChangeReader``),
  /// in rounds paired with the same pages taken in by a list that does not record its changes.
  static func evicting(samples: Int) -> BenchmarkResult {
    let window = EvictionBenchmarks.window
    let feature = PaginationFeature<BenchRow>(maxElements: window) { _ in throw CancellationError() }
    func fixture(recording: Bool) -> ScrolledListFixture {
      var fixture = ScrolledListFixture(rows: EvictionBenchmarks.scrolled, feature: feature)
      fixture.state.elements.recordsChanges = recording
      return fixture
    }
    return measure("changes_append_evicting", size: window, samples: samples) { recording in
      let fixture = fixture(recording: recording)
      return Subject(state: fixture.state, responses: fixture.upcomingResponses(PaginationBenchmarks.pagesPerSample)) {
        state, response in
        blackHole(feature.reduce(into: &state, action: .elementAppeared(state.elements.last?.id ?? 0)))
        blackHole(feature.reduce(into: &state, action: .pageResponse(response)))
      }
    }
  }

  /// `changes_append`: a page taken in at the bottom of a list of ``largeSize`` rows and its change
  /// set read, paired with the same page taken in by a list that does not record its changes.
  static func appending(samples: Int) -> BenchmarkResult {
    measure("changes_append", size: largeSize, samples: samples) { recording in
      var fixture = PaginatedListFixture(size: largeSize)
      fixture.state.elements.recordsChanges = recording
      let responses = fixture.upcomingResponses(PaginationBenchmarks.pagesPerSample, at: .bottom)
      return Subject(state: fixture.state, responses: responses) { state, response in
        let feature = PaginatedListFixture.feature
        blackHole(feature.reduce(into: &state, action: .loadPage(.bottom)))
        blackHole(feature.reduce(into: &state, action: .pageResponse(response)))
      }
    }
  }

  /// A list and the answers it takes in next, with the way it takes one.
  struct Subject {
    var state: PaginationFeature<BenchRow>.State
    let responses: [PaginationFeature<BenchRow>.PageResponse]
    let take: (inout PaginationFeature<BenchRow>.State, PaginationFeature<BenchRow>.PageResponse) -> Void
  }

  /// The figure `name`: each page of a list made by `subject(true)` taken in and its change set
  /// read, against `subject(false)`'s pages taken in without (the floor), in paired rounds; naive:
  /// the pages taken in without a record, then the whole window's ids rebuilt and compared by id
  /// with the last frame's, as a view that diffs does.
  static func measure(
    _ name: String, size: Int, samples: Int, subject: @escaping (_ recording: Bool) -> Subject
  ) -> BenchmarkResult {
    let count = PaginationBenchmarks.pagesPerSample
    let paired = Measurement.paired(samples: samples) {
      Measurement.sample(operations: count) {
        let made = subject(true)
        var reader = ListChangeReader<Int>()
        blackHole(reader.read(made.state))  // the view's first frame: everything
        return (made, reader)
      } run: { pair, page in
        pair.0.take(&pair.0.state, pair.0.responses[page])
        blackHole(pair.1.read(pair.0.state).elements?.inserted.count)
      }
    } floor: {
      Measurement.sample(operations: count) {
        subject(false)
      } run: { made, page in
        made.take(&made.state, made.responses[page])
      }
    }
    let naive = Measurement.nanosecondsPerOperation(samples: samples, operations: count) {
      let made = subject(false)
      return (made, made.state.elements.map(\.id))
    } run: { pair, page in
      pair.0.take(&pair.0.state, pair.0.responses[page])
      let ids = pair.0.state.elements.map(\.id)
      blackHole(diffByID(from: pair.1, to: ids))
      pair.1 = ids
    }
    return BenchmarkResult(name: name, size: size, paired, naive: naive)
  }

  /// The rows removed and inserted between two frames' ids, found by id over both whole windows:
  /// what a diffable data source's snapshot does.
  static func diffByID(from old: [Int], to new: [Int]) -> (removed: Int, inserted: Int) {
    let oldIDs = Set(old)
    let newIDs = Set(new)
    return (old.count { !newIDs.contains($0) }, new.count { !oldIDs.contains($0) })
  }
}
