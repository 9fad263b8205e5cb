/// What went wrong in pagination itself, as opposed to an error thrown by the page loader.
public enum PaginationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A request's context is not of the type the loader asked for.
  case contextTypeMismatch(expected: String, actual: String)
  /// A cursor does not carry the key it was decoded as.
  case invalidCursor(String)
  /// The loader returned a cursor that was already requested in that direction: following it would
  /// loop forever, so the direction fails instead.
  case cursorCycle(PaginationCursor)
  /// The loader did not answer within the configured timeout.
  case timedOut(after: Duration)
  /// A setting cannot work; the text says why and what would.
  case invalidConfiguration(String)
  /// A saved place cannot open this list: it is in a list of other elements, or of another context.
  case placeMismatch(String)
  /// A saved place was written by a newer version of the library, in a format of this version.
  case placeFromNewerVersion(Int)

  /// A sentence for logs and error views.
  public var description: String {
    switch self {
    case .contextTypeMismatch(let expected, let actual):
      "The pagination context is a \(actual), not a \(expected)."
    case .invalidCursor(let reason):
      "Invalid cursor: \(reason)"
    case .cursorCycle(let cursor):
      "The loader returned cursor \"\(cursor)\" again; stopped to avoid a loop."
    case .timedOut(let duration):
      "The page did not load within \(duration)."
    case .invalidConfiguration(let reason):
      "Invalid configuration: \(reason)"
    case .placeMismatch(let reason):
      "The saved place does not belong to this list: \(reason)."
    case .placeFromNewerVersion(let version):
      "The saved place was written by a newer version (format \(version)); this one reads up to \(placeFormatVersion)."
    }
  }
}
