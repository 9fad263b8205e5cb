#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Debug-build warnings about ignored input: printed to standard error, never fatal.
@usableFromInline
enum RuntimeWarning {
  /// Prints `message` to standard error in debug builds.
  @usableFromInline
  static func emit(_ message: @autoclosure () -> String) {
    #if DEBUG
      let line = "[Pageflow] warning: \(message())\n"
      _ = line.withCString { write(2, $0, strlen($0)) }
    #endif
  }
}
