/// Paginates a list of `Element`s in four directions, with a selection and a context, over a window
/// that can open anywhere in the list, stay bounded, and refresh in place.
///
/// ```swift
/// PaginationFeature<Message> { request in
///   let response = try await api.messages(after: request.cursor)
///   return Page(next: response.nextPage, elements: response.messages)
/// }
/// ```
///
/// Each edge of the window loads independently (``State/startStatus``, ``State/endStatus``), with
/// one request in flight per edge; triggers are safe to fire repeatedly; answers that no longer
/// apply (after a refresh, reset, jump or cancel) are dropped; duplicate ids keep their first copy; a
/// loader that returns empty pages or repeats a cursor cannot make the list loop.
public struct PaginationFeature<Element: Identifiable & Sendable>: Reducer, Sendable where Element.ID: Sendable {
  /// The page loader type: an async closure from a request to a page.
  ///
  /// It keeps its own isolation (`@isolated(any)`): a plain closure runs off the main actor, as
  /// network and decoding work should; a `@MainActor` closure (like `ControllablePageLoader`'s) runs
  /// on the main actor without a hop, which makes concurrent loads in tests land in a fixed order.
  public typealias LoadPage = @isolated(any) @Sendable (PageRequest) async throws -> Page
  /// This feature's page type.
  public typealias Page = Pageflow.Page<Element>

  @usableFromInline let loadPage: LoadPage
  @usableFromInline var rules: Rules
  @usableFromInline var timeout: Timeout?
  /// Waits for a duration on the feature's clock: the delay of a scheduled retry.
  @usableFromInline var sleep: @Sendable (Duration) async throws -> Void

  /// How far from an edge (in elements) ``Action/elementAppeared(_:)`` starts loading the next page;
  /// nil (the default) for one page: the size of the largest page received so far. Negative values
  /// count as zero.
  public var prefetchDistance: Int? {
    get { rules.prefetchDistance }
    set { rules.prefetchDistance = newValue.map { Swift.max(0, $0) } }
  }

  /// How many pages in a row may bring no new element before an edge is declared reached (at least 1).
  public var maxConsecutiveEmptyPages: Int {
    get { rules.maxEmptyPages }
    set { rules.maxEmptyPages = Swift.max(1, newValue) }
  }

  /// The most elements the window holds before it evicts pages far from the last visible element and
  /// the selection; nil (the default) for no limit. At least 1.
  ///
  /// After every action the window holds at most `max(maxElements, 3 × p + 2 × d)` elements (`p`
  /// the largest page received, `d` the prefetch distance, or with adaptive ``loadSize`` the most it
  /// may grow to, a fifth of `maxElements` at most): exactly `maxElements` once
  /// ``validateWindow(pageSize:)`` passes; only the page holding the element on screen and pages no
  /// cursor could load again are kept beyond it. A debug build warns once when it is too small, and
  /// when such pages hold the window over it (a loader that drops its `previous` or `next` cursors).
  public var maxElements: Int? {
    get { rules.maxElements }
    set { rules.maxElements = newValue.map { Swift.max(1, $0) } }
  }

  /// The sort order that ``InsertionPoint/sorted`` inserts by.
  public var areInIncreasingOrder: (@Sendable (Element, Element) -> Bool)? {
    get { rules.areInIncreasingOrder }
    set { rules.areInIncreasingOrder = newValue }
  }

  /// When a failed load is tried again on its own (``RetryPolicy/default``: 3 times, transient
  /// errors only); ``RetryPolicy/never`` leaves every retry to the user. The delays run on the
  /// feature's clock.
  public var retry: RetryPolicy {
    get { rules.retry }
    set { rules.retry = newValue }
  }

  /// How many elements a request asks for (``PageRequest/count``): by default
  /// ``LoadSize/adaptive(maxCount:)``, what the measured scroll needs per round trip, at least the
  /// page size seen and at most 200; ``LoadSize/fixed`` for always the page size. The scroll and the
  /// latency are measured on the feature's clock.
  public var loadSize: LoadSize {
    get { rules.loadSize }
    set { rules.loadSize = newValue }
  }

