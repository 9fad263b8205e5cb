/// Reloads: refresh (in place or from the start), reset and jump replace the whole window with one
/// page. The old window stays on screen until that page arrives; answers from before are dropped.
extension PaginationFeature.State {
  @usableFromInline
  typealias Intent = PaginationFeature<Element>.ReloadIntent

  /// Reloads around the last visible element, or the selection; an empty window from the start.
  @inlinable
  mutating func refresh(rules: Rules) -> [Command] {
    let anchor = [lastVisible, selection].lazy.compactMap { $0 }.first { elements.contains(id: $0) }
    guard let anchor else { return reload(.first, intent: .keepSelection, isRefresh: true) }
    return reload(.around(rules.anchorCursor(anchor)), intent: .keepSelection, isRefresh: true)
  }

  /// Empties the window and loads the first page of the list in `context`. The elements counted
  /// beyond the edges stay counted when it is the same list, and go with the old list otherwise.
  @inlinable
  mutating func reset(context: any PaginationContext) -> [Command] {
    switchContext(to: context, at: .first, intent: .keepSelection)
  }

  /// Makes `context` the list's and loads its page at `position`; the window empties at once, so
  /// that nothing of the old context stays on screen.
  @inlinable
  mutating func switchContext(
    to context: any PaginationContext, at position: PageRequest.Position, intent: Intent
  ) -> [Command] {
    if !contextsEqual(self.context, context) {
      unseenAtStart = 0
      unseenAtEnd = 0
      unseenArrivals = UnseenArrivals()
    }
    self.context = context
    let commands = reload(position, intent: intent)
    setWindow(elements: IdentifiedElements(), pages: PageList())
    startStatus = .idle
    endStatus = .idle
    lastVisible = nil
    return commands
  }

  /// Makes `elements` the window, forgetting what the edges and the live updates knew of the old one.
  /// The elements of the old window that it lacks left memory, not the list, even for a reset to
  /// another context (the user switched filters): the work of their rows goes on.
  @inlinable
  mutating func setWindow(elements: IdentifiedElements<Element>, pages: PageList) {
    var elements = elements
    elements.continues(self.elements)
    elements.continueChanges(of: self.elements)
    self.elements = elements
    unseenArrivals.windowReplaced()
    self.pages = pages
    startBook = .init()
    endBook = .init()
  }

  @inlinable
  mutating func jump(to target: PaginationFeature<Element>.JumpTarget, rules: Rules) -> [Command] {
    switch target {
    case .element(let id):
      guard isRefreshing || !elements.contains(id: id) else { return selectElement(id) }
      return reload(.around(rules.anchorCursor(id)), intent: .select(id))
    case .start:
      if !isRefreshing, startStatus.isEndReached, let first = elements.first { return selectElement(first.id) }
      return reload(.first, intent: .selectFirst)
    case .end:
      if !isRefreshing, endStatus.isEndReached, let last = elements.last { return selectElement(last.id) }
      return reload(.last, intent: .selectLast)
    }
  }

  /// The user's retry of the failed reload: a first attempt again, and any retry scheduled stops.
  @inlinable
  mutating func retryReload() -> [Command] {
    guard reloadStatus.isFailed else { return [] }
    reloadFailures = 0
    return stopRetry(at: .reload) + reloadAgain()
  }

  /// Sends again the refresh, reset or jump that failed.
  @inlinable
  mutating func reloadAgain() -> [Command] {
    guard case .failed(let request, _) = reloadStatus else { return [] }
    return reload(request.position, intent: reloadIntent, isRefresh: request.isRefresh, isRetry: true)
  }

  /// Cancels the reload in flight, or the retry scheduled after a failed one.
  @inlinable
  mutating func cancelReload() -> [Command] {
    let stopped = stopRetry(at: .reload)
    guard isRefreshing else { return stopped + continueReach() }
    reloadStatus = .idle
    release(at: nil)
    return stopped + [.cancel(.reload)] + continueReach()
  }

  /// Starts loading the page at `position` to replace the window, cancelling the edges' loads and
  /// retries (`isRetry`: a retry of the reload that failed, whose attempts go on counting).
  @inlinable
  mutating func reload(
    _ position: PageRequest.Position, intent: Intent, isRefresh: Bool = false, isRetry: Bool = false
  ) -> [Command] {
    generation &+= 1
    pendingSelection = nil
    let landed = cancelLanding()
    // A restore's own reload keeps reaching; any other selects what is loaded until it lands.
    var settled: [Command] = []
    if case .restore = intent {} else { settled = giveUpReach() }
    release(at: nil)
    reloadIntent = intent
    revalidatesWhenOnline = false
    if !isRetry { reloadFailures = 0 }
    let request = PageRequest(position, context: context, isRefresh: isRefresh, count: loadSizes.pageCount)
    reloadStatus = .loading(request)
    let retries = stopRetry(at: .edge(.start)) + stopRetry(at: .edge(.end)) + stopRetry(at: .reload)
    return landed + settled + retries + stopLoading(.start) + stopLoading(.end) + [.load(request)]
  }

  /// Takes the answer to the reload in flight.
  @inlinable
  mutating func receiveReload(_ response: PaginationFeature<Element>.PageResponse, rules: Rules) -> [Command] {
    guard case .loading(let current) = reloadStatus, current == response.request else { return [] }
    switch response.result {
    case .failure(let error):
      reloadStatus = .failed(response.request, error)
      release(at: nil)
      let retry = scheduleRetry(at: .reload, after: error, rules: rules)
      return retry.isEmpty ? continueReach() : retry  // without a retry, the edges work again
    case .success(let page):
      reloadFailures = 0
      if case .restore = reloadIntent, page.elements.isEmpty {
        // Nothing is left where the place was: the list opens at its start instead.
        return reload(.first, intent: .selectFirst)
      }
      return replace(with: page, isRefresh: response.request.isRefresh, rules: rules)
    }
  }

