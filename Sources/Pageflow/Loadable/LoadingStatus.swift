/// Where a ``LoadableStateWith`` is in its life: not started, loading, loaded, or failed.
///
/// It describes itself as `pending`, `loading`, `refreshing`, `loaded` or `failed`, the names of
/// the shortcuts that build a state in each status (``LoadableState/loaded(_:request:)``, …).
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

extension LoadingStatus: CustomStringConvertible {
  /// `pending`, `loading "general"`, `refreshing "general"`, `loaded "general"`, or
  /// `failed "general": <error>` (a load without a request shows none).
  public var description: String {
    switch self {
    case .pending: "pending"
    case .active(let request, let isRefresh): (isRefresh ? "refreshing" : "loading") + Self.describe(request)
    case .success(let request): "loaded" + Self.describe(request)
    case .failure(let request, let error): "failed" + Self.describe(request) + ": \(error)"
    }
  }

  /// ` "general"`, ` MessageRequest(channel: "general")`, or nothing for ``EmptyLoadRequest``.
  private static func describe(_ request: Request) -> String {
    switch request {
    case is EmptyLoadRequest: ""
    case let text as String: " " + String(reflecting: text)
    default: " \(request)"
    }
  }
}

extension LoadingStatus: Equatable where Request: Equatable {}
extension LoadingStatus: Sendable where Request: Sendable {}
