extension Optional {
  /// Mutates the wrapped value in place, if there is one, and returns what `body` returns.
  ///
  /// The value is moved out while `body` runs, so a copy-on-write buffer inside it stays uniquely
  /// referenced and is not copied.
  @inlinable
  mutating func modifyIfPresent<R>(_ body: (inout Wrapped) throws -> R) rethrows -> R? {
    guard case .some(var wrapped) = self else { return nil }
    self = nil
    defer { self = wrapped }
    return try body(&wrapped)
  }
}
