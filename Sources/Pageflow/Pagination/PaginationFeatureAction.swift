extension PaginationFeature {
  /// What can happen to a paginated list.
  public enum Action: Sendable {
    /// Loads the next page at the edge `direction` points to. Does nothing while that edge is
    /// loading, has failed (see ``retry(_:)``), has reached the end of the list, or a reload is in
    /// flight; with no cursor the edge is marked as reached. A list nothing has loaded yet
    /// (``State/notLoaded(context:selection:)``) loads its first page. Safe to send as often as a
    /// view likes.
    case loadPage(PaginationDirection)
    /// Moves the selection one element in `direction`. At the edge of the window it loads the next
    /// page; for `.leading`/`.trailing` the selection then continues onto the new page.
    case select(PaginationDirection)
    /// Selects the element with this id; an unknown id changes nothing.
    case selectElement(Element.ID)
    /// Reports that the element with this id is on screen. Loads the next page when it is at most
    /// ``PaginationFeature/prefetchDistance`` elements from an edge that still has a cursor; at most
    /// one load per edge is in flight, so a container that reports every element at once loads one
    /// page. The element becomes ``State/lastVisible``.
    case elementAppeared(Element.ID)
    /// Sends again the request that failed at the edge `direction` points to.
    case retry(PaginationDirection)
    /// Retries whatever failed, each failed load once: the failed reload (``retryReload``) if the
    /// last refresh, reset or jump failed, since its page replaces both edges; otherwise each edge
    /// whose load failed retryably (``retry(_:)``). A cursor cycle is not retried, and when nothing
    /// failed it does nothing: what a screen's one retry button sends.
    case retryFailed
    /// The delay of the retry scheduled at a slot has passed (sent by the feature's own timer): it
    /// loads, or waits for the network when the feature is offline.
    case retryTimerFired(RetrySlot)
    /// The network went down (`false`) or came back (`true`), as the app's reachability monitor
    /// says: while it is down, retries that come due wait; when it is back, each place that failed
    /// loads once, what is on screen first.
    case connectivityChanged(isOnline: Bool)
    /// Opens the window at a user's saved place (``State/place``): the page around its element on
    /// screen, then revalidated by a refresh (once the network is back, when offline), with the
    /// place's selection selected; when that page does not hold it, the window then loads toward
    /// it, as far as the place says it was and a page more, and selects it when it arrives (else
    /// the element where it was). An element the list no longer holds gives way to the nearest in
    /// that page, an empty page to the list's start. A place in another value of the list's
    /// `Codable` context type switches to that context first, as ``reset(context:)`` does; a place
    /// from another list is ignored, with a warning (``State/check(_:)`` says why).
    case restore(Place)
    /// Cancels the load in flight at the edge `direction` points to; its answer is dropped.
    case cancel(PaginationDirection)
    /// Reloads in place: the page around the last visible element (or the selection), with the old
    /// window on screen until it arrives; the selection stays on its element if it still exists,
    /// else moves to its nearest neighbour. Loads in flight are cancelled and their answers dropped.
    /// An empty window reloads from the start.
    case refresh
    /// Reloads the first page of the list, keeping the old window on screen until it arrives.
    case refreshFromStart
    /// Sends again the refresh, reset or jump that failed (``State/reloadStatus``).
    case retryReload
    /// Cancels the refresh, reset or jump in flight; the window stays as it is.
    case cancelReload
    /// Switches to a new context (a filter change): drops every page, cancels loads in flight, and
    /// loads the first page for `context`.
    case reset(context: any PaginationContext)
    /// Opens the list at `target`: selects it when it is in the window, otherwise replaces the
    /// window with the page around it (the old window stays on screen until it arrives).
    case jump(to: JumpTarget)
    /// A scroll will come to rest at `landing` (the view knows it as the finger lifts): the list
    /// loads what the landing needs at once. A landing in reach of the window (as far past its edge
    /// as one request may ask for: ``LoadSize``'s `maxCount`, a fifth of
    /// ``PaginationFeature/maxElements``) loads in one request, sized for the rows up to the landing
    /// and a page there; one farther, when the loader can name it
    /// (``PaginationFeature/offsetCursor``, or a landing on an element), replaces the window with
    /// the page around it (a page of rows on each side of it, for a screen that keeps it at its
    /// top, middle or bottom), as a jump does, the window on screen until it arrives and the stretch
    /// skipped loadable from its edge; otherwise the largest request loads toward it. While that
    /// page loads, the edge the scroll heads to loads the rows it passes, at the rate the landing
    /// says (its rows over its arrival); when the page comes while that edge feeds the scroll and
    /// can reach it, it waits beside the window until the edge's rows reach it (then it is not
    /// needed) or the scroll runs out of them (then it replaces the window). A landing
    /// inside the window loads what is within the prefetch distance of it, and one past an end of
    /// the list that the window holds lands at that end. A landing replaces the one before. After a
    /// skip, the row it comes to rest on (the element it named, else the middle of the page around
    /// its place) is ``State/lastVisible`` and, unless the page holds the selection, the selection;
    /// otherwise they follow their usual rules.
    case scrollWillLand(Landing)
    /// The scroll will not land where it was said to (the user touched the list again): a skip to
    /// the landing still loading is cancelled, and the window stays. A request at an edge goes on
    /// (its rows are next to the window).
    case landingCancelled
    /// Inserts an element that appeared after loading (a live update); an id already present is
    /// updated in place instead. An element that belongs beyond an edge of the window that is not
    /// the end of the list is counted in ``State/unseenAtStart`` or ``State/unseenAtEnd`` instead.
    case insert(Element, at: InsertionPoint)
    /// Replaces the loaded element with the same id; unknown ids are ignored.
    case update(Element)
    /// Removes the element with this id; a selection on it moves to a neighbour. Unknown ids are
    /// ignored.
    case remove(Element.ID)
    /// Removes the elements with these ids at once (a "delete the read messages" action): what
    /// ``remove(_:)`` does for each, in one pass over the window, and one edit for a view that reads
    /// the changes, however many rows it takes. Unknown ids are ignored.
    case removeAll(Set<Element.ID>)
    /// The loader's answer to a request (sent by the feature's own effect).
    case pageResponse(PageResponse)
    /// Notifications for the parent feature.
    case delegate(Delegate)

    /// Notifications a parent can react to. When pages and the selection change together, the
    /// parent hears ``didEvict(_:count:)`` first, then ``didUpdate(context:pages:)``, then
    /// ``didSelect(_:)``: it is never told of a selected element before the page that holds it.
    public enum Delegate: Sendable {
      /// The selection moved to `element`.
      case didSelect(Element)
      /// A page was added, or the window was replaced by a reload, or pages were evicted.
      case didUpdate(context: any PaginationContext, pages: PageList)
      /// `count` elements were evicted at `edge` to keep the window under
      /// ``PaginationFeature/maxElements`` (a list keeps its scroll offset by this many rows).
      case didEvict(PaginationEdge, count: Int)
    }
  }

  /// Where ``Action/jump(to:)`` opens the list.
  public enum JumpTarget: Sendable {
    /// The start of the list: its first page.
    case start
    /// The end of the list: its last page.
    case end
    /// The element with this id: the page around it, asked for with
    /// ``PaginationFeature/anchorCursor``'s cursor for it.
    case element(Element.ID)
  }

  /// The answer to a ``PageRequest``.
  ///
  /// Equality compares the request and the result; the generation, which tells answers from before
  /// a refresh or reset apart, is an implementation detail.
  public struct PageResponse: Sendable {
    /// The request this answers.
    public let request: PageRequest
    /// The page, or what went wrong.
    public let result: Result<Page, LoadError>
    @usableFromInline let generation: UInt64?

    /// An answer to `request`, made by hand (a test, a benchmark, or a parent that loads pages itself).
    ///
    /// It is accepted while the end it belongs to is loading exactly `request`; the feature's own
    /// answers are also checked against the generation, so that an answer from before a refresh
    /// is dropped even if the same request is loading again.
    public init(request: PageRequest, result: Result<Page, LoadError>) {
      self.init(request: request, result: result, generation: nil)
    }

    @inlinable
    init(request: PageRequest, result: Result<Page, LoadError>, generation: UInt64?) {
      self.request = request
      self.result = result
      self.generation = generation
    }
  }

  /// Where ``Action/insert(_:at:)`` puts a new element.
  public enum InsertionPoint: Hashable, Sendable {
    /// Before the first element: the new first element of the whole list, which comes before every
    /// element it ever had (a new message of a newest-first chat). Use ``sorted`` for an element
    /// that lands anywhere else.
    case top
    /// After the last element: the new last element of the whole list, after every element it ever
    /// had (a new message of an oldest-first chat).
    case bottom
    /// Where ``PaginationFeature/areInIncreasingOrder`` puts it (at the bottom if none is set).
    case sorted
  }
}

