#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Debug-build warnings about ignored input: printed to standard error, never fatal.
///
/// A test can take them instead, to check that a warning was given:
/// `let warnings = await RuntimeWarning.$sink.collecting { … }`.
@usableFromInline
package enum RuntimeWarning {
  /// Where warnings go instead of standard error while it is set (for this task and the tasks it
  /// starts, such as the effects of the actions it sends).
  @TaskLocal package static var sink: Collected?

  /// The messages ``emitOnce(_:)`` printed.
  private static let emitted = Lock<Set<String>>([])

  /// ``emit(_:)``, unless the same message was printed before in this process: for a setting that
  /// is wrong on every page, not only once.
  @usableFromInline
  static func emitOnce(_ message: @autoclosure () -> String) {
    #if DEBUG
      let message = message()
      guard sink != nil || emitted.withLock({ $0.insert(message).inserted }) else { return }
      emit(message)
    #endif
  }

  /// Prints `message` to standard error in debug builds (or hands it to ``sink``).
  @usableFromInline
  static func emit(_ message: @autoclosure () -> String) {
    #if DEBUG
      if let sink {
        sink.append(message())
        return
      }
      let line = "[Pageflow] warning: \(message())\n"
      _ = line.withCString { write(2, $0, strlen($0)) }
    #endif
  }
}