  /// How an element is named to the loader in an ``PageRequest/Position/around(_:)`` request (a
  /// jump to it, or a refresh in place around it). By default, the id's description: `"42"`.
  public var anchorCursor: @Sendable (Element.ID) -> PaginationCursor {
    get { rules.anchorCursor }
    set { rules.anchorCursor = newValue }
  }

  /// How a place `rows` rows after an element (before it when negative) is named to the loader in
  /// an ``PageRequest/Position/around(_:)`` request: a fling's landing beyond what one request
  /// reaches, which skips the rows between. Nil (the default) when the loader cannot find such a
  /// place: a far landing then loads toward it in the largest request instead.
  ///
  /// The sign follows the list's order: positive is after the element, toward the end of the list
  /// (`.bottom`, `.trailing`: the way `elements` grows), negative before it, toward the start. The
  /// loader answers the `.around` request with the place's row in the middle of the page, about
  /// half the ``PageRequest/count`` before it, as it answers a jump.
  ///
  /// ```swift
  /// feature.offsetCursor = { id, rows in PaginationCursor("\(id)+\(rows)") }  // the loader reads "42+5000"
  /// // …and answers `.around("42+5000")` with the rows 5,000 after element 42, that row in the middle.
  /// ```
  public var offsetCursor: (@Sendable (Element.ID, Int) -> PaginationCursor)? {
    get { rules.offsetCursor }
    set { rules.offsetCursor = newValue }
  }

  /// The settings the transitions read.
  @usableFromInline
  struct Rules: Sendable {
    @usableFromInline var prefetchDistance: Int?
    @usableFromInline var maxEmptyPages: Int
    @usableFromInline var maxElements: Int?
    @usableFromInline var areInIncreasingOrder: (@Sendable (Element, Element) -> Bool)?
    @usableFromInline var anchorCursor: @Sendable (Element.ID) -> PaginationCursor
    @usableFromInline var offsetCursor: (@Sendable (Element.ID, Int) -> PaginationCursor)?
    @usableFromInline var retry: RetryPolicy
    @usableFromInline var loadSize = LoadSize.adaptive()
    /// The clock the scroll and the latency are measured on.
    @usableFromInline var clock = FeatureClock.continuous
  }

  /// A page-load timeout on a clock.
  @usableFromInline
  struct Timeout: Sendable {
    @usableFromInline let duration: Duration
    /// Returns a sleep that ends `duration` after the moment it was made.
    @usableFromInline let makeSleep: @Sendable () -> @Sendable () async throws -> Void
  }

  /// A feature that loads pages through `loadPage`.
  ///
  /// - Parameters:
  ///   - prefetchDistance: how far from an edge a visible element triggers the next page; nil (the
  ///     default) for one page, the size of the largest page received.
  ///   - maxConsecutiveEmptyPages: how many pages without new elements to follow before giving up
  ///     (default 3).
  ///   - maxElements: the most elements the window holds; nil (the default) for no limit.
  ///   - areInIncreasingOrder: the order of the list, for ``InsertionPoint/sorted`` live inserts.
  ///   - anchorCursor: how an element is named in an `.around` request; by default its id's
  ///     description.
  ///   - offsetCursor: how a place some rows from an element is named in an `.around` request, for
  ///     a fling's landing beyond reach; nil (the default) when the loader cannot skip.
  ///   - retry: when a failed load is tried again on its own (by default 3 times, transient
  ///     errors only), with delays on the continuous clock.
  ///   - loadPage: loads the page a ``PageRequest`` asks for.
  public init(
    prefetchDistance: Int? = nil,
    maxConsecutiveEmptyPages: Int = 3,
    maxElements: Int? = nil,
    areInIncreasingOrder: (@Sendable (Element, Element) -> Bool)? = nil,
    anchorCursor: @escaping @Sendable (Element.ID) -> PaginationCursor = { PaginationCursor(String(describing: $0)) },
    offsetCursor: (@Sendable (Element.ID, Int) -> PaginationCursor)? = nil,
    retry: RetryPolicy = .default,
    loadPage: @escaping LoadPage
  ) {
    self.loadPage = loadPage
    self.rules = Rules(
      prefetchDistance: nil, maxEmptyPages: 1, maxElements: nil, areInIncreasingOrder: areInIncreasingOrder,
      anchorCursor: anchorCursor, offsetCursor: offsetCursor, retry: retry)
    self.timeout = nil
    self.sleep = FeatureClock.continuous.sleep
    self.prefetchDistance = prefetchDistance
    self.maxConsecutiveEmptyPages = maxConsecutiveEmptyPages
    self.maxElements = maxElements
  }

