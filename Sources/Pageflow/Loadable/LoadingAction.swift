/// The actions of a ``LoadableState``: start, refresh or cancel a load, its result, and the
/// actions of the child feature that runs on the loaded value.
public enum LoadingAction<Request, Value, Action> {
  /// Loads `request`, cancelling a load in flight.
  case load(Request)
  /// Reloads the last request, keeping the current value visible until the new one arrives.
  case refresh
  /// Cancels the load in flight and restores the state before it.
  case cancel
  /// The result of loading `request` (sent by the load effect). Ignored unless `request` is the
  /// one in flight.
  case finished(Request, didRefresh: Bool, Result<Value, LoadError>)
  /// An action for the child feature, run on the loaded value.
  case loaded(Action)
}

extension LoadingAction where Request == EmptyLoadRequest {
  /// Loads a value that needs no request.
  public static var load: Self { .load(EmptyLoadRequest()) }
}

extension LoadingAction: Equatable where Request: Equatable, Value: Equatable, Action: Equatable {}
extension LoadingAction: Sendable where Request: Sendable, Value: Sendable, Action: Sendable {}

/// The loading actions of a value that has no child feature.
public typealias LoadingActionWith<Request, Value> = LoadingAction<Request, Value, Never>
