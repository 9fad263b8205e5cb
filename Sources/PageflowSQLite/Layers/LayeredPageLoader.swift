import Pageflow

/// A page loader in layers: the on-device store first, then the network where the store has a gap
/// or does not hold the page; what the network answers is written to the store with the stretch it
/// covers. Give its ``loadPage(_:)`` to `PaginationFeature`: the window in memory is the first
/// layer, and each page it asks for comes from disk in microseconds when the store holds it.
///
/// ```swift
/// let loader = LayeredPageLoader(store: store, pageSize: 50, list: { _ in "general" }) { request in
///   try await api.messages(request)  // cursors are `PaginationCursor(key:)` of `Message.Key`
/// }
/// PaginationFeature<Message>(loadPage: loader.loadPage)
/// ```
///
/// - **The size of a page** is the request's `PageRequest.count` (what `PaginationFeature` asks
///   for: the page size, or more for a fast scroll), else `pageSize`: the store reads that many rows,
///   and the network gets the request with its count, to pass on as its limit.
/// - **Paging, jumps and resets** (`request.isRefresh == false`) read the store first: a page inside
///   a known stretch comes from disk (shorter where the stretch ends at a gap; the next page then
///   starts in the gap and goes to the network).
/// - **Refreshes** ask the network first and update the store, so a refresh revalidates what it
///   shows; so do the next ``revalidatedPages`` pages of that list that the window loads again at
///   its edges as the user scrolls from there (the rest of the window the refresh replaced), until a
///   jump or a reset leaves that stretch.
/// - **Offline**: when the network fails and the store holds the page, the store answers and the
///   page says it may be out of date (`Page.isStale`, shown by the list's `isStale`); when neither
///   has it, the load fails and the edge can retry, as without a store.
/// - **Preloading**: with `preloadPages`, after each page the loader fetches up to that many pages
///   further in the same direction into the store while no other network request is in flight.
/// - **Known offline** (``isOnline`` false, set from the app's reachability monitor): the network
///   is not asked at all. The store answers what it holds (a refresh or a revalidated page marked
///   stale, since nothing could revalidate it), and a page it does not hold fails at once with
///   ``NetworkUnavailable``, which a retry policy holds until the network is back.
///
/// The network speaks the store's keys: the cursors it gets and gives are `PaginationCursor(key:)`
/// of `Record.Key`. An `.around` request names its element by id, as `PaginationFeature` does (its
/// default `anchorCursor` is the id's description), and never by key, so that an id whose text
/// happens to read as a key still names its element: the loader looks the id up in the store and
/// gives the store, and the network, that row's key (`.around(PaginationCursor(key:))`), for a
/// jump as for a refresh in place. Only an id the store does not hold reaches the network as the
/// id.
///
/// - **A store that fails** never costs a page: a page the disk cannot read (a row that does not
///   decode, a key no cursor can carry, a damaged file) is asked of the network, and a network page
///   the store cannot keep (a full disk, a busy file) is shown all the same. Each failure is
///   counted (``Statistics/diskFailures``) and kept (``lastDiskError``). A network page the store
///   refuses (``SQLitePageStoreError/rejectedPage(_:)``: out of order, a value that does not fit
///   its column) fails the load: the network broke its contract.
public final class LayeredPageLoader<Record: SQLiteRecord>: Sendable {
  /// The network layer: loads the page a request asks for from the source of truth.
  public typealias Network = @Sendable (PageRequest) async throws -> Page<Record>

  /// What the loader has done so far, for a status line or a test.
  public struct Statistics: Equatable, Sendable {
    /// Pages answered from the store.
    public var diskPages = 0
    /// Requests sent to the network (preloads included).
    public var networkRequests = 0
    /// Network requests that failed.
    public var networkFailures = 0
    /// Pages answered from the store because the network failed.
    public var stalePages = 0
    /// Pages fetched ahead into the store.
    public var preloadedPages = 0
    /// Reads and writes of the store that failed (the network answered instead, or its page was
    /// shown without being kept).
    public var diskFailures = 0

    /// Counts to compare with (a test's expectation).
    public init(
      diskPages: Int = 0, networkRequests: Int = 0, networkFailures: Int = 0, stalePages: Int = 0,
      preloadedPages: Int = 0, diskFailures: Int = 0
    ) {
      self.diskPages = diskPages
      self.networkRequests = networkRequests
      self.networkFailures = networkFailures
      self.stalePages = stalePages
      self.preloadedPages = preloadedPages
      self.diskFailures = diskFailures
    }
  }

