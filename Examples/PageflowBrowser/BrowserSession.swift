import Foundation
import Pageflow
import PageflowSQLite

/// The browser put together: the server's database, the simulated network in front of it, the
/// on-device store, the layered loader over both, and a `Store` running ``Browser`` — driven by a
/// terminal or by a script.
@MainActor
public final class BrowserSession {
  /// The command line it runs with.
  public let options: BrowseOptions
  /// The simulated server.
  public let server: MessageServer
  /// The simulated network.
  public let network: SimulatedNetwork
  /// The on-device store.
  public let disk: SQLitePageStore<Message>
  /// Disk first, then the network.
  public let loader: LayeredPageLoader<Message>
  /// The browser.
  public let store: Store<Browser.State, Browser.Action>
  /// How long the first page took, and where it came from.
  private let firstPage = FirstPage()
  /// Whether a key has been pressed (the opening time is shown until then).
  private var pressedAKey = false

  /// Opens (building on first use) the databases that `options` names. `building` hears when the
  /// server's database is built.
  public init(options: BrowseOptions, building: () -> Void = {}) throws {
    self.options = options
    let folder = URL(filePath: options.database).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    server = try MessageServer(
      path: options.database, count: options.messages, rebuild: options.reset, building: building)
    if options.reset || options.cold {
      try SQLiteConnection.removeDatabase(atPath: options.deviceStore)
      try? FileManager.default.removeItem(atPath: options.savedPlace)
    }
    disk = try Self.openDisk(at: options.deviceStore)
    network = SimulatedNetwork(
      server: server, pageSize: options.pageSize, latency: .milliseconds(options.latency),
      failureRate: options.failureRate, seed: options.seed)
    loader = LayeredPageLoader(
      store: disk, pageSize: options.pageSize, preloadPages: options.preload,
      revalidatedPages: max(1, options.maxElements / options.pageSize),
      list: { MessageFilter.of($0).rawValue }, network: network.page)
    let network = network
    let (loader, firstPage) = (loader, firstPage)
    // A fling's landing is named to the server as the message it starts from and the messages it
    // goes: "42+5000".
    let pagination = PaginationFeature<Message>(
      maxElements: options.maxElements,
      offsetCursor: { id, rows in PaginationCursor("\(id)\(rows < 0 ? "" : "+")\(rows)") }
    ) { request in
      try await firstPage.time(loader) { try await loader.loadPage(request) }
    }
    store = Store(
      initialState: Browser.State(size: options.size),
      reducer: Browser(pagination: pagination) { offline in
        network.isOffline = offline
        loader.isOnline = !offline
      })
  }

  /// Opens the channel where the browser last quit, when a saved place can open it; at its newest
  /// message otherwise (a first launch, a place from another filter, a damaged file).
  @discardableResult
  private func start() -> StoreTask {
    guard let data = FileManager.default.contents(atPath: options.savedPlace),
      let place = try? JSONDecoder().decode(PaginationFeature<Message>.Place.self, from: data),
      (try? store.state.list.check(place)) != nil
    else { return store.send(.start) }
    return store.send(.restore(place))
  }

  /// Saves the user's place, for the next launch to open there.
  public func savePlace() {
    guard let place = store.state.list.place, let data = try? JSONEncoder().encode(place) else { return }
    _ = FileManager.default.createFile(atPath: options.savedPlace, contents: data)
  }

  /// The on-device store at `path`; a damaged or foreign file is removed and the store made anew
  /// (it is a cache: the server has everything).
  static func openDisk(at path: String) throws -> SQLitePageStore<Message> {
    do {
      return try SQLitePageStore<Message>(path: path, order: .ascending, rowLimit: 200_000)
    } catch {
      try SQLiteConnection.removeDatabase(atPath: path)
      return try SQLitePageStore<Message>(path: path, order: .ascending, rowLimit: 200_000)
    }
  }

