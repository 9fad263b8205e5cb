/// An error from a loader, wrapped so that states and actions holding it stay `Equatable`.
///
/// Two `LoadError`s are equal when their underlying errors have the same type and the same
/// reflected description, which is what a test expects of "the same error".
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

  /// Whether both wrap errors of the same type with the same reflected description
  /// (`String(reflecting:)`).
  public static func == (lhs: LoadError, rhs: LoadError) -> Bool {
    type(of: lhs.underlying) == type(of: rhs.underlying)
      && String(reflecting: lhs.underlying) == String(reflecting: rhs.underlying)
  }

  /// The underlying error's description.
  public var description: String { String(describing: underlying) }
}
