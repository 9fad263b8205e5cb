/// Holds a value until ``release()``, so that the release happens there and nowhere else (the
/// optimizer may end an unused local's lifetime early, but not a stored property's).
final class Retained<Value> {
  private var value: Value?

  init(_ value: Value) {
    self.value = value
  }

  /// Drops the value.
  @inline(never)
  func release() {
    value = nil
  }
}
