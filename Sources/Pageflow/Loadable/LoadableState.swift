/// A value that is loaded asynchronously from a request: pending, active (loading), success or
/// failure, keeping the last loaded value while it refreshes or after it fails.
///
/// ``LoadableStateWith`` is another name for this type; a load that needs no input takes
/// ``EmptyLoadRequest`` as its request.
///
/// ```swift
/// struct State {
///   @LoadableStateWith<MessageRequest, PaginationFeature<Message>.State> var messages
///   @LoadableState<EmptyLoadRequest, Profile> var profile
/// }
/// state.messages            // PaginationFeature<Message>.State? — the loaded value
/// state.$messages.isActive  // the loading state itself
/// State(messages: .loaded(firstPage, request: request))  // a state built directly
/// ```
///
/// Drive it with ``LoadingAction`` and
/// ``Reducer/loadable(_:action:child:load:)-(_,ActionPath<Action,LoadingAction<Request,Value,ChildAction>>,_,_)``,
/// build one directly with ``pending``, ``loading(_:)``, ``refreshing(_:request:)``,
/// ``loaded(_:request:)`` and ``failed(_:request:previous:)``, or mutate it with
/// ``becomeActive(_:isRefresh:)``, ``finish(_:result:)``, ``cancel()`` and ``dismissError()``.
@propertyWrapper
@dynamicMemberLookup
public struct LoadableState<Request, Value> {
  /// Where the load is.
  public private(set) var status: LoadingStatus<Request>
  /// The status to go back to if the current load is cancelled.
  private var statusBeforeLoad: LoadingStatus<Request>?
  /// The request the value was loaded for: where ``dismissError()`` goes back to.
  private var loadedRequest: Request?

  /// The retry a ``RetryPolicy`` scheduled after the last load failed, if any: "retrying in 2 s",
  /// or "waiting for the network".
  public var scheduledRetry: ScheduledRetry?
  /// Whether the state was told the network is down (``LoadingAction/connectivityChanged(isOnline:)``).
  public var isOffline = false
  /// How many loads in a row failed: the attempt of the next retry.
  var failures = 0

  /// The last loaded value, kept while refreshing and after a failure; nil until the first load.
  ///
  /// A value that reports its context (``ContextReporting``) of the request type makes it the
  /// request of ``status`` whenever that is a success: a list that switched its own filter shows
  /// the filter it loads.
  public var wrappedValue: Value? {
    didSet { followContext() }
  }

  /// A pending state with no value: what `@LoadableStateWith<Request, Value> var x` starts as.
  public init() {
    self.status = .pending
    self.wrappedValue = nil
  }

  /// The state itself, through `$property`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Reads a property of the loaded value, or nil before the first load.
  public subscript<T>(dynamicMember keyPath: KeyPath<Value, T>) -> T? {
    wrappedValue?[keyPath: keyPath]
  }

  /// Nothing has been requested yet.
  public var isPending: Bool { if case .pending = status { true } else { false } }
  /// A load (or refresh) is in flight.
  public var isActive: Bool { if case .active = status { true } else { false } }
  /// A refresh is in flight while the previous value is still shown: this state's own (a
  /// `.refresh` that reloads its request), or the loaded value's, when the value reports one
  /// (``RefreshReporting``, such as a paginated list reloading its first page).
  public var isRefreshing: Bool {
    if case .active(_, isRefresh: true) = status { return true }
    return (wrappedValue as? any RefreshReporting)?.isRefreshing ?? false
  }
  /// The last load succeeded.
  public var isSuccess: Bool { if case .success = status { true } else { false } }
  /// The last load failed.
  public var isFailure: Bool { if case .failure = status { true } else { false } }
  /// The request of the current or last load.
  public var request: Request? { status.request }
  /// The error of the last load, if it failed.
  public var error: LoadError? { if case .failure(_, let error) = status { error } else { nil } }

  /// Starts loading `request`; the current value stays until the result arrives.
  public mutating func becomeActive(_ request: Request, isRefresh: Bool = false) {
    if !isActive { statusBeforeLoad = status }
    status = .active(request, isRefresh: isRefresh)
  }

  /// Abandons the load in flight and goes back to the status before it; a no-op when idle.
  public mutating func cancel() {
    guard isActive else { return }
    status = statusBeforeLoad ?? .pending
    statusBeforeLoad = nil
  }

  /// Ends the load: a success replaces the value, a failure keeps it and records the error.
  public mutating func finish(_ request: Request, result: Result<Value, LoadError>) {
    statusBeforeLoad = nil
    switch result {
    case .success(let value):
      loadedRequest = request
      status = .success(request)
      wrappedValue = value
    case .failure(let error):
      status = .failure(request, error)
    }
  }

  /// Starts the failed load again, as it was: a refresh of the value's own request is a refresh
  /// again (``isRefreshing``), any other load a load (a first load, or a new request over an old
  /// value). A no-op unless the last load failed.
  public mutating func retry() where Request: Equatable {
    guard case .failure(let request, _) = status else { return }
    becomeActive(request, isRefresh: wrappedValue != nil && loadedRequest == request)
  }

