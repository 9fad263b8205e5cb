/// A value that is loaded asynchronously from a request: pending, active (loading), success or
/// failure, keeping the last loaded value while it refreshes or after it fails.
///
/// ```swift
/// struct State {
///   @LoadableStateWith<MessageRequest, PaginationFeature<Message>.State> var messages
/// }
/// state.messages          // PaginationFeature<Message>.State? — the loaded value
/// state.$messages.isActive // the loading state itself
/// ```
///
/// Drive it with ``LoadingAction`` and ``Reducer/loadable(_:action:child:load:)``, or mutate it
/// directly with ``becomeActive(_:)``, ``finish(_:result:)`` and ``cancel()``.
@propertyWrapper
@dynamicMemberLookup
public struct LoadableState<Request, Value> {
  /// Where the load is.
  public private(set) var status: LoadingStatus<Request>
  /// The status to go back to if the current load is cancelled.
  private var statusBeforeLoad: LoadingStatus<Request>?

  /// The last loaded value, kept while refreshing and after a failure; nil until the first load.
  public var wrappedValue: Value?

  /// A pending state with no value.
  public init() {
    self.status = .pending
    self.wrappedValue = nil
  }

  /// A state holding `wrappedValue` (pending if nil, otherwise loaded without a request).
  public init(wrappedValue: Value?) {
    self.status = .pending
    self.wrappedValue = wrappedValue
  }

  /// A state that has loaded `value` for `request`.
  public init(request: Request, value: Value) {
    self.status = .success(request)
    self.wrappedValue = value
  }

  /// The state itself, through `$property`.
  public var projectedValue: LoadableState {
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
  /// A refresh of the last request is in flight; the previous value is still shown.
  public var isRefreshing: Bool { if case .active(_, isRefresh: true) = status { true } else { false } }
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
      wrappedValue = value
      status = .success(request)
    case .failure(let error):
      status = .failure(request, error)
    }
  }
}

extension LoadableState where Request == EmptyLoadRequest {
  /// Starts a load that needs no request.
  public mutating func becomeActive() { becomeActive(EmptyLoadRequest()) }
}

extension LoadableState: Equatable where Request: Equatable, Value: Equatable {}
extension LoadableState: Sendable where Request: Sendable, Value: Sendable {}

/// The same type as ``LoadableState``, under the name seed 004 uses for a state with a request.
public typealias LoadableStateWith<Request, Value> = LoadableState<Request, Value>
