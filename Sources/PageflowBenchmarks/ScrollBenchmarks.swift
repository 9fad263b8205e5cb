/// The scroll simulation's runs: the policies side by side over a few scrolls, the speed at which
/// each starts to stall (for a policy told of landings, also the speed at which rows start to go by
/// before they are loaded), a scroll of a million rows with and without eviction, and the reducer's
/// wall-clock cost per page in that scroll.
enum ScrollBenchmarks {
  /// The figures this benchmark makes (for `--filter`).
  static let names = ["scroll_sim", "scroll_sim_onset"]

  /// The scrolls of the table, each ten minutes long.
  static let scenarios = [(20.0, 300, 20), (60, 300, 20), (100, 300, 20), (20, 1_000, 20), (100, 300, 50)].map {
    ScrollScenario(speed: $0, latencyMilliseconds: $1, pageSize: $2, seconds: BenchmarkScale.current.scrollSeconds)
  }

  /// The long scroll: a million rows at the first scenario's pace.
  static let longScroll = ScrollScenario(
    speed: 20, latencyMilliseconds: 300, pageSize: 20, rows: BenchmarkScale.current.longScrollRows)

  /// The scroll that probes a speed for a stall: 20,000 rows (past the window's limit, so that
  /// eviction is at work).
  static let probeRows = BenchmarkScale.current.probeRows

  /// Every run, the onsets, and the per-page cost (its replays sampled `samples` times each).
  static func run(samples: Int) -> ScrollReport {
    let clock = ContinuousClock()
    let started = clock.now
    var outcomes = scenarios.flatMap { scenario in
      ScrollPolicy.all(pageSize: scenario.pageSize).map { ScrollSimulation.run(scenario, $0) }
    }
    let onsets = ScrollPolicy.all(pageSize: 20).map { policy in
      var onset = ScrollReport.Onset(
        policy: policy, sustained: stallOnset(policy, latencyMilliseconds: 300, pageSize: 20, underWay: true),
        fromRest: stallOnset(policy, latencyMilliseconds: 300, pageSize: 20, underWay: false))
      if policy.reportsLandings {
        // Without landings no row goes by unloaded: these are the stall onsets.
        onset.sustainedLoaded = stallOnset(
          policy, latencyMilliseconds: 300, pageSize: 20, underWay: true, everyRowLoaded: true)
        onset.fromRestLoaded = stallOnset(
          policy, latencyMilliseconds: 300, pageSize: 20, underWay: false, everyRowLoaded: true)
      }
      return onset
    }
    var long = [ScrollPolicy.pageflowDefault, ScrollPolicy.evicting, ScrollPolicy.adaptive].map {
      ScrollSimulation.run(longScroll, $0, recording: true)
    }
    let replays = long.compactMap { outcome in
      outcome.script.map { script in { script.replay(through: outcome.policy) } }
    }
    for (index, replays) in Measurement.interleaved(samples: samples, replays).enumerated() {
      long[index].reducerNanosecondsPerPage = Measurement.best(replays) / Double(max(1, long[index].pages))
      long[index].script = nil  // the recorded actions are a few hundred megabytes
    }
    outcomes += long
    return ScrollReport(
      outcomes: outcomes, onsets: onsets, samples: samples, seconds: Measurement.nanoseconds(clock.now - started) / 1e9)
  }

  /// The fastest speed (rows per second, to 0.05; coarser with `--quick`) at which `policy` scrolls `probeRows` rows
  /// without a stall (`underWay`: after the scroll's first second; `everyRowLoaded`: nor a row that
  /// goes by before it is loaded, as a fling told of its landing lets rows go by): the speed doubles
  /// from 1 row/s until a scroll stalls, then the interval between the last speed that did not and
  /// the first that did is halved. Infinite when none stalls below 10,000,000 rows/s.
  static func stallOnset(
    _ policy: ScrollPolicy, latencyMilliseconds: Int, pageSize: Int, underWay: Bool, everyRowLoaded: Bool = false
  ) -> Double {
    let probe = ScrollScenario(speed: 1, latencyMilliseconds: latencyMilliseconds, pageSize: pageSize, rows: probeRows)
    func stalls(_ speed: Double) -> Bool {
      let outcome = ScrollSimulation.run(probe.at(speed: speed), policy)
      let unloaded = everyRowLoaded ? (underWay ? outcome.sustainedUnloadedRows : outcome.unloadedRows) : 0
      return (underWay ? outcome.sustainedStalled : outcome.stalled) > 0 || unloaded > 0
    }
    var low = 0.0
    var high = 1.0
    while !stalls(high) {
      guard high < 1e7 else { return .infinity }
      low = high
      high *= 2
    }
    while high - low > BenchmarkScale.current.onsetPrecision {
      let middle = (low + high) / 2
      if stalls(middle) { high = middle } else { low = middle }
    }
    return low
  }
}
