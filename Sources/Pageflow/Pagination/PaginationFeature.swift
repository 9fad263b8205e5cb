/// Paginates a list of `Element`s in four directions, with a selection and a context: the feature of
/// seed 004, with the safety app teams need (seeds 000, 002, 003).
///
/// ```swift
/// PaginationFeature<Message> { request in
///   let response = try await api.messages(after: request.cursor)
///   return Page(next: response.nextPage, elements: response.messages)
/// }
/// ```
///
/// Each end of the list loads independently (``State/startStatus``, ``State/endStatus``), with one
/// request in flight per end; triggers are safe to fire repeatedly; answers that no longer apply
/// (after a refresh, reset or cancel) are dropped; duplicate ids keep their first copy; a loader that
/// returns empty pages or repeats a cursor cannot make the list loop.
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
  /// How close to an end (in elements) ``Action/elementAppeared(_:)`` starts loading the next page.
  public var prefetchDistance: Int
  /// How many pages in a row may bring no new element before an end is declared reached.
  public var maxConsecutiveEmptyPages: Int
  /// The sort order that ``InsertionPoint/sorted`` inserts by.
  public var areInIncreasingOrder: (@Sendable (Element, Element) -> Bool)?
  @usableFromInline var timeout: Timeout?

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
  ///   - prefetchDistance: how close to an end a visible element triggers the next page (default 5).
  ///   - maxConsecutiveEmptyPages: how many pages without new elements to follow before giving up
  ///     (default 3).
  ///   - areInIncreasingOrder: the order of the list, for ``InsertionPoint/sorted`` live inserts.
  ///   - loadPage: loads the page a ``PageRequest`` asks for.
  public init(
    prefetchDistance: Int = 5,
    maxConsecutiveEmptyPages: Int = 3,
    areInIncreasingOrder: (@Sendable (Element, Element) -> Bool)? = nil,
    loadPage: @escaping LoadPage
  ) {
    self.loadPage = loadPage
    self.prefetchDistance = max(0, prefetchDistance)
    self.maxConsecutiveEmptyPages = max(1, maxConsecutiveEmptyPages)
    self.areInIncreasingOrder = areInIncreasingOrder
    self.timeout = nil
  }

  /// A feature whose page loads fail with ``PaginationError/timedOut(after:)`` when `clock` has
  /// moved `timeout` past the request (use a test clock to test it without waiting).
  public init<C: Clock>(
    prefetchDistance: Int = 5,
    maxConsecutiveEmptyPages: Int = 3,
    areInIncreasingOrder: (@Sendable (Element, Element) -> Bool)? = nil,
    timeout: Duration,
    clock: C,
    loadPage: @escaping LoadPage
  ) where C.Duration == Duration {
    self.init(
      prefetchDistance: prefetchDistance, maxConsecutiveEmptyPages: maxConsecutiveEmptyPages,
      areInIncreasingOrder: areInIncreasingOrder, loadPage: loadPage)
    self.timeout = Timeout(duration: timeout) {
      let deadline = clock.now.advanced(by: timeout)
      return { try await clock.sleep(until: deadline, tolerance: nil) }
    }
  }

  /// Applies one action; see ``Action`` for what each does.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let commands: [Command]
    switch action {
    case .loadPage(let direction): commands = state.requestPage(direction)
    case .select(let direction): commands = state.select(direction)
    case .selectElement(let id): commands = state.selectElement(id)
    case .elementAppeared(let id): commands = state.elementAppeared(id, prefetchDistance: prefetchDistance)
    case .retry(let direction): commands = state.retry(direction)
    case .cancel(let direction): commands = state.cancel(direction)
    case .refresh: commands = state.refresh()
    case .reset(let context): commands = state.reset(context: context)
    case .insert(let element, let point): commands = state.insert(element, at: point, order: areInIncreasingOrder)
    case .update(let element): commands = state.update(element)
    case .remove(let id): commands = state.remove(id)
    case .pageResponse(let response): commands = state.receive(response, maxEmptyPages: maxConsecutiveEmptyPages)
    case .delegate: commands = []
    }
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
      return load(request, generation: state.generation, instance: state.instance)
    case .cancel(let edge):
      return .cancel(id: LoadID(instance: state.instance, edge: edge))
    case .didSelect(let element):
      return .send(.delegate(.didSelect(element)))
    case .didUpdate:
      return .send(.delegate(.didUpdate(context: state.context, pages: state.pages)))
    }
  }

  @inlinable
  func load(_ request: PageRequest, generation: UInt64, instance: UInt64) -> Effect<Action> {
    let loadPage = self.loadPage
    let timeout = self.timeout.map { ($0.duration, $0.makeSleep()) }
    return .run { send in
      let result: Result<Page, LoadError>
      do {
        if let (duration, sleep) = timeout {
          result = .success(try await withTimeout(duration, sleep: sleep) { try await loadPage(request) })
        } else {
          result = .success(try await loadPage(request))
        }
      } catch {
        guard !Task.isCancelled else { return }
        result = .failure(LoadError(error))
      }
      send(.pageResponse(PageResponse(request: request, result: result, generation: generation)))
    }
    .cancellable(id: LoadID(instance: instance, edge: request.direction.edge), cancelInFlight: true)
  }

  /// The cancellation id of the load at one end of one list.
  @usableFromInline
  struct LoadID: Hashable, Sendable {
    @usableFromInline let instance: UInt64
    @usableFromInline let edge: PaginationEdge

    @inlinable
    init(instance: UInt64, edge: PaginationEdge) {
      self.instance = instance
      self.edge = edge
    }
  }
}
