/// The status of a load that replaces the whole window: a refresh, a reset (a filter change) or a
/// jump. The old window stays on screen while it loads, and after it fails.
public enum ReloadStatus: Equatable, Sendable, CustomStringConvertible {
  /// No reload is in flight.
  case idle
  /// `request` is in flight; edge loads wait for it, and answers from before it are dropped.
  case loading(PageRequest)
  /// `request` failed with `error`; ``PaginationFeature/Action/retryReload`` sends it again.
  case failed(PageRequest, LoadError)

  /// Whether a reload is in flight.
  public var isLoading: Bool { if case .loading = self { true } else { false } }
  /// Whether the last reload failed.
  public var isFailed: Bool { if case .failed = self { true } else { false } }
  /// The request in flight or the one that failed.
  public var request: PageRequest? {
    switch self {
    case .idle: nil
    case .loading(let request), .failed(let request, _): request
    }
  }
  /// The error of the failed reload, if any.
  public var error: LoadError? { if case .failed(_, let error) = self { error } else { nil } }

  /// `idle`, `loading bottom around "42"`, `failed bottom first page (…)`.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loading(let request): "loading \(request)"
    case .failed(let request, let error): "failed \(request) (\(error))"
    }
  }
}
