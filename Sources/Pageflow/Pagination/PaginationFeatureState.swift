extension PaginationFeature {
  /// A window over a paginated list: one contiguous stretch of it in memory (its elements, ordered
  /// and unique by id, and the pages they came from), the selection, the context, and the status of
  /// each edge and of a reload.
  ///
  /// Each edge of the window has a cursor to more of the list or is the list's true end. The window
  /// moves (a page loads at an edge), jumps (a reload replaces it with the page around another
  /// element), and shrinks (with a ``PaginationFeature/maxElements`` limit, pages far from what the
  /// user looks at are evicted, and the edge keeps the cursor that loads them again).
  ///
  /// ```swift
  /// PaginationFeature<Message>.State(selection: first.id, next: "page-2", elements: firstPage)
  /// ```
  public struct State: Sendable {
    /// Data sent with every request that does not change while paging (see ``PaginationContext``).
    public var context: any PaginationContext
    /// The id of the selected element. Whenever any element is loaded, it names a loaded element;
    /// it names nothing only while the window is empty (after a reset, before its first page), and
    /// while a restore loads toward the selection of its place (``selectionIndex`` is nil).
    public var selection: Element.ID
    /// The loaded elements, in order, unique by id.
    public var elements: IdentifiedElements<Element>
    /// The loaded pages, in order; their counts add up to `elements.count`.
    public var pages: PageList
    /// The status of the start of the window (`.top`, `.leading`).
    public var startStatus: PaginationStatus
    /// The status of the end of the window (`.bottom`, `.trailing`).
    public var endStatus: PaginationStatus
    /// The status of a load that replaces the whole window: a refresh, a reset or a jump. While it
    /// loads, the window stays on screen and the edges do not load.
    public var reloadStatus: ReloadStatus
    /// The edge at which a `.leading`/`.trailing` selection waits for a page to continue.
    public var pendingSelection: PaginationEdge?
    /// The element last reported on screen by ``PaginationFeature/Action/elementAppeared(_:)``,
    /// until the selection is moved explicitly: with the selection, the element that refresh in
    /// place and eviction keep the window around.
    public var lastVisible: Element.ID?
    /// Elements inserted live before the first element while the window does not reach the start
    /// of the list. They are counted, not placed (placing them would hide everything between them
    /// and the window): a "3 new messages" pill.
    ///
    /// An insert counted while the page at the start, or a reload, loads is kept until that answer
    /// comes (the server may have read it before the element was posted), then placed where it
    /// belongs in what the answer made of the window, or counted again. The count goes back to 0
    /// when the start reaches the start of the list with a page asked for after the elements
    /// arrived (they are in it, or past it, where the other edge's cursor reaches them), and on a
    /// reset to another context. A reload that stops short of the start, or a reset to the same
    /// context, keeps it.
    public var unseenAtStart: Int
    /// Elements inserted live after the last element while the window does not reach the end of
    /// the list: a "3 new messages" pill. Kept across loads and reloads as ``unseenAtStart`` is, at
    /// the end: a message posted while the newest page loads is placed after that page when it
    /// reaches the end of the list, never lost with the count.
    public var unseenAtEnd: Int
    /// The retry scheduled at the start after a failure there (``PaginationFeature/retry``).
    public var startRetry: ScheduledRetry?
    /// The retry scheduled at the end after a failure there.
    public var endRetry: ScheduledRetry?
    /// The retry scheduled after a failed refresh, reset or jump.
    public var reloadRetry: ScheduledRetry?
    /// Whether the feature was told the network is down (``PaginationFeature/Action/connectivityChanged(isOnline:)``):
    /// a retry that comes due waits until it is back.
    public var isOffline = false

    /// Tells the feature's own answers from before a reload apart from current ones. Starts at a
    /// random value, so that a state built anew does not accept answers meant for an older one.
    @usableFromInline var generation: UInt64
    @usableFromInline var startBook = EdgeBook()
    @usableFromInline var endBook = EdgeBook()
    /// What the reload in flight (or the failed one) does with the selection when it answers.
    @usableFromInline var reloadIntent = ReloadIntent.keepSelection
    /// The largest page received so far: the default prefetch distance, and the unit of the window's
    /// smallest size.
    @usableFromInline var largestPage = 0
    /// Live inserts that arrived while a request that may have been answered before them was in
    /// flight, inserted again when it answers.
    @usableFromInline var arrivals: [Arrival] = []
    /// Live inserts the user has not reached (``unseenBelowScreen``, ``unseenAboveScreen``).
    @usableFromInline var unseenArrivals = UnseenArrivals<Element.ID>()
    /// How many reloads in a row failed: the attempt of the next retry.
    @usableFromInline var reloadFailures = 0
    /// Whether a window opened at a saved place while offline is to be refreshed once the network
    /// is back.
    @usableFromInline var revalidatesWhenOnline = false
    /// The page a scroll lands on, loading beside the window, if any.
    @usableFromInline var landing: PendingLanding?
    /// A landing within reach of an edge that was loading a page when it came, counted from an
    /// element: landed again when that page arrives (the edge could not take another request),
    /// after its retries when it fails; forgotten when that load stops without it.
    @usableFromInline var heldLanding: Landing?
    /// The restored selection the window is loading toward, if any.
    @usableFromInline var reach: PaginationFeature<Element>.SelectionReach?
    /// The page size seen, and with adaptive load sizes the scroll and the latency measured.
    @usableFromInline var loadSizes: LoadSizeEstimator

    /// A list holding one page of `elements`, between the cursors `previous` and `next`; with no
    /// elements and no cursor, a list nothing has loaded yet (``notLoaded(context:selection:)``):
    /// both ends idle, and the first trigger loads the first page.
    @inlinable
    public init(
      context: any PaginationContext = .none,
      selection: Element.ID,
      previous: PaginationCursor? = nil,
      next: PaginationCursor? = nil,
      elements: [Element]
    ) {
      self.context = context
      self.selection = selection
      self.elements = IdentifiedElements(elements)
      if elements.isEmpty, previous == nil, next == nil {
        // Nothing given: a list nothing has loaded yet, not one known to be empty.
        self.pages = PageList()
        self.startStatus = .idle
        self.endStatus = .idle
      } else {
        let page = Page(previous: previous, next: next, elements: elements)
        self.pages = PageList([PageInfo(page, count: self.elements.count)])
        self.startStatus = previous == nil ? .endReached(.noMoreCursor) : .idle
        self.endStatus = next == nil ? .endReached(.noMoreCursor) : .idle
      }
      self.reloadStatus = .idle
      self.unseenAtStart = 0
      self.unseenAtEnd = 0
      self.generation = UInt64.random(in: 0...UInt64.max)
      self.largestPage = elements.count
      self.loadSizes = LoadSizeEstimator(basePage: elements.count)
    }

    /// A list nothing has loaded yet: no elements and no pages, both edges idle and no end known.
    /// Its footer shows more to load (``PaginationFeature/LoadMore/Status/more``, never
    /// ``PaginationFeature/LoadMore/Status/end``), and the first ``PaginationFeature/Action/loadPage(_:)``,
    /// ``PaginationFeature/Action/refresh`` or footer trigger loads the first page. `selection`
    /// names nothing until then (any id will do); the page's first element is selected when it
    /// arrives, unless it holds that id.
    ///
    /// ```swift
    /// var issues = PaginationFeature<Issue>.State.notLoaded(context: IssueFilter.open, selection: 0)
    /// issues.loadMore(.bottom).status  // .more, not .end: nothing was asked of the server yet
    /// ```
    ///
    /// The same list as ``init(context:selection:previous:next:elements:)`` with no elements and no
    /// cursor. A list known to be empty is what the loader's empty answer to its first page makes:
    /// one empty page, both ends reached.
    @inlinable
    public static func notLoaded(context: any PaginationContext = .none, selection: Element.ID) -> Self {
      Self(context: context, selection: selection, elements: [])
    }

    /// A list holding one page of `elements` with the first one selected, or nil when the page is
    /// empty: the way to build a "no results" case instead of a selection that names nothing.
    ///
    /// ```swift
    /// guard let list = PaginationFeature<Message>.State(selectingFirstOf: page.elements, next: page.next)
    /// else { return .noResults }
    /// return .messages(list)
    /// ```
    @inlinable
    public init?(
      selectingFirstOf elements: [Element],
      context: any PaginationContext = .none,
      previous: PaginationCursor? = nil,
      next: PaginationCursor? = nil
    ) {
      guard let first = elements.first else { return nil }
      self.init(context: context, selection: first.id, previous: previous, next: next, elements: elements)
    }

    /// The cursor of the page before the window, or nil at the start of the list.
    @inlinable
    public var previous: PaginationCursor? { pages.first?.previous }
    /// The cursor of the page after the window, or nil at the end of the list.
    @inlinable
    public var next: PaginationCursor? { pages.last?.next }
    /// The offset of the selected element in ``elements``: O(1); nil if it is not loaded.
    @inlinable
    public var selectionIndex: Int? { elements.index(id: selection) }
    /// The selected element, if it is loaded.
    @inlinable
    public var selectedElement: Element? { elements[id: selection] }
    /// Whether some page of the window may be out of date (a cache answered it offline): O(pages).
    @inlinable
    public var isStale: Bool { pages.contains(where: \.isStale) }
    /// Whether a refresh, reset or jump is in flight: the window is replaced when it answers.
    @inlinable
    public var isRefreshing: Bool { reloadStatus.isLoading }

    /// The status of the edge that `direction` loads at: ``startStatus`` for `.top` and `.leading`,
    /// ``endStatus`` for `.bottom` and `.trailing`.
    @inlinable
    public func status(_ direction: PaginationDirection) -> PaginationStatus {
      self[direction.edge]
    }

    /// The status of `edge`: ``startStatus`` or ``endStatus``.
    @inlinable
    public func status(_ edge: PaginationEdge) -> PaginationStatus {
      self[edge]
    }

    /// The elements inserted live beyond `edge` and not placed (``unseenAtStart``, ``unseenAtEnd``).
    @inlinable
    public func unseen(_ edge: PaginationEdge) -> Int {
      edge == .start ? unseenAtStart : unseenAtEnd
    }

    /// The elements inserted live beyond the edge that `direction` loads at, and not placed.
    @inlinable
    public func unseen(_ direction: PaginationDirection) -> Int {
      unseen(direction.edge)
    }

    /// The context as the list's own type (the one the loader reads with
    /// ``PageRequest/context(as:)``); throws ``PaginationError/contextTypeMismatch(expected:actual:)``
    /// if it is something else.
    ///
    /// ```swift
    /// #expect(try state.context(as: IssueFilter.self) == .open)
    /// ```
    public func context<Context: PaginationContext>(as type: Context.Type) throws -> Context {
      try cast(context, as: type)
    }

    @inlinable
    subscript(edge: PaginationEdge) -> PaginationStatus {
      get { edge == .start ? startStatus : endStatus }
      set { if edge == .start { startStatus = newValue } else { endStatus = newValue } }
    }

    @inlinable
    subscript(book edge: PaginationEdge) -> EdgeBook {
      edge == .start ? startBook : endBook
    }

    /// Changes what `edge` remembers in place (a get-and-set subscript would copy its set of
    /// requested cursors on every change, which is O(pages) per page).
    @inlinable
    mutating func updateBook<R>(_ edge: PaginationEdge, _ change: (inout EdgeBook) -> R) -> R {
      switch edge {
      case .start: change(&startBook)
      case .end: change(&endBook)
      }
    }
  }

  /// What one edge remembers between loads: the request to retry, the cursors it requested since the
  /// window last changed at that edge (to detect a loader that cycles), and how many empty pages
  /// came in a row.
  @usableFromInline
  struct EdgeBook: Sendable {
    @usableFromInline var lastRequest: PageRequest?
    @usableFromInline var requested: Set<PaginationCursor> = []
    @usableFromInline var emptyStreak = 0
    /// How many loads in a row failed at this edge: the attempt of the next retry.
    @usableFromInline var failures = 0

    @inlinable
    init() {}
  }

  /// The page a scroll lands on, loading beside the window: the request, the element the landing
  /// named, if any, where the landing lies when it is past an edge of the window, and the page once
  /// it arrived, while it waits beside the window for that edge to bring the rows before it.
  @usableFromInline
  struct PendingLanding: Sendable {
    /// A landing past an edge of the window: that edge (where the scroll heads), the element at it
    /// as the finger lifted, and how many rows past that element the landing lies.
    @usableFromInline typealias Beyond = (edge: PaginationEdge, from: Element.ID, rows: Int)

    @usableFromInline let request: PageRequest
    @usableFromInline let element: Element.ID?
    /// Where the landing lies past an edge of the window; nil for one the window cannot place (on
    /// an element, or counted from an element the window does not hold).
    @usableFromInline let beyond: Beyond?
    /// The page, arrived while the edge fed the scroll: it waits beside the window (not shown)
    /// until the edge's rows reach it, or the scroll runs out of them and it replaces the window.
    @usableFromInline var page: Pageflow.Page<Element>?

    @inlinable
    init(request: PageRequest, element: Element.ID?, beyond: Beyond? = nil) {
      self.request = request
      self.element = element
      self.beyond = beyond
    }
  }

  /// What a reload does with the selection when its page arrives.
  @usableFromInline
  enum ReloadIntent: Sendable {
    /// Keep the selected element, or its nearest neighbour from the old window, or the first.
    case keepSelection
    /// Select this element (a jump), or the first element if the page does not hold it.
    case select(Element.ID)
    /// Select the first element (a jump to the start).
    case selectFirst
    /// Select the last element (a jump to the end).
    case selectLast
    /// Open at a saved place: show `anchor` and select `selection`, loading toward it when the page
    /// lacks it and `offset` says where it is (else the nearest element the page holds), then
    /// revalidate.
    case restore(anchor: Element.ID, selection: Element.ID, offset: Int?)
    /// Land a scroll: the page around where it comes to rest replaces the window, shown at
    /// `element` (when the landing named one; else at the middle of the page, where a page around a
    /// place holds it), which is selected unless the page holds the selection.
    case land(on: Element.ID?)
  }
}