  private struct Book {
    var statistics = Statistics()
    /// Network requests of pages the list asked for, in flight.
    var foreground = 0
    /// The preload in flight, and the request it preloads after.
    var preload: Task<Void, Never>?
    /// For each list refreshed lately, how many more of its edge pages go to the network first.
    var revalidating: [String: Int] = [:]
    /// The last failure of the store.
    var lastDiskError: (any Error)?
    /// Whether the network may be asked.
    var isOnline = true
  }

  /// The on-device store.
  public let store: SQLitePageStore<Record>
  /// How many records a page holds when the request does not say (`PageRequest.count` is nil): a
  /// request's count is read from the store in one keyset query of that many rows, and passed on to
  /// the network with the request.
  public let pageSize: Int
  /// How many pages to fetch ahead into the store after each page (0: none).
  public let preloadPages: Int
  /// How many edge pages after a refresh are fetched from the network first, like the refresh
  /// itself, instead of read from the store: the pages of the window the refresh replaced, loaded
  /// again as the user scrolls (`maxElements / pageSize` covers a whole window).
  public let revalidatedPages: Int
  private let list: @Sendable (PageRequest) -> String
  private let network: Network
  private let book = Lock(Book())

  /// A loader over `store` and `network`, with pages of `pageSize` records; `list` names the list
  /// a request belongs to (a channel, a filter: read it from `request.context`).
  public init(
    store: SQLitePageStore<Record>,
    pageSize: Int,
    preloadPages: Int = 0,
    revalidatedPages: Int = 10,
    list: @escaping @Sendable (PageRequest) -> String = { _ in "list" },
    network: @escaping Network
  ) {
    self.store = store
    self.pageSize = max(1, pageSize)
    self.preloadPages = max(0, preloadPages)
    self.revalidatedPages = max(0, revalidatedPages)
    self.list = list
    self.network = network
  }

  /// What the loader has done so far.
  public var statistics: Statistics { book.withLock { $0.statistics } }

  /// Whether the loader asks the network (true, the default) or, told that the device is offline,
  /// answers from the store alone. Set it from the app's reachability monitor, as the features are
  /// told with `connectivityChanged(isOnline:)`.
  public var isOnline: Bool {
    get { book.withLock { $0.isOnline } }
    set {
      book.withLock { $0.isOnline = newValue }
      if !newValue { cancelPreloading() }
    }
  }

  /// The store's last failure, if any (``SQLitePageStoreError/needsRebuild(_:)`` says the file is
  /// to be rebuilt, for instance at the next launch).
  public var lastDiskError: (any Error)? { book.withLock { $0.lastDiskError } }

  /// Loads the page `request` asks for: from the store, or from the network (and then into the
  /// store), or from the store marked stale when the network fails.
  public func loadPage(_ request: PageRequest) async throws -> Page<Record> {
    let list = self.list(request)
    let position = keyed(request.position, in: list)
    let networkFirst = asksNetworkFirst(request, in: list)
    let limit = request.count ?? pageSize
    guard isOnline else { return try offlinePage(at: position, limit: limit, in: list, revalidating: networkFirst) }
    if !networkFirst, let position, let stored = storedPage(at: position, limit: limit, in: list) {
      count { $0.statistics.diskPages += 1 }
      preload(after: request, page: stored.page)
      return stored.page
    }
    do {
      // An `.around` id the store does not hold goes to the network as the id, and its page is
      // written as a page whose stretch is its records alone (as a first page with more before it).
      let page = try await fetch(
        request.with(position: position ?? request.position), writingAt: position ?? .first, in: list, foreground: true)
      preload(after: request, page: page)
      return page
    } catch {
      guard !(error is CancellationError), let position,
        var stale = storedPage(at: position, limit: limit, in: list)?.page
      else { throw error }
      count { $0.statistics.stalePages += 1 }
      stale.isStale = true
      return stale
    }
  }

  /// The store's page at `position` while offline, marked stale when it should have been
  /// revalidated; ``NetworkUnavailable`` when the store does not hold it.
  private func offlinePage(
    at position: PageRequest.Position?, limit: Int, in list: String, revalidating: Bool
  ) throws -> Page<Record> {
    guard let position, var page = storedPage(at: position, limit: limit, in: list)?.page else {
      throw NetworkUnavailable()
    }
    count {
      $0.statistics.diskPages += 1
      if revalidating { $0.statistics.stalePages += 1 }
    }
    if revalidating { page.isStale = true }
    return page
  }

  /// Waits for the preload in flight, if any (for tests, and for an app about to go offline).
  public func waitForPreloading() async {
    await book.withLock { $0.preload }?.value
  }

  /// Cancels the preload in flight.
  public func cancelPreloading() {
    book.withLock { $0.preload }?.cancel()
  }