  /// What the layers report now, for the screen.
  public func gauges() -> Gauges {
    let filter = store.state.filter
    let status = (try? disk.status()) ?? SQLitePageStoreStatus(rows: 0, ranges: 0)
    let ranges = (try? disk.ranges(in: filter.rawValue)) ?? []
    let last = Int64(max(0, server.count - 1))
    return Gauges(
      channelMessages: server.count,
      diskPages: status.pages(ofSize: options.pageSize),
      knownRanges: ranges.map { range in
        Self.id(of: range.lower, lower: true, last: last)...Self.id(of: range.upper, lower: false, last: last)
      }.filter { !$0.isEmpty },
      network: network.counters,
      opening: pressedAKey ? nil : firstPage.description)
  }

  /// The message id a bound of a known range stands for.
  static func id(of bound: KeyRange<Message.Key>.Bound, lower: Bool, last: Int64) -> Int64 {
    switch bound {
    case .open: lower ? 0 : last
    case .included(let key): key.second
    case .excluded(let key): lower ? key.second + 1 : key.second - 1
    }
  }

  /// The current screen.
  public func screen(frame: Int = 0) -> Screen {
    Screen(state: store.state, gauges: gauges(), frame: frame)
  }

  /// Runs `keys` with every load answered before the next key, and returns the final screen.
  public func run(script keys: [Key]) async -> Screen {
    await start().finish()
    await loader.waitForPreloading()
    for key in keys {
      // Quitting shows the screen it quit on: the opening time stays until another key.
      if key != .character("q"), key != .interrupt { pressedAKey = true }
      await store.send(.key(key)).finish()
      await loader.waitForPreloading()
      if store.state.isQuitting {
        savePlace()
        break
      }
    }
    return screen()
  }

  /// Runs the browser in `terminal` until `q` or Ctrl-C; then restores the terminal.
  public func run(in terminal: Terminal) async {
    enum Event { case input([UInt8]), tick }
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    Terminal.readInput { continuation.yield(.input($0)) }
    let ticker = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(80))
        continuation.yield(.tick)
      }
    }
    defer {
      ticker.cancel()
      terminal.restore()
    }
    var size = terminal.size()
    var frame = 0
    var decoder = KeyDecoder()
    store.send(.resized(size))
    start()
    terminal.draw(screen(frame: frame), list: store.state.list)
    for await event in events {
      switch event {
      case .input(let bytes):
        for key in decoder.keys(from: bytes) {
          pressedAKey = true
          store.send(.key(key))
        }
      case .tick:
        frame += 1
        let now = terminal.size()
        if now != size {
          size = now
          store.send(.resized(size))
        }
      }
      if store.state.isQuitting {
        savePlace()
        return
      }
      terminal.draw(screen(frame: frame), list: store.state.list)
    }
  }
}

/// The time the first page took, and whether the disk or the network answered it: what a relaunch
/// shows ("opened from disk in 0.3 ms").
private final class FirstPage: Sendable {
  private let measured = Lock<(duration: Duration, fromDisk: Bool)?>(nil)

  /// Runs `load`, and times it if it is the first page.
  func time<Record>(_ loader: LayeredPageLoader<Record>, _ load: () async throws -> Page<Record>) async throws
    -> Page<Record>
  {
    guard measured.withLock({ $0 == nil }) else { return try await load() }
    let clock = ContinuousClock()
    let (diskPages, start) = (loader.statistics.diskPages, clock.now)
    let page = try await load()
    let duration = start.duration(to: clock.now)
    let fromDisk = loader.statistics.diskPages > diskPages
    measured.withLock { $0 = $0 ?? (duration, fromDisk) }
    return page
  }

  /// `opened from disk in 0.31 ms`, or nil before the first page.
  var description: String? {
    guard let (duration, fromDisk) = measured.withLock({ $0 }) else { return nil }
    let milliseconds = Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    let time = milliseconds < 10 ? String(format: "%.2f", milliseconds) : String(format: "%.0f", milliseconds)
    return "opened from \(fromDisk ? "disk" : "the network") in \(time) ms"
  }
}
