extension PaginationFeature {
  /// What one edge of a list shows beyond its rows, as a value: the load-more footer (or header)
  /// that a view draws, derived from the state in one call with
  /// ``State/loadMore(_:)-(PaginationDirection)``.
  ///
  /// A view places it after the last row (`.bottom`) or before the first (`.top`) and draws its
  /// ``status``: a spinner while loading, the error and a retry button (``retry``) after a failure,
  /// nothing or a thin sentinel while more can load (sending ``trigger`` when it appears), an "end
  /// of the list" mark at the end. ``unseen`` and ``jump`` make a "3 new messages" pill;
  /// ``isStale`` an "offline" badge.
  ///
  /// ```swift
  /// let footer = state.loadMore(.bottom)
  /// if case .failed(let error) = footer.status { show(error, retry: footer.retry) }
  /// if let trigger = footer.trigger { store.send(trigger) }  // when the sentinel appears
  /// ```
  public struct LoadMore: Sendable {
    /// Where the edge is.
    public enum Status: Equatable, Sendable {
      /// A page is loading at this edge, or the whole list is (a reload of an empty window).
      case loading
      /// The last load failed with `error`; ``LoadMore/retry`` sends it again when it can be.
      case failed(LoadError)
      /// More of the list lies beyond this edge.
      case more
      /// This edge is the end of the list.
      case end
    }

    /// Which edge this is.
    public var edge: PaginationEdge
    /// What the edge shows.
    public var status: Status
    /// The action to send when the footer appears: `.loadPage` toward this edge while more can load
    /// now, `.refresh` for an empty list whose reload was cancelled; nil while a reload is in
    /// flight, or when nothing more would load. Sending it more than once loads once.
    public var trigger: Action?
    /// The action of a retry button: `.retry` toward this edge after a failed page, `.retryReload`
    /// when the list is empty because its reload failed; nil otherwise.
    public var retry: Action?
    /// How many elements were inserted live beyond this edge and are not shown.
    public var unseen: Int
    /// The action of a "new elements" pill: a jump to this end of the list; nil when ``unseen`` is 0.
    public var jump: Action?
    /// Whether the list holds pages that may be out of date (a cache answered them offline).
    public var isStale: Bool
    /// The retry scheduled after the failure that ``status`` shows, if any: "retrying in 4 s",
    /// or "waiting for the network". Non-nil exactly when the failure is retried on its own (the
    /// feature's ``RetryPolicy`` chose to, and has retries left); nil when only ``retry`` (the
    /// user) sends it again.
    public var scheduledRetry: ScheduledRetry?

    /// A footer built directly (a preview, a test);
    /// ``State/loadMore(_:)-(PaginationDirection)`` derives it from a list.
    public init(
      edge: PaginationEdge, status: Status, trigger: Action? = nil, retry: Action? = nil, unseen: Int = 0,
      jump: Action? = nil, isStale: Bool = false, scheduledRetry: ScheduledRetry? = nil
    ) {
      self.edge = edge
      self.status = status
      self.trigger = trigger
      self.retry = retry
      self.unseen = unseen
      self.jump = jump
      self.isStale = isStale
      self.scheduledRetry = scheduledRetry
    }
  }
}

extension PaginationFeature.LoadMore: Equatable where Element: Equatable {}

extension PaginationFeature.State {
  /// The footer of `edge`: the header of `.start`, loading `.top`; the footer of `.end`, loading
  /// `.bottom` (a horizontal pager asks with `.leading` or `.trailing`).
  public func loadMore(_ edge: PaginationEdge) -> PaginationFeature<Element>.LoadMore {
    loadMore(edge == .start ? .top : .bottom)
  }

  /// The footer (or header) of the edge `direction` loads at: O(1), plus O(pages) for
  /// ``PaginationFeature/LoadMore/isStale``.
  public func loadMore(_ direction: PaginationDirection) -> PaginationFeature<Element>.LoadMore {
    let edge = direction.edge
    let status: PaginationFeature<Element>.LoadMore.Status
    var retry: PaginationFeature<Element>.Action?
    var scheduledRetry: ScheduledRetry?
    switch (self[edge], reloadStatus) {
    case (_, .loading) where elements.isEmpty:
      status = .loading
    case (_, .failed(_, let error)) where elements.isEmpty:
      status = .failed(error)
      retry = .retryReload
      scheduledRetry = reloadRetry
    case (.loading, _):
      status = .loading
    case (.failed(let error, let retryable), _):
      status = .failed(error)
      if retryable { retry = .retry(direction) }
      scheduledRetry = self.scheduledRetry(.edge(edge))
    case (.endReached, _):
      status = .end
    case (.idle, _):
      status = (edge == .start ? previous : next) == nil && !pages.isEmpty ? .end : .more
    }
    let unseen = unseen(edge)
    var trigger: PaginationFeature<Element>.Action?
    if status == .more, !isRefreshing { trigger = pages.isEmpty ? .refresh : .loadPage(direction) }
    return PaginationFeature<Element>.LoadMore(
      edge: edge,
      status: status,
      trigger: trigger,
      retry: retry,
      unseen: unseen,
      jump: unseen > 0 ? .jump(to: edge == .start ? .start : .end) : nil,
      isStale: isStale,
      scheduledRetry: scheduledRetry)
  }
}

extension PaginationFeature.LoadMore: ChangeTracked {
  /// What a footer shows, small and comparable whatever the element type: its edge, status, counts,
  /// and which action each button sends.
  public struct ChangeToken: Equatable {
    let edge: PaginationEdge
    let status: Status
    let unseen: Int
    let isStale: Bool
    let scheduledRetry: ScheduledRetry?
    let trigger: ActionKind
    let retry: ActionKind
    let jump: ActionKind
  }

  /// Which action a button sends, without its element.
  enum ActionKind: Equatable {
    case none, loadPage(PaginationDirection), refresh, retry(PaginationDirection), retryReload, jump, other

    init(_ action: PaginationFeature<Element>.Action?) {
      switch action {
      case nil: self = .none
      case .loadPage(let direction): self = .loadPage(direction)
      case .refresh: self = .refresh
      case .retry(let direction): self = .retry(direction)
      case .retryReload: self = .retryReload
      case .jump: self = .jump
      default: self = .other
      }
    }
  }

  /// The footer's token: a footer view is redrawn when it changes.
  public var changeToken: ChangeToken {
    ChangeToken(
      edge: edge, status: status, unseen: unseen, isStale: isStale, scheduledRetry: scheduledRetry,
      trigger: ActionKind(trigger),
      retry: ActionKind(retry), jump: ActionKind(jump))
  }
}

extension PaginationFeature.State {
  /// ``loadMore(_:)`` as a key path, for a store to track.
  subscript(loadMore direction: PaginationDirection) -> PaginationFeature<Element>.LoadMore {
    loadMore(direction)
  }
}

extension Store {
  /// The load-more footer at the edge `direction` points to, tracked: a footer view is redrawn when
  /// what it shows changes (more, loading, failed, end), not as the list scrolls.
  public func loadMore<Element>(_ direction: PaginationDirection) -> PaginationFeature<Element>.LoadMore
  where State == PaginationFeature<Element>.State {
    read(\.[loadMore: direction])
  }
}