  /// Makes the value's context, when it reports one of the request type, the request it was loaded
  /// for and the request of every success this state holds or goes back to on ``cancel()``.
  private mutating func followContext() {
    guard Value.self is any ContextReporting.Type,  // a cheap check first: most values report none
      let context = (wrappedValue as? any ContextReporting)?.context as? Request
    else { return }
    loadedRequest = context
    if case .success = status { status = .success(context) }
    if case .success = statusBeforeLoad { statusBeforeLoad = .success(context) }
  }

  /// Clears a failure without loading again: back to the value kept from before it (loaded, with
  /// the request it was loaded for), or to pending when there is none. A no-op unless the last
  /// load failed.
  public mutating func dismissError() {
    guard isFailure else { return }
    status = wrappedValue == nil ? .pending : loadedRequest.map { .success($0) } ?? .pending
  }
}

// MARK: - States built directly (tests, previews)

extension LoadableState {
  /// Nothing requested yet, no value.
  public static var pending: Self { Self() }

  /// The first load of `request` in flight, with no value yet.
  public static func loading(_ request: Request) -> Self {
    var state = Self()
    state.becomeActive(request)
    return state
  }

  /// A refresh of `request` in flight, showing `value`, which was loaded for it (``isRefreshing``).
  public static func refreshing(_ value: Value, request: Request) -> Self {
    var state = loaded(value, request: request)
    state.becomeActive(request, isRefresh: true)
    return state
  }

  /// `value`, loaded for `request`.
  public static func loaded(_ value: Value, request: Request) -> Self {
    var state = loading(request)
    state.finish(request, result: .success(value))
    return state
  }

  /// The load of `request` failed with `error`, still showing `previous`, the value loaded for
  /// that request before (nil: none, as after a failed first load).
  public static func failed(_ error: any Error, request: Request, previous: Value? = nil) -> Self {
    var state = previous.map { loaded($0, request: request) } ?? Self()
    state.becomeActive(request)
    state.finish(request, result: .failure(LoadError(error)))
    return state
  }
}

extension LoadableState where Request == EmptyLoadRequest {
  /// Starts a load that needs no request.
  public mutating func becomeActive() { becomeActive(EmptyLoadRequest()) }

  /// The first load in flight, with no value yet.
  public static var loading: Self { loading(EmptyLoadRequest()) }

  /// A refresh in flight, showing `value` (``isRefreshing``).
  public static func refreshing(_ value: Value) -> Self { refreshing(value, request: EmptyLoadRequest()) }

  /// `value`, loaded.
  public static func loaded(_ value: Value) -> Self { loaded(value, request: EmptyLoadRequest()) }

  /// The load failed with `error`, still showing `previous` (nil: none).
  public static func failed(_ error: any Error, previous: Value? = nil) -> Self {
    failed(error, request: EmptyLoadRequest(), previous: previous)
  }
}

extension LoadableState: CustomReflectable {
  /// Its status and value: what a test's state diff shows (what to go back to on cancel or on
  /// dismissing an error is bookkeeping, left out).
  public var customMirror: Mirror {
    var children: KeyValuePairs<String, Any> { ["status": status, "value": wrappedValue as Any] }
    guard scheduledRetry != nil || isOffline else { return Mirror(self, children: children, displayStyle: .struct) }
    return Mirror(
      self,
      children: [
        "status": status, "value": wrappedValue as Any, "scheduledRetry": scheduledRetry as Any, "isOffline": isOffline,
      ],
      displayStyle: .struct)
  }
}

extension LoadableState: Equatable where Request: Equatable, Value: Equatable {
  /// Equal status, value, scheduled retry and connectivity: what a view reads and a test's state
  /// diff shows (the last two only when set). What to go back to on
  /// ``cancel()`` or ``dismissError()`` is bookkeeping of how the state was reached, not compared (a
  /// retried failed load is `.loading(request)` like a first one; they differ only once cancelled,
  /// which a test then sees).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.status == rhs.status && lhs.wrappedValue == rhs.wrappedValue && lhs.scheduledRetry == rhs.scheduledRetry
      && lhs.isOffline == rhs.isOffline
  }
}
extension LoadableState: Sendable where Request: Sendable, Value: Sendable {}

/// Another name for ``LoadableState``, for a load that takes a request:
/// `@LoadableStateWith<MessageRequest, Messages> var messages` declares the same thing as
/// `@LoadableState<MessageRequest, Messages> var messages`.
public typealias LoadableStateWith<Request, Value> = LoadableState<Request, Value>

extension LoadableState: ChangeTracked where Request: Equatable, Value: ChangeTracked {
  /// The status and the value's token: O(1) to compare.
  public struct ChangeToken: Equatable {
    let status: LoadingStatus<Request>
    let value: Value.ChangeToken?
    let scheduledRetry: ScheduledRetry?
    let isOffline: Bool
  }

  /// The state's token: its status, its value's token, its scheduled retry and connectivity.
  public var changeToken: ChangeToken {
    ChangeToken(
      status: status, value: wrappedValue?.changeToken, scheduledRetry: scheduledRetry, isOffline: isOffline)
  }
}
