import Pageflow

/// Why the simulated network did not answer: both may go away by trying again, so the list's
/// retry policy retries them.
public enum NetworkFailure: TransientError, Equatable, CustomStringConvertible {
  /// The device is offline: nothing was sent.
  case offline
  /// The server answered with an error, as a real one does now and then.
  case unavailable

  /// What a status line shows.
  public var description: String {
    switch self {
    case .offline: "offline"
    case .unavailable: "503 Service Unavailable"
    }
  }
}
