import Pageflow

/// The error of a page that only the network could give while the network is known to be down
/// (``LayeredPageLoader/isOnline`` is false): transient, so a retry policy holds it until the
/// network is back.
public struct NetworkUnavailable: TransientError, Equatable, CustomStringConvertible {
  /// The error.
  public init() {}

  /// "offline, not on this device"
  public var description: String { "offline, not on this device" }
}