extension PaginationFeature.State: Equatable where Element: Equatable {
  /// Equal context, selection, elements, pages, statuses, pending selection, last visible element,
  /// unseen counts (beyond the edges, and past the screen), scheduled retries and connectivity.
  /// Internal bookkeeping (requested cursors, generations, failure counts, which arrivals are
  /// unseen beyond how many) is not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    contextsEqual(lhs.context, rhs.context) && lhs.selection == rhs.selection
      && lhs.elements == rhs.elements && lhs.pages == rhs.pages
      && lhs.startStatus == rhs.startStatus && lhs.endStatus == rhs.endStatus
      && lhs.reloadStatus == rhs.reloadStatus && lhs.pendingSelection == rhs.pendingSelection
      && lhs.lastVisible == rhs.lastVisible
      && lhs.unseenAtStart == rhs.unseenAtStart && lhs.unseenAtEnd == rhs.unseenAtEnd
      && lhs.unseenAboveScreen == rhs.unseenAboveScreen && lhs.unseenBelowScreen == rhs.unseenBelowScreen
      && lhs.startRetry == rhs.startRetry && lhs.endRetry == rhs.endRetry && lhs.reloadRetry == rhs.reloadRetry
      && lhs.isOffline == rhs.isOffline
  }
}

extension PaginationFeature.State: CustomReflectable {
  /// Reflects the fields that ``==(_:_:)`` compares.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "context": context as Any,
        "selection": selection,
        "elements": elements,
        "pages": pages,
        "startStatus": startStatus,
        "endStatus": endStatus,
        "reloadStatus": reloadStatus,
        "pendingSelection": pendingSelection as Any,
        "lastVisible": lastVisible as Any,
        "unseenAtStart": unseenAtStart,
        "unseenAtEnd": unseenAtEnd,
        "unseenAboveScreen": unseenAboveScreen,
        "unseenBelowScreen": unseenBelowScreen,
        "startRetry": startRetry as Any,
        "endRetry": endRetry as Any,
        "reloadRetry": reloadRetry as Any,
        "isOffline": isOffline,
      ],
      displayStyle: .struct
    )
  }
}

/// A loadable list is refreshing while its own reload is in flight.
extension PaginationFeature.State: RefreshReporting {}

/// A loadable list loads with its context: after a reset, a loadable state whose request is of the
/// context's type names the new context.
extension PaginationFeature.State: ContextReporting {}
