/// Timing helpers: each figure is the best, over several samples, of the mean time per operation.
enum Measurement {
  /// The best time per operation, in nanoseconds.
  ///
  /// Each sample gets a fresh value from `setup` (not timed), then `run` is timed while it performs
  /// `operations` operations on it.
  static func nanosecondsPerOperation<Subject>(
    samples: Int,
    operations: Int,
    setup: () -> Subject,
    run: (inout Subject) -> Void
  ) -> Double {
    best((0..<samples).map { _ in sample(operations: operations, setup: setup, run: run) })
  }

  /// The best time per operation, in nanoseconds, timing each operation on its own.
  ///
  /// Each sample gets a fresh value from `setup`; then `run` performs operation `0`, `1`, … on it.
  /// Only `run` is timed.
  static func nanosecondsPerOperation<Subject>(
    samples: Int,
    operations: Int,
    setup: () -> Subject,
    run: (inout Subject, _ operation: Int) -> Void
  ) -> Double {
    best((0..<samples).map { _ in sample(operations: operations, setup: setup, run: run) })
  }

  /// The time per operation of one sample, in nanoseconds.
  static func sample<Subject>(operations: Int, setup: () -> Subject, run: (inout Subject) -> Void) -> Double {
    var subject = setup()
    let elapsed = ContinuousClock().measure { run(&subject) }
    blackHole(subject)
    return nanoseconds(elapsed) / Double(operations)
  }

  /// The time per operation of one sample, in nanoseconds, timing each operation on its own: a
  /// fresh value from `setup`, then operation `0`, `1`, … on it.
  static func sample<Subject>(
    operations: Int, setup: () -> Subject, run: (inout Subject, _ operation: Int) -> Void
  ) -> Double {
    let clock = ContinuousClock()
    var subject = setup()
    var total = Duration.zero
    for operation in 0..<operations {
      total += clock.measure { run(&subject, operation) }
    }
    blackHole(subject)
    return nanoseconds(total) / Double(operations)
  }

  /// Each sampler's samples, taken in rounds: in a round every sampler takes one, in turn, the
  /// order reversed from one round to the next (A, B, then B, A), so that a slow moment of the
  /// machine, or what the sample before left in the caches and the allocator, weighs on all of
  /// them alike. Sample `i` of each sampler comes from round `i`: figures compared with each
  /// other are compared round by round.
  static func interleaved<Figure>(samples: Int, _ samplers: [() -> Figure]) -> [[Figure]] {
    var figures = Array(repeating: [Figure](), count: samplers.count)
    for round in 0..<samples {
      let order = round.isMultiple(of: 2) ? Array(samplers.indices) : samplers.indices.reversed()
      for index in order { figures[index].append(samplers[index]()) }
    }
    return figures
  }

  /// Pageflow and its floor sampled in paired rounds (``interleaved(samples:_:)``).
  static func paired(samples: Int, pageflow: @escaping () -> Double, floor: @escaping () -> Double) -> Paired {
    let figures = interleaved(samples: samples, [pageflow, floor])
    return Paired(pageflow: figures[0], floor: figures[1])
  }

  /// The samples of a figure and of its floor, taken in paired rounds.
  struct Paired {
    let pageflow: [Double]
    let floor: [Double]

    /// Each round's ratio of Pageflow to its floor.
    var ratios: [Double] { zip(pageflow, floor).map { $0 / $1 } }
  }

  /// The `fraction` quantile of `values` (0.5: the median), interpolated between the two nearest;
  /// NaN when there are none.
  static func quantile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let position = fraction * Double(sorted.count - 1)
    let lower = Int(position)
    let upper = Swift.min(lower + 1, sorted.count - 1)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
  }

  /// The best of the samples (each a mean over many operations): noise on a shared machine only
  /// ever adds time.
  static func best(_ values: [Double]) -> Double {
    values.min() ?? .nan
  }

  static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

/// Keeps the optimizer from removing work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Returns `value` through a call the optimizer cannot see into, so that it cannot specialize or
/// inline what `value` is.
@inline(never)
func opaque<T>(_ value: T) -> T {
  value
}
