extension PaginationFeature {
  /// A paginated list: its elements (ordered, unique by id), the pages they came from, the selection,
  /// the context, and the status of each end.
  ///
  /// ```swift
  /// PaginationFeature<Message>.State(selection: first.id, next: "page-2", elements: firstPage)
  /// ```
  public struct State: Sendable {
    /// Data sent with every request that does not change while paging (see ``PaginationContext``).
    public var context: any PaginationContext
    /// The id of the selected element. It may name an element that is not loaded (after a reset,
    /// before the first page arrives); ``selectionIndex`` is nil then.
    public var selection: Element.ID
    /// The loaded elements, in order, unique by id.
    public var elements: IdentifiedElements<Element>
    /// The loaded pages, in order; their counts add up to `elements.count`.
    public var pages: PageList
    /// The status of the start of the list (`.top`, `.leading`).
    public var startStatus: PaginationStatus
    /// The status of the end of the list (`.bottom`, `.trailing`).
    public var endStatus: PaginationStatus
    /// The end at which a `.leading`/`.trailing` selection waits for a page to continue.
    public var pendingSelection: PaginationEdge?

    /// Tells the feature's own answers from before a refresh or reset apart from current ones.
    @usableFromInline var generation: UInt64
    /// Tells this list's loads apart from another list's (the cancellation id of its loads).
    @usableFromInline let instance: UInt64
    @usableFromInline var startBook = EdgeBook()
    @usableFromInline var endBook = EdgeBook()

    /// A list holding one page of `elements`, between the cursors `previous` and `next`.
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
      self.pages = PageList([PageInfo(previous: previous, next: next, count: self.elements.count)])
      self.startStatus = previous == nil ? .endReached(.noMoreCursor) : .idle
      self.endStatus = next == nil ? .endReached(.noMoreCursor) : .idle
      self.instance = UInt64.random(in: 0...UInt64.max)
      self.generation = instance
    }

    /// A list holding one page of `elements` with the first one selected, or nil when the page is
    /// empty: the way to build a `.noResults` case (seed 004) instead of a dangling selection.
    ///
    /// ```swift
    /// guard let list = PaginationFeature<Message>.State(next: page.next, elements: page.elements)
    /// else { return .noResults }
    /// return .messages(list)
    /// ```
    public init?(
      context: any PaginationContext = .none,
      previous: PaginationCursor? = nil,
      next: PaginationCursor? = nil,
      elements: [Element]
    ) {
      guard let first = elements.first else { return nil }
      self.init(context: context, selection: first.id, previous: previous, next: next, elements: elements)
    }

    /// The cursor of the page before the first loaded one.
    @inlinable
    public var previous: PaginationCursor? { pages.first?.previous }
    /// The cursor of the page after the last loaded one.
    @inlinable
    public var next: PaginationCursor? { pages.last?.next }
    /// The offset of the selected element in ``elements``: O(1); nil if it is not loaded.
    @inlinable
    public var selectionIndex: Int? { elements.index(id: selection) }
    /// The selected element, if it is loaded.
    @inlinable
    public var selectedElement: Element? { elements[id: selection] }
    /// Whether a refresh (or the first load after a reset) is in flight.
    @inlinable
    public var isRefreshing: Bool {
      if case .loading(let request) = endStatus { request.cursor == nil } else { false }
    }

    /// The status of the end that `direction` loads at.
    @inlinable
    public func status(_ direction: PaginationDirection) -> PaginationStatus {
      self[direction.edge]
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

  /// What one end remembers between loads: the request to retry, the cursors already requested
  /// (to detect a loader that cycles), and how many empty pages came in a row.
  @usableFromInline
  struct EdgeBook: Sendable {
    @usableFromInline var lastRequest: PageRequest?
    @usableFromInline var requested: Set<PaginationCursor> = []
    @usableFromInline var emptyStreak = 0

    @inlinable
    init() {}
  }
}

extension PaginationFeature.State: Equatable where Element: Equatable {
  /// Equal context, selection, elements, pages, statuses and pending selection. Internal
  /// bookkeeping (requested cursors, generations) is not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    contextsEqual(lhs.context, rhs.context) && lhs.selection == rhs.selection
      && lhs.elements == rhs.elements && lhs.pages == rhs.pages
      && lhs.startStatus == rhs.startStatus && lhs.endStatus == rhs.endStatus
      && lhs.pendingSelection == rhs.pendingSelection
  }
}

extension PaginationFeature.State: CustomReflectable {
  /// Reflects the fields that ``==`` compares.
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
        "pendingSelection": pendingSelection as Any,
      ],
      displayStyle: .struct
    )
  }
}
