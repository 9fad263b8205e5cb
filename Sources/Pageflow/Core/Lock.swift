#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value that any thread or task may read and change, one at a time: the lock of this package.
///
/// It does what `Synchronization.Mutex` does, with a lock that ThreadSanitizer sees: on Linux,
/// `Mutex` locks with futex system calls made from code inlined into its caller, which the
/// sanitizer does not intercept, so it reports the accesses a `Mutex` protects as races (and the
/// only way to silence those is a suppression that would hide real races too). This one locks a
/// `pthread_mutex_t` (an `os_unfair_lock` on Apple platforms), whose acquire and release the
/// sanitizer records, so `swift test --sanitize=thread` reports real races only.
///
/// It is `@unchecked Sendable` for the reason `Mutex` is `Sendable`: its value is reached only
/// inside ``withLock(_:)``, while the lock is held.
package final class Lock<Value>: @unchecked Sendable {
  private var value: Value
  #if canImport(Darwin)
    private let lock = UnsafeMutablePointer<os_unfair_lock_s>.allocate(capacity: 1)
  #else
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  #endif

  /// A lock holding `value`.
  package init(_ value: sending Value) {
    self.value = value
    #if canImport(Darwin)
      lock.initialize(to: os_unfair_lock_s())
    #else
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)  // a default mutex: initializing it cannot fail
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(lock)
    #endif
    lock.deinitialize(count: 1)
    lock.deallocate()
  }

  /// Runs `body` with the value, the lock held.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
      defer { os_unfair_lock_unlock(lock) }
    #else
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
    #endif
    return try body(&value)
  }
}
