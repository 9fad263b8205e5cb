import Pageflow

/// Taking in a page at the bottom of a window that evicts, after a million rows were scrolled
/// through it, against the same without eviction at the same window size.
enum EvictionBenchmarks {
  /// The figures this benchmark makes (for `--filter`).
  static let names = ["append_page_evicting", "append_page_no_evict"]
  /// The window's limit.
  static let window = BenchmarkScale.current.evictionWindow
  /// The rows scrolled through the evicting window before it is measured.
  static let scrolled = BenchmarkScale.current.evictionScrolled

  /// Both figures.
  static func run(samples: Int) -> [BenchmarkResult] {
    [evicting(true, samples: samples), evicting(false, samples: samples)]
  }

  /// `append_page_evicting` (`evicts`) or `append_page_no_evict`: one 50-row page taken in at the
  /// bottom the way a scroll takes it (the last row appears, which asks for it, then the answer),
  /// each page timed on its own. With eviction the window holds ``window`` rows after ``scrolled``
  /// rows went through it, and each page evicts one at the top; without, the same actions on a
  /// window of ``window`` rows and no limit.
  ///
  /// Naive: the list of pages, flattened on each access, dropping its first page once full (with
  /// eviction). Floor, in rounds paired with Pageflow: an array and a dictionary (`FloorWindow`,
  /// which drops rows from the front, with eviction, after the same ``scrolled`` rows went through
  /// it; `FloorList` without).
  static func evicting(_ evicts: Bool, samples: Int) -> BenchmarkResult {
    let feature = PaginationFeature<BenchRow>(maxElements: evicts ? window : nil) { _ in throw CancellationError() }
    let count = PaginationBenchmarks.pagesPerSample
    let pages = (0..<count).map { BenchRow.page(window / BenchRow.pageSize + $0) }
    let room = count * BenchRow.pageSize
    let pageflow = {
      Measurement.sample(operations: count) {
        let fixture = ScrolledListFixture(rows: evicts ? scrolled : window, feature: feature)
        return (fixture, fixture.upcomingResponses(count))
      } run: { subject, page in
        subject.0.take(subject.1[page])
      }
    }
    let floor =
      evicts
      ? {
        Measurement.sample(operations: count) {
          let floor = FloorWindow(limit: window, scrolled: scrolled, room: room)
          let first = floor.nextID / BenchRow.pageSize
          return (floor, (0..<count).map { BenchRow.page(first + $0) })
        } run: { subject, page in
          subject.0.append(subject.1[page])
        }
      }
      : {
        Measurement.sample(operations: count) {
          FloorList(size: window)
        } run: { list, page in
          list.append(pages[page])
        }
      }
    let paired = Measurement.paired(samples: samples, pageflow: pageflow, floor: floor)
    let naive = Measurement.nanosecondsPerOperation(samples: samples, operations: count) {
      NaivePaginatedList(size: window)
    } run: { list, page in
      if evicts { list.pages.removeFirst() }
      list.append(pages[page])
    }
    return BenchmarkResult(
      name: evicts ? "append_page_evicting" : "append_page_no_evict", size: window, paired, naive: naive,
      sizeLabel: evicts ? "\(Report.grouped(window)) of \(Report.grouped(scrolled))" : Report.grouped(window))
  }
}
