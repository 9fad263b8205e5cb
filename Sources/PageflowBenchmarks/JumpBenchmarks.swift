import Pageflow

/// A jump to an element far outside the window, from a window of 1k or 1M scrolled rows: the jump's
/// state work, and apart from it the release of the window it replaced.
enum JumpBenchmarks {
  typealias Feature = PaginationFeature<BenchRow>

  /// The figures this benchmark makes (for `--filter`).
  static let names = ["jump_to_element", "release_window"]
  /// The window sizes a jump starts from.
  static let sizes = BenchmarkScale.current.jumpSizes

  /// The feature; its loader is never called (the benchmark answers the jump itself).
  static let feature = Feature { _ in throw CancellationError() }

  /// Both figures at each of ``sizes``.
  static func run(samples: Int) -> [BenchmarkResult] {
    sizes.flatMap { jump(size: $0, samples: samples) }
  }

  /// At one size, `samples` times over a window scrolled anew (a jump leaves a one-page window), in
  /// rounds paired with the floors:
  ///
  /// - `jump_to_element`: `.jump(to: .element(id))` to a row ten windows further, then the answer
  ///   that replaces the window with the page around it, timed warm (a copy of the state jumps
  ///   first, untimed, so that the figure is the jump's own work, not the caches that scrolling a
  ///   million rows left cold) and with the old window still held, so that its release is not in
  ///   it. Floor: the state of that page built from scratch.
  /// - `release_window`: then the old window released, the elements and pages a long scroll
  ///   gathered. Naive: the naive list of as many rows released; floor: an array and a dictionary
  ///   of as many rows released.
  static func jump(size: Int, samples: Int) -> [BenchmarkResult] {
    let target = size * 10 + BenchRow.pageSize / 2
    let response = ScrolledListFixture.answer(PageRequest(.around(ScrolledListFixture.server.cursor(target))))
    func jumpOnce(_ state: inout Feature.State) {
      blackHole(feature.reduce(into: &state, action: .jump(to: .element(target))))
      blackHole(feature.reduce(into: &state, action: .pageResponse(response)))
    }
    let page = (try? response.result.get()) ?? Page(elements: [])
    let builds = BenchmarkScale.current.operations(1_000)
    /// A jump and the release of the window it replaced, timed apart.
    func pageflow() -> (jump: Double, release: Double) {
      var state = ScrolledListFixture(rows: size, feature: feature).state
      var warmUp = state
      jumpOnce(&warmUp)
      blackHole(warmUp)
      let old = Retained(state)
      let jump = time { jumpOnce(&state) }
      let release = time { old.release() }
      blackHole(state)
      return (jump, release)
    }
    /// The page's state built anew, and an array and a dictionary of as many rows released.
    func floor() -> (jump: Double, release: Double) {
      let build = Measurement.sample(operations: builds) {
        page
      } run: { page in
        for _ in 0..<builds {
          blackHole(Feature.State(selection: target, previous: page.previous, next: page.next, elements: page.elements))
        }
      }
      return (build, releaseTime { FloorList(size: size) })
    }
    let figures = Measurement.interleaved(samples: samples, [pageflow, floor])
    let naiveRelease = Measurement.best((0..<samples).map { _ in releaseTime { NaivePaginatedList(size: size) } })
    return [
      BenchmarkResult(
        name: "jump_to_element", size: size,
        Measurement.Paired(pageflow: figures[0].map(\.jump), floor: figures[1].map(\.jump)), naive: nil),
      BenchmarkResult(
        name: "release_window", size: size,
        Measurement.Paired(pageflow: figures[0].map(\.release), floor: figures[1].map(\.release)),
        naive: naiveRelease),
    ]
  }

  /// How long releasing the value `make` makes takes, in nanoseconds (the value is made here, so
  /// that nothing else holds it).
  private static func releaseTime<Value>(_ make: () -> Value) -> Double {
    let held = Retained(make())
    return time { held.release() }
  }

  /// How long `body` takes, in nanoseconds.
  private static func time(_ body: () -> Void) -> Double {
    Measurement.nanoseconds(ContinuousClock().measure(body))
  }
}
