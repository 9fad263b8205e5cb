/// Recovery without the user: a failed load at an edge or of the window is tried again on the
/// feature's clock as its ``RetryPolicy`` says; while the feature is told it is offline a retry that
/// comes due waits, and when the network is back each place that failed loads once, what is on
/// screen first.
extension PaginationFeature.State {
  /// The retry scheduled at `slot`, if any.
  @inlinable
  public func scheduledRetry(_ slot: PaginationFeature<Element>.RetrySlot) -> ScheduledRetry? {
    switch slot {
    case .edge(.start): startRetry
    case .edge(.end): endRetry
    case .reload: reloadRetry
    }
  }

  @inlinable
  mutating func setScheduledRetry(_ retry: ScheduledRetry?, at slot: PaginationFeature<Element>.RetrySlot) {
    switch slot {
    case .edge(.start): startRetry = retry
    case .edge(.end): endRetry = retry
    case .reload: reloadRetry = retry
    }
  }

  /// After a failure at `slot` (its status already says so): schedules the next retry when the
  /// policy allows one. The failures in a row at a slot count its attempts.
  @inlinable
  mutating func scheduleRetry(
    at slot: PaginationFeature<Element>.RetrySlot, after error: LoadError, rules: Rules
  ) -> [Command] {
    let attempt: Int
    switch slot {
    case .edge(let edge):
      attempt = updateBook(edge) { book in
        book.failures += 1
        return book.failures
      }
    case .reload:
      reloadFailures += 1
      attempt = reloadFailures
    }
    guard let delay = rules.retry.delay(beforeRetry: attempt, after: error) else {
      setScheduledRetry(nil, at: slot)
      return []
    }
    setScheduledRetry(ScheduledRetry(attempt: attempt, delay: delay), at: slot)
    return [.scheduleRetry(slot, delay)]
  }

  /// Forgets the retry scheduled at `slot`, and stops its timer.
  @inlinable
  mutating func stopRetry(at slot: PaginationFeature<Element>.RetrySlot) -> [Command] {
    guard scheduledRetry(slot) != nil else { return [] }
    setScheduledRetry(nil, at: slot)
    return [.cancelRetry(slot)]
  }

  /// A retry's delay has passed: it loads, unless the network is down (it waits for it) or what it
  /// would retry has changed since (it was cancelled, answered, or replaced).
  @inlinable
  mutating func retryDue(_ slot: PaginationFeature<Element>.RetrySlot) -> [Command] {
    guard var retry = scheduledRetry(slot), !retry.isWaitingForNetwork else { return [] }
    if isOffline {
      retry.isWaitingForNetwork = true
      setScheduledRetry(retry, at: slot)
      return []
    }
    setScheduledRetry(nil, at: slot)
    switch slot {
    case .edge(let edge): return retryEdge(edge)
    case .reload: return reloadAgain()
    }
  }

  /// The network went down or came back. Down: retries that come due wait. Back: the failed
  /// reload loads again, or else each failed edge, the one nearer what is on screen first; each
  /// once, as a first attempt.
  @inlinable
  mutating func connectivityChanged(isOnline: Bool, rules: Rules) -> [Command] {
    guard isOffline == isOnline else { return [] }
    isOffline = !isOnline
    guard isOnline else { return [] }
    if revalidatesWhenOnline, !isRefreshing { return revalidate(rules: rules) }
    if reloadStatus.isFailed {
      reloadFailures = 0
      return stopRetry(at: .reload) + reloadAgain()
    }
    let near = farEdge(from: focusIndex).opposite
    var commands: [Command] = []
    for edge in [near, near.opposite] where self[edge].isFailed {
      updateBook(edge) { $0.failures = 0 }
      commands += stopRetry(at: .edge(edge)) + retryEdge(edge)
    }
    return commands
  }
}

extension PaginationFeature {
  /// Where a retry is scheduled: an edge of the window, or the reload of the whole window.
  public enum RetrySlot: Hashable, Sendable, CustomStringConvertible {
    /// The load at an edge.
    case edge(PaginationEdge)
    /// A refresh, reset or jump.
    case reload

    /// `start`, `end` or `reload`.
    public var description: String {
      switch self {
      case .edge(let edge): "\(edge)"
      case .reload: "reload"
      }
    }
  }

  /// The cancellation id of a retry's timer.
  @usableFromInline
  struct RetryTimer: Hashable, Sendable {
    @usableFromInline let slot: RetrySlot

    @inlinable
    init(_ slot: RetrySlot) { self.slot = slot }
  }
}
