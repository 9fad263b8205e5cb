/// Timing helpers: each figure is the median, over several samples, of the time per operation.
enum Measurement {
  /// The median time per operation, in nanoseconds.
  ///
  /// Each sample gets a fresh value from `setup` (not timed), then `run` is timed while it performs
  /// `operations` operations on it.
  static func nanosecondsPerOperation<Subject>(
    samples: Int,
    operations: Int,
    setup: () -> Subject,
    run: (inout Subject) -> Void
  ) -> Double {
    let clock = ContinuousClock()
    var perOperation: [Double] = []
    for _ in 0..<samples {
      var subject = setup()
      let elapsed = clock.measure { run(&subject) }
      blackHole(subject)
      perOperation.append(nanoseconds(elapsed) / Double(operations))
    }
    perOperation.sort()
    return perOperation[perOperation.count / 2]
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
