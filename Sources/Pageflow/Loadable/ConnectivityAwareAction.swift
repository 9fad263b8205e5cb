/// The action type of a feature that knows whether the network is up: it has a
/// `connectivityChanged(isOnline:)` case, which an enum's `case connectivityChanged(isOnline: Bool)`
/// provides.
///
/// When the feature that runs on a loaded value has such an action type,
/// ``LoadingAction/connectivityChanged(isOnline:)`` reaches it too: a paginated list holds its
/// retries while offline, and loads what failed when the network is back.
public protocol ConnectivityAwareAction {
  /// The action that tells the feature the network went down (`false`) or came back (`true`).
  static func connectivityChanged(isOnline: Bool) -> Self
}
