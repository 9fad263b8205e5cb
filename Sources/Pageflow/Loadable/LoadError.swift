/// An error from a loader, wrapped so that states and actions holding it stay `Equatable`.
///
/// Two `LoadError`s are equal when their underlying errors have the same type and the same
/// stored values (sets and dictionaries in any order), which is what a test expects of "the same
/// error".
public struct LoadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The error the loader threw.
  public let underlying: any Error

  /// Wraps `error`; a `LoadError` is not wrapped twice.
  public init(_ error: any Error) {
    if let error = error as? LoadError {
      self = error
    } else {
      self.underlying = error
    }
  }

  /// Whether both wrap errors of the same type with the same stored values, as `Mirror` shows them
  /// (sets and dictionaries compared whatever the order they iterate in).
  public static func == (lhs: LoadError, rhs: LoadError) -> Bool {
    type(of: lhs.underlying) == type(of: rhs.underlying)
      && StableDescription.of(lhs.underlying) == StableDescription.of(rhs.underlying)
  }

  /// The underlying error's description.
  public var description: String { String(describing: underlying) }
}
