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
    let clock = ContinuousClock()
    return best(
      (0..<samples).map { _ in
        var subject = setup()
        var total = Duration.zero
        for operation in 0..<operations {
          total += clock.measure { run(&subject, operation) }
        }
        blackHole(subject)
        return nanoseconds(total) / Double(operations)
      })
  }

  /// The time per operation of one sample, in nanoseconds.
  static func sample<Subject>(operations: Int, setup: () -> Subject, run: (inout Subject) -> Void) -> Double {
    var subject = setup()
    let elapsed = ContinuousClock().measure { run(&subject) }
    blackHole(subject)
    return nanoseconds(elapsed) / Double(operations)
  }

  /// The best of each sampler's figures, taking their samples in turn so that a slow moment of
  /// the machine weighs on all of them alike (for figures that are compared with each other).
  static func interleaved(samples: Int, _ samplers: [() -> Double]) -> [Double] {
    var figures = Array(repeating: [Double](), count: samplers.count)
    for _ in 0..<samples {
      for (index, sampler) in samplers.enumerated() { figures[index].append(sampler()) }
    }
    return figures.map(best)
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
