/// Where a ``LoadableState`` is in its life: not started, loading, loaded, or failed.
public enum LoadingStatus<Request> {
  /// Nothing has been requested yet.
  case pending
  /// `request` is loading; `isRefresh` when it reloads the last request over a kept value.
  case active(Request, isRefresh: Bool)
  /// `request` loaded; the value is in ``LoadableState/wrappedValue``.
  case success(Request)
  /// `request` failed with `error`; the previous value, if any, is kept.
  case failure(Request, LoadError)

  /// The request of the current or last load.
  public var request: Request? {
    switch self {
    case .pending: nil
    case .active(let request, _), .success(let request), .failure(let request, _): request
    }
  }
}

extension LoadingStatus: Equatable where Request: Equatable {}
extension LoadingStatus: Sendable where Request: Sendable {}