extension PaginationFeature.Action: Equatable where Element: Equatable {
  /// Same case with equal payloads; contexts compare by type and value.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.loadPage(let l), .loadPage(let r)), (.select(let l), .select(let r)),
      (.retry(let l), .retry(let r)), (.cancel(let l), .cancel(let r)):
      return l == r
    case (.selectElement(let l), .selectElement(let r)), (.elementAppeared(let l), .elementAppeared(let r)),
      (.remove(let l), .remove(let r)):
      return l == r
    case (.retryTimerFired(let l), .retryTimerFired(let r)):
      return l == r
    case (.connectivityChanged(let l), .connectivityChanged(let r)):
      return l == r
    case (.restore(let l), .restore(let r)):
      return l == r
    case (.retryFailed, .retryFailed), (.refresh, .refresh), (.refreshFromStart, .refreshFromStart),
      (.retryReload, .retryReload), (.cancelReload, .cancelReload):
      return true
    case (.jump(let l), .jump(let r)):
      return l == r
    case (.scrollWillLand(let l), .scrollWillLand(let r)):
      return l == r
    case (.landingCancelled, .landingCancelled):
      return true
    case (.reset(let l), .reset(let r)):
      return contextsEqual(l, r)
    case (.insert(let l, let lp), .insert(let r, let rp)):
      return l == r && lp == rp
    case (.update(let l), .update(let r)):
      return l == r
    case (.removeAll(let l), .removeAll(let r)):
      return l == r
    case (.pageResponse(let l), .pageResponse(let r)):
      return l == r
    case (.delegate(let l), .delegate(let r)):
      return l == r
    default:
      return false
    }
  }
}

