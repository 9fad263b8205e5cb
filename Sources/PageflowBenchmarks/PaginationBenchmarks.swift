import Pageflow

/// Taking in pages, moving the selection and looking up elements, with `size` elements loaded.
enum PaginationBenchmarks {
  /// Pages taken in per sample: enough for a stable figure, few enough that the list stays near its
  /// size (40 pages are 2,000 elements).
  static let pagesPerSample = BenchmarkScale.current.pagesPerSample

  /// `append_page` or `prepend_page`: one 50-element page taken in at an end (its `loadPage` and its
  /// response through the reducer) of a list whose `size` rows were loaded at that end (a feed
  /// scrolled down, a chat's history scrolled up), each page timed on its own, in rounds paired
  /// with the floor: the same rows appended to an array and their ids to a dictionary (a
  /// prepended page's too), both grown page by page from empty as the list was.
  static func takePage(at direction: PaginationDirection, size: Int, samples: Int) -> BenchmarkResult {
    let isEnd = direction.edge == .end
    let count = pagesPerSample
    // The pages the list takes in next: after its last page at the bottom; at the top, before the
    // pages it loaded upward after its first one.
    let next = isEnd ? size / BenchRow.pageSize : size / BenchRow.pageSize - 1
    let pages = (0..<count).map { BenchRow.page(next + $0, before: !isEnd) }
    let paired = Measurement.paired(samples: samples) {
      Measurement.sample(operations: count) {
        var fixture = PaginatedListFixture(size: size, loadedAt: direction)
        return (fixture, fixture.upcomingResponses(count, at: direction))
      } run: { subject, page in
        subject.0.take(subject.1[page], at: direction)
      }
    } floor: {
      Measurement.sample(operations: count) {
        FloorList(size: size)
      } run: { list, page in
        list.append(pages[page])
      }
    }
    let naiveCount = max(2, min(count, 200_000 / size))
    let naive = Measurement.nanosecondsPerOperation(samples: samples, operations: naiveCount) {
      NaivePaginatedList(size: size)
    } run: { list, page in
      if isEnd { list.append(pages[page]) } else { list.prepend(pages[page]) }
    }
    return BenchmarkResult(name: isEnd ? "append_page" : "prepend_page", size: size, paired, naive: naive)
  }

  /// `select_next`: the selection moves to the next element (paired with the floor's move).
  static func selectNext(size: Int, samples: Int) -> BenchmarkResult {
    let scale = BenchmarkScale.current
    let moves = min(scale.operations(1_000), size / 2)
    let naiveMoves = max(1, min(moves, scale.operations(2_000_000) / size))
    let start = size / 2 - moves / 2
    let feature = PaginatedListFixture.feature
    let paired = Measurement.paired(samples: samples) {
      Measurement.sample(operations: moves) {
        var state = PaginatedListFixture(size: size).state
        state.selection = start
        return state
      } run: { state in
        for _ in 0..<moves { blackHole(feature.reduce(into: &state, action: .select(.bottom))) }
      }
    } floor: {
      Measurement.sample(operations: moves) {
        var list = FloorList(size: size)
        list.selection = start
        return list
      } run: { list in
        for _ in 0..<moves { list.selectNext() }
      }
    }
    let naive = Measurement.nanosecondsPerOperation(samples: samples, operations: naiveMoves) {
      var list = NaivePaginatedList(size: size)
      list.selection = start
      return list
    } run: { list in
      for _ in 0..<naiveMoves { list.selectNext() }
    }
    return BenchmarkResult(name: "select_next", size: size, paired, naive: naive)
  }

  /// `element_lookup`: the element with a given id (ids spread over the whole list), paired with
  /// the floor's lookup.
  static func elementLookup(size: Int, samples: Int) -> BenchmarkResult {
    let scale = BenchmarkScale.current
    let ids = (0..<scale.operations(1_000)).map { ($0 * 7_919) % size }
    let naiveIDs = Array(ids.prefix(max(1, min(ids.count, scale.operations(2_000_000) / size))))
    let state = PaginatedListFixture(size: size).state
    let floorList = FloorList(size: size)
    let paired = Measurement.paired(samples: samples) {
      Measurement.sample(operations: ids.count) {
        state
      } run: { state in
        for id in ids { blackHole(state.elements[id: id]) }
      }
    } floor: {
      Measurement.sample(operations: ids.count) {
        floorList
      } run: { list in
        for id in ids { blackHole(list.element(id: id)) }
      }
    }
    let naiveList = NaivePaginatedList(size: size)
    let naive = Measurement.nanosecondsPerOperation(samples: samples, operations: naiveIDs.count) {
      naiveList
    } run: { list in
      for id in naiveIDs { blackHole(list.element(id: id)) }
    }
    return BenchmarkResult(name: "element_lookup", size: size, paired, naive: naive)
  }
}
