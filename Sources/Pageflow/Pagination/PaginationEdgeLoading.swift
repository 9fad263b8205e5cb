extension PaginationFeature {
  /// What a transition asks the reducer to do.
  @usableFromInline
  enum Command {
    /// Start loading `request`.
    case load(PageRequest)
    /// Start loading the page a scroll lands on, beside the window (``LoadSlot/landing``).
    case loadLanding(PageRequest)
    /// Cancel the load in `slot`.
    case cancel(LoadSlot)
    /// Tell the parent the selection moved.
    case didSelect(Element)
    /// Tell the parent the pages changed.
    case didUpdate
    /// Tell the parent how many elements were evicted at an edge.
    case didEvict(PaginationEdge, Int)
    /// Start the timer of the retry at a slot, due after a delay.
    case scheduleRetry(RetrySlot, Duration)
    /// Stop the timer of the retry at a slot.
    case cancelRetry(RetrySlot)
  }
}

/// Loading at the edges of the window: each action is one small mutating method returning the
/// commands the reducer turns into effects.
extension PaginationFeature.State {
  @usableFromInline
  typealias Command = PaginationFeature<Element>.Command
  @usableFromInline
  typealias Rules = PaginationFeature<Element>.Rules
  /// The list's sort order (``PaginationFeature/areInIncreasingOrder``).
  @usableFromInline
  typealias Order = @Sendable (Element, Element) -> Bool

  /// The transition table: which method each action runs.
  @inlinable
  mutating func apply(_ action: PaginationFeature<Element>.Action, rules: Rules) -> [Command] {
    loadSizes.begin(
      rules.loadSize, clock: rules.clock, maxElements: rules.maxElements, prefetchDistance: rules.prefetchDistance)
    return switch action {
    case .loadPage(let direction): requestPage(direction)
    case .select(let direction): shrinkingAroundSelection(select(direction, rules: rules), rules: rules)
    case .selectElement(let id): shrinkingAroundSelection(selectElement(id), rules: rules)
    case .elementAppeared(let id): elementAppeared(id, rules: rules)
    case .retry(let direction): retry(direction)
    case .retryFailed: retryFailed()
    case .retryTimerFired(let slot): retryDue(slot)
    case .connectivityChanged(let isOnline): connectivityChanged(isOnline: isOnline, rules: rules)
    case .restore(let place): restore(place, rules: rules)
    case .cancel(let direction): cancel(direction)
    case .refresh: refresh(rules: rules)
    case .refreshFromStart: reload(.first, intent: .keepSelection, isRefresh: true)
    case .retryReload: retryReload()
    case .cancelReload: cancelReload()
    case .reset(let context): reset(context: context)
    case .jump(let target): jump(to: target, rules: rules)
    case .scrollWillLand(let landing): land(landing, rules: rules)
    case .landingCancelled: cancelLanding()
    case .insert(let element, let point): insert(element, at: point, rules: rules)
    case .update(let element): update(element)
    case .remove(let id): remove(id, rules: rules)
    case .removeAll(let ids): removeAll(ids, rules: rules)
    case .pageResponse(let response): receive(response, rules: rules)
    case .delegate: []
    }
  }

  /// Loads the next page at the edge `direction` points to, asking for `count` elements (nil: what
  /// the scroll toward it needs).
  @inlinable
  mutating func requestPage(_ direction: PaginationDirection, count: Int? = nil) -> [Command] {
    let edge = direction.edge
    guard self[edge] == .idle, !isRefreshing else { return [] }
    guard !pages.isEmpty else {
      // Nothing loaded yet (or a reload cancelled before its page came): the next page is the first.
      // After a failed reload, its retry loads it (``retryReload``), not every trigger that fires.
      return reloadStatus.isFailed ? [] : reload(.first, intent: .keepSelection)
    }
    guard let cursor = edge == .start ? previous : next else {
      reachEnd(edge, .noMoreCursor)
      return []
    }
    return load(
      PageRequest(direction: direction, context: context, cursor: cursor, count: count ?? requestedCount(toward: edge)))
  }

