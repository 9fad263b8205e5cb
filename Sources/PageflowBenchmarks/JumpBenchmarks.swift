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

  /// At one size, `samples` times over a window scrolled anew (a jump leaves a one-page window):
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
    var jumps: [Double] = []
    var releases: [Double] = []
    for _ in 0..<samples {
      var state = ScrolledListFixture(rows: size, feature: feature).state
      var warmUp = state
      jumpOnce(&warmUp)
      blackHole(warmUp)
      let old = Retained(state)
      jumps.append(time { jumpOnce(&state) })
      releases.append(time { old.release() })
      blackHole(state)
    }
    let page = (try? response.result.get()) ?? Page(elements: [])
    let builds = BenchmarkScale.current.operations(1_000)
    let floor = Measurement.nanosecondsPerOperation(samples: samples, operations: builds) {
      page
    } run: { page in
      for _ in 0..<builds {
        blackHole(Feature.State(selection: target, previous: page.previous, next: page.next, elements: page.elements))
      }
    }
    let naiveRelease = Measurement.best((0..<samples).map { _ in releaseTime { NaivePaginatedList(size: size) } })
    let floorRelease = Measurement.best((0..<samples).map { _ in releaseTime { FloorList(size: size) } })
    return [
      BenchmarkResult(name: "jump_to_element", size: size, pageflow: Measurement.best(jumps), naive: nil, floor: floor),
      BenchmarkResult(
        name: "release_window", size: size, pageflow: Measurement.best(releases), naive: naiveRelease,
        floor: floorRelease),
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