  /// A feature that runs on `clock`: page loads fail with ``PaginationError/timedOut(after:)`` when
  /// it has moved `timeout` past the request (nil: no timeout), the delays of `retry` pass on it, and
  /// adaptive load sizes (``loadSize``) measure the scroll and the latency on it (use a test clock
  /// to test them without waiting).
  public init<C: Clock>(
    prefetchDistance: Int? = nil,
    maxConsecutiveEmptyPages: Int = 3,
    maxElements: Int? = nil,
    areInIncreasingOrder: (@Sendable (Element, Element) -> Bool)? = nil,
    anchorCursor: @escaping @Sendable (Element.ID) -> PaginationCursor = { PaginationCursor(String(describing: $0)) },
    offsetCursor: (@Sendable (Element.ID, Int) -> PaginationCursor)? = nil,
    timeout: Duration? = nil,
    retry: RetryPolicy = .default,
    clock: C,
    loadPage: @escaping LoadPage
  ) where C.Duration == Duration {
    self.init(
      prefetchDistance: prefetchDistance, maxConsecutiveEmptyPages: maxConsecutiveEmptyPages,
      maxElements: maxElements, areInIncreasingOrder: areInIncreasingOrder, anchorCursor: anchorCursor,
      offsetCursor: offsetCursor, retry: retry, loadPage: loadPage)
    self.rules.clock = FeatureClock(clock)
    self.sleep = rules.clock.sleep
    guard let timeout else { return }
    self.timeout = Timeout(duration: timeout) {
      let deadline = clock.now.advanced(by: timeout.clampedToLongestSleep)
      return { try await clock.sleep(until: deadline, tolerance: nil) }
    }
  }

  /// Checks that ``maxElements`` can hold what a scroll needs with pages of `pageSize`: the pages
  /// around the visible element out to the prefetch distance on both sides, and the page being
  /// loaded, `3 × pageSize + 2 × prefetchDistance`. Below that, the window would evict pages the user
  /// is about to scroll into and load them again; the feature then keeps those pages anyway and
  /// holds up to that need. Without a limit there is nothing to check; any `pageSize` (below 1
  /// counts as 1) gets an answer.
  ///
  /// ```swift
  /// let feature = PaginationFeature<Message>(maxElements: 500) { request in try await api.page(request) }
  /// try feature.validateWindow(pageSize: 50)  // throws, with the reason, below 250
  /// ```
  public func validateWindow(pageSize: Int) throws(PaginationError) {
    guard let maxElements else { return }
    let pageSize = Swift.max(1, pageSize)
    let prefetch = prefetchDistance ?? pageSize
    let needed = State.scrollNeed(page: pageSize, prefetch: prefetch)
    guard maxElements >= needed else {
      throw .invalidConfiguration(
        "maxElements \(maxElements) is below what a scroll needs with pages of \(pageSize) and a prefetch "
          + "distance of \(prefetch): 3 pages plus the prefetch distance on both sides, \(needed) elements. "
          + "A smaller window would evict pages the user is about to scroll into and load them again.")
    }
  }

