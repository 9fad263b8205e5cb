/// The actions of a ``LoadableStateWith``: start, refresh or cancel a load, its result, clearing a
/// failure, and the actions of the child feature that runs on the loaded value.
///
/// A value with no child feature takes `Never` as its child action:
/// `LoadingAction<String, Profile, Never>`. For a child feature, ``LoadingActionOf`` fills in its
/// state and action types: `LoadingActionOf<MessageRequest, PaginationFeature<Message>>`.
public enum LoadingAction<Request, Value, ChildAction> {
  /// Loads `request`, cancelling a load in flight.
  case load(Request)
  /// Loads the current data again, keeping the current value visible until the new one arrives.
  ///
  /// A loaded value whose feature refreshes itself (its action type is ``RefreshableAction``)
  /// refreshes from its own state; otherwise the last request is loaded again.
  case refresh
  /// Retries whatever failed, harmless when nothing did: the failed load of this state, as it was
  /// (``LoadableState/retry()``); otherwise, on a loaded value whose feature can retry
  /// (``RetryableAction``, such as a paginated list), the feature's `retryFailed`.
  case retry
  /// Cancels the load in flight and restores the state before it; a refresh that `.refresh`
  /// handed to the loaded value's feature is cancelled there (``RefreshCancellingAction``).
  case cancel
  /// Clears a failure without loading again: back to the value kept from before it, or to pending.
  case dismissError
  /// The delay of the retry a ``RetryPolicy`` scheduled after a failed load has passed (sent by the
  /// reducer's own timer): the load runs again, or waits for the network while offline.
  case retryTimerFired
  /// The network went down (`false`) or came back (`true`): while it is down a retry that comes
  /// due waits; when it is back a failed load runs once again. A loaded value whose feature knows
  /// of the network (``ConnectivityAwareAction``, such as a paginated list) is told too.
  case connectivityChanged(isOnline: Bool)
  /// The result of loading `request` (sent by the load effect). Ignored unless `request` is the
  /// one in flight.
  case finished(Request, didRefresh: Bool, Result<Value, LoadError>)
  /// An action for the child feature, run on the loaded value.
  case loaded(ChildAction)
}

extension LoadingAction where Request == EmptyLoadRequest {
  /// Loads a value that needs no request.
  public static var load: Self { .load(EmptyLoadRequest()) }
}

extension LoadingAction: Equatable where Request: Equatable, Value: Equatable, ChildAction: Equatable {}
extension LoadingAction: Sendable where Request: Sendable, Value: Sendable, ChildAction: Sendable {}

/// The loading actions of a value run by the feature `Child`:
/// `LoadingAction<Request, Child.State, Child.Action>`, as `StoreOf<Feature>` is a store of a
/// feature's state and actions.
public typealias LoadingActionOf<Request, Child: Reducer> = LoadingAction<Request, Child.State, Child.Action>

/// Another name for ``LoadingActionOf``, the one swift-composable-loadable uses:
/// `LoadingActionWith<MessageRequest, PaginationFeature<Message>>`.
public typealias LoadingActionWith<Request, Child: Reducer> = LoadingActionOf<Request, Child>