  /// Makes `page` the window, with what arrived live while it loaded, and places the selection as
  /// the reload intended: a restore's page is revalidated (unless it was a refresh, that
  /// revalidation), and a restored selection it lacks is reached for. What was counted beyond an
  /// edge stays counted unless the page reaches that end of the list. A page that `asked` for more
  /// than the page size (a landing's) does not make the page size larger.
  @inlinable
  mutating func replace(
    with page: Pageflow.Page<Element>, isRefresh: Bool, asked: Int? = nil, rules: Rules
  ) -> [Command] {
    if asked.map({ $0 <= (loadSizes.pageCount ?? 0) }) ?? true {
      largestPage = Swift.max(largestPage, page.elements.count)
    }
    loadSizes.received(page.elements.count, asked: asked, at: nil)
    let arrived = takeArrivals(at: nil)
    let fresh = IdentifiedElements(page.elements)
    var chosen = selection(in: fresh)
    let restored: Element.ID?
    if case .restore(let anchor, let target, let offset) = reloadIntent {
      restored = anchor
      reach = .init(target: target, offset: offset, anchor: anchor, in: fresh, page: page)
      if reach != nil {
        chosen = nil
        selection = target  // not loaded yet: nothing else is selected meanwhile
      }
    } else {
      restored = nil
    }
    if case .land(let landing) = reloadIntent {
      lastVisible = landingRow(landing, in: fresh)?.id
    } else if let restored {
      lastVisible = fresh.contains(id: restored) ? restored : nil
    } else if !keepsLastVisible(in: fresh) {
      lastVisible = nil
    }
    setWindow(elements: fresh, pages: PageList([PageInfo(page, count: fresh.count)]))
    reloadStatus = .idle
    let intent = reloadIntent
    reloadIntent = .keepSelection
    var commands = settle(.end, cursor: page.next, added: elements.count, direction: .bottom, rules: rules)
    commands += settle(.start, cursor: page.previous, added: elements.count, direction: .top, rules: rules)
    if !arrived.isEmpty {
      insertAgain(arrived, rules: rules)
      switch intent {
      case .selectFirst: chosen = elements.first
      case .selectLast: chosen = elements.last
      case .keepSelection where elements.contains(id: selection): chosen = nil
      default: if chosen == nil, reach == nil { chosen = elements.first }
      }
    }
    commands.append(.didUpdate)
    if let chosen, chosen.id != selection {
      selection = chosen.id
      commands.append(.didSelect(chosen))
    }
    switch intent {
    case .select, .selectFirst, .selectLast: markSeen(at: selectionIndex)  // a jump selects: it sees
    default: break
    }
    guard restored != nil, !isRefresh else { return commands + continueReach() }
    // A place opens from what answers first (a store on disk); what the network says comes next.
    if isOffline {
      revalidatesWhenOnline = true
      return commands + continueReach()
    }
    return commands + revalidate(rules: rules)
  }

  /// The row a scroll comes to rest on in `fresh`, the page around its landing: the element the
  /// landing named, else (a place some rows from an element, which the page does not name) the
  /// middle of the page, where a page around a place holds it; nil for an empty page.
  @inlinable
  func landingRow(_ landing: Element.ID?, in fresh: IdentifiedElements<Element>) -> Element? {
    landing.flatMap { fresh[id: $0] } ?? (fresh.isEmpty ? nil : fresh[fresh.count / 2])
  }

  /// Whether a refresh keeps ``lastVisible``: it does when that element is still in the window.
  @inlinable
  func keepsLastVisible(in fresh: IdentifiedElements<Element>) -> Bool {
    guard case .keepSelection = reloadIntent, let lastVisible else { return false }
    return fresh.contains(id: lastVisible)
  }

  /// The element `fresh` should select: the one the reload intended, else the selected element,
  /// else the element of `fresh` that was nearest to it in the old window, else the first; for a
  /// landing, the selected element, else the row the scroll comes to rest on.
  @inlinable
  func selection(in fresh: IdentifiedElements<Element>) -> Element? {
    switch reloadIntent {
    case .selectFirst: return fresh.first
    case .selectLast: return fresh.last
    case .select(let id): return fresh[id: id] ?? fresh.first
    case .restore(let anchor, let selected, _):
      // The list may no longer hold them: the page around the anchor does hold what is nearest it.
      return fresh[id: selected] ?? fresh[id: anchor] ?? (fresh.isEmpty ? nil : fresh[fresh.count / 2])
    case .land(let landing):
      return fresh[id: selection] ?? landingRow(landing, in: fresh)
    case .keepSelection:
      if let kept = fresh[id: selection] { return kept }
      guard let old = selectionIndex else { return fresh.first }
      // O(page): each element of the new page, at its place in the old window.
      let nearest = fresh.min { lhs, rhs in
        let l = elements.index(id: lhs.id).map { abs($0 - old) } ?? Int.max
        let r = elements.index(id: rhs.id).map { abs($0 - old) } ?? Int.max
        return l < r
      }
      guard let nearest, elements.contains(id: nearest.id) else { return fresh.first }
      return nearest
    }
  }
}