  // MARK: - Layers

  /// Whether `request` goes to the network before the store: a refresh, which starts the count of
  /// ``revalidatedPages``, and the edge pages it counts down; a jump or a reset ends the count.
  private func asksNetworkFirst(_ request: PageRequest, in list: String) -> Bool {
    book.withLock { book in
      if request.isRefresh {
        book.revalidating[list] = revalidatedPages
        return true
      }
      guard !request.position.replacesWindow else {
        book.revalidating[list] = nil
        return false
      }
      guard let remaining = book.revalidating[list], remaining > 0 else { return false }
      book.revalidating[list] = remaining > 1 ? remaining - 1 : nil
      return true
    }
  }

  /// Asks the network for `request`, whose cursor is a key or (an `.around` anchor the store does
  /// not hold) an id, and writes its answer to the store at `position`, in one transaction with its
  /// stretch.
  private func fetch(
    _ request: PageRequest, writingAt position: PageRequest.Position, in list: String, foreground: Bool
  ) async throws -> Page<Record> {
    count {
      $0.statistics.networkRequests += 1
      if foreground { $0.foreground += 1 }
    }
    defer { if foreground { count { $0.foreground -= 1 } } }
    let page: Page<Record>
    do {
      page = try await network(request)
    } catch {
      count { $0.statistics.networkFailures += 1 }
      throw error
    }
    do {
      try store.write(page, at: position, in: list)
    } catch let error as SQLitePageStoreError {
      guard case .needsRebuild = error else { throw error }
      recordDiskFailure(error)
    } catch {
      recordDiskFailure(error)
    }
    return page
  }

  /// `position` with its `.around` anchor, an element's id, replaced by the key of the row the
  /// store holds under that id; nil when the store holds none (or cannot be read), so that only
  /// the network can answer. Other positions carry keys already.
  private func keyed(_ position: PageRequest.Position, in list: String) -> PageRequest.Position? {
    guard case .around(let anchor) = position else { return position }
    do {
      guard let key = try store.key(ofIDText: anchor.rawValue, in: list) else { return nil }
      return .around(try PaginationCursor(key: key))
    } catch {
      recordDiskFailure(error)
      return nil
    }
  }

  /// The page of up to `limit` records at `position` from the store, or nil when it does not hold it
  /// or cannot read it.
  private func storedPage(at position: PageRequest.Position, limit: Int, in list: String) -> StoredPage<Record>? {
    do {
      return try store.page(at: position, limit: limit, in: list)
    } catch {
      recordDiskFailure(error)
      return nil
    }
  }

  private func recordDiskFailure(_ error: any Error) {
    count {
      $0.statistics.diskFailures += 1
      $0.lastDiskError = error
    }
  }

  // MARK: - Preloading

  /// Starts fetching up to ``preloadPages`` pages beyond `page` into the store, in the direction of
  /// `request`, unless a preload is already running.
  private func preload(after request: PageRequest, page: Page<Record>) {
    guard preloadPages > 0 else { return }
    let forward: Bool
    switch request.position {
    case .before, .last: forward = false
    case .after, .first, .around: forward = true
    }
    guard let cursor = forward ? page.next : page.previous else { return }
    let list = self.list(request)
    let direction: PaginationDirection = forward ? .bottom : .top
    let first = PageRequest(direction: direction, context: request.context, cursor: cursor, count: request.count)
    book.withLock { state in
      guard state.preload == nil else { return }
      state.preload = Task { [self] in
        await self.preload(from: first, in: list, pages: self.preloadPages)
        self.book.withLock { $0.preload = nil }
      }
    }
  }

  /// Fetches pages from `request` on into the store while the network is idle, skipping what the
  /// store already holds.
  private func preload(from request: PageRequest, in list: String, pages: Int) async {
    var request = request
    for _ in 0..<pages {
      guard !Task.isCancelled, book.withLock({ $0.foreground == 0 && $0.isOnline }) else { return }
      let page: Page<Record>
      if let stored = storedPage(at: request.position, limit: request.count ?? pageSize, in: list), stored.isComplete {
        page = stored.page
      } else {
        guard let fetched = try? await fetch(request, writingAt: request.position, in: list, foreground: false)
        else { return }
        count { $0.statistics.preloadedPages += 1 }
        page = fetched
      }
      let forward = request.direction.edge == .end
      guard let cursor = forward ? page.next : page.previous else { return }
      request = PageRequest(
        direction: request.direction, context: request.context, cursor: cursor, count: request.count)
    }
  }

  private func count(_ change: (inout Book) -> Void) {
    book.withLock { change(&$0) }
  }
}