  /// Applies one action; see ``Action`` for what each does.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let commands = state.apply(action, rules: rules)
    switch commands.count {
    case 0: return .none
    case 1: return effect(for: commands[0], state: state)
    default: return .merge(commands.map { effect(for: $0, state: state) })
    }
  }

  @inlinable
  func effect(for command: Command, state: State) -> Effect<Action> {
    switch command {
    case .load(let request):
      return load(request, generation: state.generation)
    case .loadLanding(let request):
      return load(request, generation: state.generation, slot: .landing)
    case .cancel(let slot):
      return Effect(.cancel(id: slot.cancelID))
    case .scheduleRetry(let slot, let delay):
      let sleep = self.sleep
      return .run { send in
        try await sleep(delay)
        send(.retryTimerFired(slot))
      }
      .cancellable(id: RetryTimer(slot), cancelInFlight: true)
    case .cancelRetry(let slot):
      return .cancel(id: RetryTimer(slot))
    case .didSelect(let element):
      return .send(.delegate(.didSelect(element)))
    case .didUpdate:
      return .send(.delegate(.didUpdate(context: state.context, pages: state.pages)))
    case .didEvict(let edge, let count):
      return .send(.delegate(.didEvict(edge, count: count)))
    }
  }

  /// Loads `request` in `slot` (nil: the slot the request's position and direction say).
  @inlinable
  func load(_ request: PageRequest, generation: UInt64, slot: LoadSlot? = nil) -> Effect<Action> {
    let loadPage = self.loadPage
    let timeout = self.timeout.map { ($0.duration, $0.makeSleep()) }
    let load = Effect<Action>.run { send in
      let respond: @MainActor @Sendable (Result<Page, any Error>) -> Void = { result in
        guard !Task.isCancelled else { return }
        send(
          .pageResponse(PageResponse(request: request, result: result.mapError(LoadError.init), generation: generation))
        )
      }
      if let (duration, sleep) = timeout {
        await withTimeout(duration, sleep: sleep, operation: { try await loadPage(request) }, deliver: respond)
      } else {
        do {
          respond(.success(try await loadPage(request)))
        } catch {
          respond(.failure(error))
        }
      }
    }
    return Effect(.cancellable(load, id: (slot ?? LoadSlot(request)).cancelID, cancelInFlight: true))
  }
}

/// Where a load runs, one at a time each: the start edge, the end edge, or a reload of the window.
/// Also the cancellation id of the loads of one list (made unique per list by where the list sits
/// in its store).
@usableFromInline
enum LoadSlot: Hashable, Sendable {
  case start
  case end
  case reload
  /// The page a scroll lands on, loaded beside the window, which replaces it when it arrives.
  case landing

  /// The slot a request loads in.
  @inlinable
  init(_ request: PageRequest) {
    if request.position.replacesWindow {
      self = .reload
    } else {
      self = request.direction.edge == .start ? .start : .end
    }
  }

  /// The slot of an edge.
  @inlinable
  init(_ edge: PaginationEdge) { self = edge == .start ? .start : .end }

  /// The slot as a cancellation id, made once: an `AnyHashable` made for every load would cast and
  /// look up type metadata each time, a twentieth of what taking in a page costs.
  @inlinable
  var cancelID: AnyHashable {
    switch self {
    case .start: Self.startID
    case .end: Self.endID
    case .reload: Self.reloadID
    case .landing: Self.landingID
    }
  }

  // Each wraps an immutable, Sendable slot (AnyHashable itself is not Sendable): safe to share.
  @usableFromInline nonisolated(unsafe) static let startID = AnyHashable(LoadSlot.start)
  @usableFromInline nonisolated(unsafe) static let endID = AnyHashable(LoadSlot.end)
  @usableFromInline nonisolated(unsafe) static let reloadID = AnyHashable(LoadSlot.reload)
  @usableFromInline nonisolated(unsafe) static let landingID = AnyHashable(LoadSlot.landing)
}