  /// The user's retry at an edge: a first attempt again, and any retry scheduled there stops.
  @inlinable
  mutating func retry(_ direction: PaginationDirection) -> [Command] {
    let edge = direction.edge
    guard case .failed(_, retryable: true) = self[edge], !isRefreshing else { return [] }
    updateBook(edge) { $0.failures = 0 }
    return stopRetry(at: .edge(edge)) + retryEdge(edge)
  }

  /// Sends again the request that failed at `edge`.
  @inlinable
  mutating func retryEdge(_ edge: PaginationEdge) -> [Command] {
    guard case .failed(_, retryable: true) = self[edge], !isRefreshing, let request = self[book: edge].lastRequest
    else {
      return []
    }
    if let cursor = request.cursor { updateBook(edge) { _ = $0.requested.remove(cursor) } }
    return load(request)
  }

  /// Retries the failed reload, or else each edge that failed retryably, once each.
  @inlinable
  mutating func retryFailed() -> [Command] {
    if reloadStatus.isFailed { return retryReload() }
    return retry(.top) + retry(.bottom)
  }

  /// Cancels the load in flight at an edge, or the retry scheduled there.
  @inlinable
  mutating func cancel(_ direction: PaginationDirection) -> [Command] {
    let edge = direction.edge
    let stopped = stopRetry(at: .edge(edge)) + stopLoading(edge)
    return reach?.edge == edge ? stopped + giveUpReach() : stopped
  }

  /// Cancels the load in flight at `edge` and forgets its cursor, so that it can be asked again, and
  /// a landing held for its page.
  @inlinable
  mutating func stopLoading(_ edge: PaginationEdge) -> [Command] {
    guard case .loading(let request) = self[edge] else { return [] }
    if let cursor = request.cursor { updateBook(edge) { _ = $0.requested.remove(cursor) } }
    release(at: edge)
    forgetHeldLanding(at: edge)
    forgetLandingAside(at: edge)
    self[edge] = .idle
    if pendingSelection == edge { pendingSelection = nil }
    return [.cancel(LoadSlot(edge))]
  }

  /// Starts loading `request` at its edge.
  @inlinable
  mutating func load(_ request: PageRequest) -> [Command] {
    let edge = request.direction.edge
    self[edge] = .loading(request)
    loadSizes.sent(at: edge, count: request.count)
    updateBook(edge) { book in
      book.lastRequest = request
      if let cursor = request.cursor { book.requested.insert(cursor) }
    }
    return [.load(request)]
  }

  /// Marks `edge` as the end of the list; what was counted beyond it has arrived with its pages
  /// (what arrived while the last of them loaded was taken out of the count before).
  @inlinable
  mutating func reachEnd(_ edge: PaginationEdge, _ reason: PaginationEndReason) {
    self[edge] = .endReached(reason)
    if edge == .start { unseenAtStart = 0 } else { unseenAtEnd = 0 }
  }

  // MARK: Responses

