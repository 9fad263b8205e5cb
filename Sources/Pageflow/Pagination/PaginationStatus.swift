/// The status of one end of a list; each end loads independently.
public enum PaginationStatus: Equatable, Sendable, CustomStringConvertible {
  /// Nothing is loading; a trigger may load the next page.
  case idle
  /// `request` is in flight; further triggers for this end do nothing.
  case loading(PageRequest)
  /// The last load failed. Triggers do nothing until ``PaginationFeature/Action/retry(_:)``
  /// (only when `retryable`), a retry that the feature's ``RetryPolicy`` scheduled, or a refresh.
  ///
  /// `retryable` says whether sending the request again can help: true for every failure but a
  /// cursor the loader repeated (``PaginationError/cursorCycle(_:)``), which would loop. Whether it
  /// is sent again on its own is the policy's choice (by default, transient errors only), and the
  /// footer says so (``PaginationFeature/LoadMore/scheduledRetry``).
  case failed(LoadError, retryable: Bool)
  /// There is nothing more to load at this end.
  case endReached(PaginationEndReason)

  /// Whether a page is loading.
  public var isLoading: Bool { if case .loading = self { true } else { false } }
  /// Whether the last load failed.
  public var isFailed: Bool { if case .failed = self { true } else { false } }
  /// Whether this end has been reached.
  public var isEndReached: Bool { if case .endReached = self { true } else { false } }
  /// The error of the failed load, if any.
  public var error: LoadError? { if case .failed(let error, _) = self { error } else { nil } }

  /// `idle`, `loading bottom "page-3"`, …
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loading(let request): "loading \(request)"
    case .failed(let error, let retryable): "failed (\(error))\(retryable ? ", retryable" : "")"
    case .endReached(let reason): "end reached (\(reason))"
    }
  }
}

/// Why an end of the list has nothing more to load.
public enum PaginationEndReason: Equatable, Sendable, CustomStringConvertible {
  /// The loader returned no cursor in that direction.
  case noMoreCursor
  /// The loader kept returning pages with a cursor but no new elements; after this many in a row
  /// the end was declared reached rather than following them forever.
  case tooManyEmptyPages(Int)

  /// A short explanation.
  public var description: String {
    switch self {
    case .noMoreCursor: "no more pages"
    case .tooManyEmptyPages(let count): "\(count) empty pages in a row"
    }
  }
}
