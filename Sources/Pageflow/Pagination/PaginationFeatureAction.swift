extension PaginationFeature {
  /// What can happen to a paginated list.
  public enum Action: Sendable {
    /// Loads the next page at the end `direction` points to. Does nothing while that end is loading,
    /// has failed (see ``retry(_:)``), has reached its end, or a refresh is in flight; with no cursor
    /// the end is marked as reached. Safe to send as often as a view likes.
    case loadPage(PaginationDirection)
    /// Moves the selection one element in `direction`. At the edge of what is loaded it loads the next
    /// page; for `.leading`/`.trailing` the selection then continues onto the new page.
    case select(PaginationDirection)
    /// Selects the element with this id; an unknown id changes nothing.
    case selectElement(Element.ID)
    /// Reports that the element with this id is on screen. Loads the next page when it is within
    /// ``PaginationFeature/prefetchDistance`` of an end that still has a cursor; at most one load per
    /// end is in flight, so a container that reports every element at once loads one page.
    case elementAppeared(Element.ID)
    /// Sends again the request that failed at the end `direction` points to.
    case retry(PaginationDirection)
    /// Cancels the load in flight at the end `direction` points to; its answer is dropped.
    case cancel(PaginationDirection)
    /// Reloads the first page; the current elements stay visible until it arrives, then are replaced.
    /// Loads in flight are cancelled and their answers dropped.
    case refresh
    /// Switches to a new context (a filter change): drops every page, cancels loads in flight, and
    /// loads the first page for `context`.
    case reset(context: any PaginationContext)
    /// Inserts an element that appeared after loading (seed 000's live updates); an id already
    /// present is updated in place instead.
    case insert(Element, at: InsertionPoint)
    /// Replaces the loaded element with the same id; unknown ids are ignored.
    case update(Element)
    /// Removes the element with this id; a selection on it moves to a neighbour.
    case remove(Element.ID)
    /// The loader's answer to a request (sent by the feature's own effect).
    case pageResponse(PageResponse)
    /// Notifications for the parent feature.
    case delegate(Delegate)

    /// Notifications a parent can react to.
    public enum Delegate: Sendable {
      /// The selection moved to `element`.
      case didSelect(Element)
      /// A page was added, or the list was replaced by a refresh.
      case didUpdate(context: any PaginationContext, pages: PageList)
    }
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
    /// Before the first element.
    case top
    /// After the last element.
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
    case (.refresh, .refresh):
      return true
    case (.reset(let l), .reset(let r)):
      return contextsEqual(l, r)
    case (.insert(let l, let lp), .insert(let r, let rp)):
      return l == r && lp == rp
    case (.update(let l), .update(let r)):
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
    default: false
    }
  }
}

extension PaginationFeature.PageResponse: Equatable where Element: Equatable {
  /// Same request and result.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.request == rhs.request && lhs.result == rhs.result
  }
}

extension PaginationFeature.PageResponse: CustomStringConvertible {
  /// `bottom "page-1" → 20 elements, next "page-2"`, or `bottom "page-1" → failed: …`.
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