  @inlinable
  mutating func receive(_ response: PaginationFeature<Element>.PageResponse, rules: Rules) -> [Command] {
    let request = response.request
    guard response.generation ?? generation == generation else {
      return []  // an answer from before a reload: dropped, never merged
    }
    if let landing, landing.request == request { return receiveLanding(response, rules: rules) }
    if request.position.replacesWindow { return receiveReload(response, rules: rules) }
    let edge = request.direction.edge
    guard case .loading(let current) = self[edge], current == request else {
      return []  // an answer to a load that was cancelled or superseded
    }
    switch response.result {
    case .failure(let error):
      self[edge] = .failed(error, retryable: true)
      release(at: edge)
      if pendingSelection == edge { pendingSelection = nil }
      let retry = scheduleRetry(at: .edge(edge), after: error, rules: rules)
      return reach?.edge == edge && retry.isEmpty ? giveUpReach() : retry
    case .success(let page):
      updateBook(edge) { $0.failures = 0 }
      let arrived = takeArrivals(at: edge)
      largestPage = Swift.max(largestPage, page.elements.count)
      loadSizes.received(page.elements.count, asked: request.count, at: edge)
      let added: Int
      if edge == .end {
        added = elements.append(contentsOf: page.elements)
        pages.append(PageInfo(page, count: added, loadedBy: request.cursor))
      } else {
        added = elements.prepend(contentsOf: page.elements)
        pages.prepend(PageInfo(page, count: added, loadedBy: request.cursor))
      }
      let movedOn = added == 0 && movesOn(page.elements, at: edge, order: rules.areInIncreasingOrder)
      let loads = settle(
        edge, cursor: edge == .end ? page.next : page.previous, added: added, movedOn: movedOn,
        direction: request.direction, rules: rules)
      var selecting: [Command] = []
      if pendingSelection == edge {
        if added > 0 {
          pendingSelection = nil
          selecting = moveSelection(toward: edge)
        } else if !self[edge].isLoading {
          pendingSelection = nil
        }
      }
      insertAgain(arrived, rules: rules)
      // A window that was empty selects what arrived, before eviction keeps what is around it.
      // A selection being reached that just arrived is the selection eviction keeps.
      selecting += selectReachedTarget() + ensureSelection(near: edge.opposite)
      let eviction = evict(after: edge, rules: rules)
      if eviction.movedSelection { selecting = selected(after: eviction) }
      selecting += advanceReach(at: edge, added: added)
      selecting += ensureSelection(near: edge.opposite)
      let landed = landHeld(at: edge, rules: rules) + followLanding(at: edge)
      return loads + eviction.commands + [.didUpdate] + selecting + landed
    }
  }

  /// Whether a page of elements the window holds already (`sent`, just added at `edge`) reaches
  /// further along the window than the element the edge's cursor was given next to: the window
  /// held live inserts beyond that cursor, and the page moves the edge past them. It is not an
  /// empty page (pages of them do not end the edge before the end of the list), and a loader cannot
  /// loop on it: each such page must reach further than the one before.
  @inlinable
  func movesOn(_ sent: [Element], at edge: PaginationEdge, order: (@Sendable (Element, Element) -> Bool)?) -> Bool {
    guard let reached = edge == .end ? sent.last : sent.first, let offset = elements.index(id: reached.id) else {
      return false
    }
    // The pages before the new one, nearest first.
    let earlier = edge == .end ? Array(pages.indices.dropLast().reversed()) : Array(pages.indices.dropFirst())
    let boundary = earlier.lazy.compactMap { edge == .end ? sentLast(ofPage: $0) : sentFirst(ofPage: $0) }.first
    guard let boundary else { return false }
    if let position = elements.index(id: boundary.id) { return edge == .end ? offset > position : offset < position }
    guard let order else { return false }
    return edge == .end ? order(boundary, reached) : order(reached, boundary)
  }

  /// Decides what an edge does after a page: idle, end reached, failed on a cycle, or follows an
  /// empty page (a bounded number of times) or a page that `movedOn` past elements the window held
  /// already (``movesOn(_:at:order:)``).
  @inlinable
  mutating func settle(
    _ edge: PaginationEdge, cursor: PaginationCursor?, added: Int, movedOn: Bool = false,
    direction: PaginationDirection, rules: Rules
  ) -> [Command] {
    guard let cursor else {
      reachEnd(edge, .noMoreCursor)
      updateBook(edge) { $0.emptyStreak = 0 }
      return []
    }
    if self[book: edge].requested.contains(cursor) {
      self[edge] = .failed(LoadError(PaginationError.cursorCycle(cursor)), retryable: false)
      return []
    }
    self[edge] = .idle
    guard added == 0, !movedOn else {
      updateBook(edge) { $0.emptyStreak = 0 }
      return movedOn ? requestPage(direction) : []
    }
    let emptyStreak = updateBook(edge) { book in
      book.emptyStreak += 1
      return book.emptyStreak
    }
    if emptyStreak >= rules.maxEmptyPages {
      reachEnd(edge, .tooManyEmptyPages(emptyStreak))
      return []
    }
    return requestPage(direction)
  }
}