extension PaginationFeature.Action.Delegate: Equatable where Element: Equatable {
  /// Same case with equal payloads.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.didSelect(let l), .didSelect(let r)): l == r
    case (.didUpdate(let lc, let lp), .didUpdate(let rc, let rp)): contextsEqual(lc, rc) && lp == rp
    case (.didEvict(let le, let lc), .didEvict(let re, let rc)): le == re && lc == rc
    default: false
    }
  }
}

extension PaginationFeature.JumpTarget: Equatable {}
extension PaginationFeature.JumpTarget: Hashable {}

extension PaginationFeature.PageResponse: Equatable where Element: Equatable {
  /// Same request and result.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.request == rhs.request && lhs.result == rhs.result
  }
}

extension PaginationFeature.PageResponse: CustomStringConvertible {
  /// `bottom after "page-1" → 20 elements, next "page-2", previous "page-0"`, or
  /// `bottom after "page-1" → failed: …`.
  public var description: String {
    switch result {
    case .success(let page):
      "\(request) → \(page.elements.count) elements, next \(page.next.map { "\"\($0)\"" } ?? "nil"), "
        + "previous \(page.previous.map { "\"\($0)\"" } ?? "nil")"
    case .failure(let error):
      "\(request) → failed: \(error)"
    }
  }
}

/// A loaded list knows of the network: a loadable list's `connectivityChanged(isOnline:)` reaches it.
extension PaginationFeature.Action: ConnectivityAwareAction {}

/// A loaded list refreshes itself: `.refresh` of a loadable list reloads it in place, with its own
/// context, instead of loading its first page again from a stored request; `.cancel` of the
/// loadable list cancels that reload (``PaginationFeature/Action/cancelReload``).
extension PaginationFeature.Action: RefreshCancellingAction {
  /// ``cancelReload``, under the name a loadable state's `.cancel` sends.
  public static var cancelRefresh: Self { .cancelReload }
}

/// A loaded list retries what failed in it: `.retry` of a loadable list whose own load did not fail
/// sends the list ``PaginationFeature/Action/retryFailed``.
extension PaginationFeature.Action: RetryableAction {}
