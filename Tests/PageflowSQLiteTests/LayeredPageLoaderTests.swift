import Pageflow
import PageflowSQLite
import PageflowTesting
import Testing
import pageflow_sqlite_writer

/// The layered loader: the store answers what it holds, the network the rest (which the store then
/// keeps), refreshes revalidate, and the store answers, marked stale, when the network is down.
@MainActor
struct LayeredPageLoaderTests {
  let folder: TemporaryFolder
  let store: SQLitePageStore<Note>
  let network = SimulatedNetwork(notes: 100, pageSize: 10)

  init() throws {
    folder = try TemporaryFolder()
    store = try SQLitePageStore<Note>(path: folder.path())
  }

  func loader(preloadPages: Int = 0, revalidatedPages: Int = 10) -> LayeredPageLoader<Note> {
    LayeredPageLoader(store: store, pageSize: 10, preloadPages: preloadPages, revalidatedPages: revalidatedPages) {
      [network] in try network.page($0)
    }
  }

  func after(_ id: Int64) throws -> PageRequest {
    PageRequest(direction: .bottom, cursor: try PaginationCursor(key: Note(id).key))
  }

  @Test func aPageTheStoreHoldsComesFromDiskAndOneItDoesNotFromTheNetwork() async throws {
    let loader = loader()
    let first = try await loader.loadPage(PageRequest(.first))
    #expect(first.elements.map(\.id) == Array(0..<10))
    #expect(loader.statistics.networkRequests == 1)

    let again = try await loader.loadPage(PageRequest(.first))
    #expect(again.elements.map(\.id) == Array(0..<10))
    #expect(loader.statistics.networkRequests == 1)
    #expect(loader.statistics.diskPages == 1)

    let second = try await loader.loadPage(try after(9))
    #expect(second.elements.map(\.id) == Array(10..<20))
    #expect(loader.statistics.networkRequests == 2)
    #expect(try await loader.loadPage(try after(9)).elements.map(\.id) == Array(10..<20))
    #expect(loader.statistics.networkRequests == 2)
  }

  @Test func aRequestedCountIsReadFromTheStoreInOnePageAndPassedToTheNetwork() async throws {
    let loader = loader()
    let first = try await loader.loadPage(PageRequest(.first, count: 30))
    #expect(first.elements.map(\.id) == Array(0..<30))
    #expect(network.requests.map(\.count) == [30])

    // From disk: as many as asked for, whatever the loader's page size.
    let fromDisk = try await loader.loadPage(PageRequest(.first, count: 25))
    #expect(fromDisk.elements.map(\.id) == Array(0..<25))
    #expect(loader.statistics.diskPages == 1)
    #expect(network.requests.count == 1)

    // Without a count, the loader's page size.
    let plain = try await loader.loadPage(try after(29))
    #expect(plain.elements.map(\.id) == Array(30..<40))
    #expect(network.requests.last?.count == nil)

    // After a jump to a known key, still the count asked for.
    let around = try await loader.loadPage(
      PageRequest(direction: .bottom, cursor: try PaginationCursor(key: Note(4).key), count: 3))
    #expect(around.elements.map(\.id) == [5, 6, 7])
  }

  @Test func aRefreshAsksTheNetworkAndUpdatesTheStore() async throws {
    let loader = loader()
    _ = try await loader.loadPage(PageRequest(.first))
    network.change { server in
      server.put(Note(3, text: "edited"))
      server.remove(id: 5)
    }
    let refreshed = try await loader.loadPage(PageRequest(.first, isRefresh: true))
    #expect(refreshed.elements.map(\.id) == [0, 1, 2, 3, 4, 6, 7, 8, 9, 10])
    #expect(refreshed.elements[3].text == "edited")
    // The store now holds what the network said.
    let fromDisk = try await loader.loadPage(PageRequest(.first))
    #expect(fromDisk == refreshed)
    #expect(loader.statistics.networkRequests == 2)
  }

  /// The window held pages 0 to 3; the user refreshes on page 0 and scrolls down again: the pages
  /// the window loads back come from the network too (and update the store), up to
  /// `revalidatedPages`, then from the store.
  @Test func afterARefreshThePagesScrolledBackIntoAreRevalidatedToo() async throws {
    for revalidated in [2, 0] {
      let folder = try TemporaryFolder()
      let store = try SQLitePageStore<Note>(path: folder.path())
      let network = SimulatedNetwork(notes: 100, pageSize: 10)
      let loader = LayeredPageLoader(store: store, pageSize: 10, revalidatedPages: revalidated) { [network] in
        try network.page($0)
      }
      _ = try await loader.loadPage(PageRequest(.first))
      for last in [9, 19, 29] { _ = try await loader.loadPage(try after(Int64(last))) }
      network.change { server in
        for id in [15, 25, 35] { server.put(Note(Int64(id), text: "edited")) }
      }
      _ = try await loader.loadPage(PageRequest(.first, isRefresh: true))
      var texts: [String] = []
      for last in [9, 19, 29] { texts.append(try await loader.loadPage(try after(Int64(last))).elements[5].text) }
      if revalidated == 2 {
        #expect(texts == ["edited", "edited", "note 35"])  // two pages revalidated, the third from disk
        #expect(loader.statistics.networkRequests == 4 + 1 + 2)
      } else {
        #expect(texts == ["note 15", "note 25", "note 35"])  // all from disk, as they were
        #expect(loader.statistics.networkRequests == 4 + 1)
      }
    }
  }

  @Test func aJumpEndsTheRevalidationOfARefresh() async throws {
    let loader = loader()
    _ = try await loader.loadPage(PageRequest(.first))
    _ = try await loader.loadPage(try after(9))
    _ = try await loader.loadPage(PageRequest(.first, isRefresh: true))
    _ = try await loader.loadPage(PageRequest(.around("12")))  // from disk: a jump, not a refresh
    _ = try await loader.loadPage(try after(9))  // the jump left the refreshed stretch: from disk
    #expect(loader.statistics.networkRequests == 3)
  }

  @Test func offlineTheStoreAnswersARefreshAndThePageIsStale() async throws {
    let loader = loader()
    _ = try await loader.loadPage(PageRequest(.first))
    network.isOffline = true
    let stale = try await loader.loadPage(PageRequest(.first, isRefresh: true))
    #expect(stale.isStale)
    #expect(stale.elements.map(\.id) == Array(0..<10))
    #expect(loader.statistics.stalePages == 1)
    #expect(loader.statistics.networkFailures == 1)
    // What neither layer holds fails as it would without a store.
    await #expect(throws: SimulatedNetwork.Offline.self) { try await loader.loadPage(try after(9)) }
  }

  @Test func aJumpToAnIdTheStoreHoldsReadsTheStore() async throws {
    let loader = loader()
    _ = try await loader.loadPage(PageRequest(.first))
    _ = try await loader.loadPage(try after(9))
    let around = try await loader.loadPage(PageRequest(.around("12")))
    #expect(around.elements.map(\.id) == Array(7..<17))
    #expect(loader.statistics.networkRequests == 2)  // from disk
    let far = try await loader.loadPage(PageRequest(.around("55")))
    #expect(far.elements.map(\.id) == Array(50..<60))
    #expect(loader.statistics.networkRequests == 3)
    #expect(try store.ranges(in: "list").count == 2)  // a gap between 20 and 50
  }

  @Test func aPageThatStopsAtAGapIsShorterAndTheNextComesFromTheNetwork() async throws {
    let loader = loader()
    _ = try await loader.loadPage(PageRequest(.around("15")))  // 10…19 on disk
    _ = try await loader.loadPage(PageRequest(.around("35")))  // 30…39 on disk: a gap between
    #expect(try store.ranges(in: "list").count == 2)
    let tail = try await loader.loadPage(try after(14))
    #expect(tail.elements.map(\.id) == Array(15..<20))  // the disk's part, up to the gap
    let requests = network.requests.count
    let gap = try await loader.loadPage(try after(19))
    #expect(gap.elements.map(\.id) == Array(20..<30))
    #expect(network.requests.count == requests + 1)
    // Between 29 and 30 the store cannot know that nothing lies (keys are not counted): the next
    // page asks the network too, and the two stretches become one.
    #expect(try store.ranges(in: "list").count == 2)
    #expect(try await loader.loadPage(try after(29)).elements.map(\.id) == Array(30..<40))
    #expect(network.requests.count == requests + 2)
    #expect(try store.ranges(in: "list").count == 1)
  }

  @Test func preloadingFetchesPagesAheadIntoTheStore() async throws {
    let loader = loader(preloadPages: 3)
    _ = try await loader.loadPage(PageRequest(.first))
    await loader.waitForPreloading()
    #expect(loader.statistics.preloadedPages == 3)
    network.isOffline = true
    var request = try after(9)
    for expected in [10, 20, 30] as [Int64] {
      let page = try await loader.loadPage(request)
      #expect(page.elements.first?.id == expected)
      #expect(!page.isStale)
      request = try after(expected + 9)
    }
  }

  @Test func aNetworkPageOutOfOrderIsRefusedAndNotStored() async throws {
    let loader = LayeredPageLoader(store: store, pageSize: 10) { _ in
      Page(next: try PaginationCursor(key: Note(1).key), elements: [Note(2), Note(1)])
    }
    await #expect(throws: SQLitePageStoreError.self) { try await loader.loadPage(PageRequest(.first)) }
    #expect(try store.status().rows == 0)
  }

  /// The whole story through a list: online, the pages land in the store, in two stretches with a
  /// gap between them; offline, the list keeps paging through what the store holds (a refresh, and
  /// the pages it revalidates, try the network and fall back to the store, marked stale), and stops
  /// at the gap, retryably; back online, the retry fills the gap and the two stretches become one.
  @Test func aListPagesThroughTheStoreOfflineAndFillsTheGapBackOnline() async throws {
    let loader = loader()
    let first = try await loader.loadPage(PageRequest(.first))
    let list = try #require(PaginationFeature<Note>.State(selectingFirstOf: first.elements, next: first.next))
    let store = TestStore(initialState: list) { PaginationFeature<Note>(loadPage: loader.loadPage) }
    store.exhaustivity = .off
    func page(_ action: PaginationFeature<Note>.Action) async {
      await store.send(action)
      await store.receive(case: { .pageResponse($0) })
    }

    // Online: #0…#29, then a jump to #55 and a page down: #50…#69. The store holds two stretches.
    await page(.loadPage(.bottom))
    await page(.loadPage(.bottom))
    await page(.jump(to: .element(55)))
    await page(.loadPage(.bottom))
    #expect(store.state.elements.map(\.id) == Array(50..<70) && store.state.selection == 55)
    #expect(try self.store.ranges(in: "list").count == 2)
    let online = network.requests.count

    // Offline: the list opens at the start again and pages from disk, up to the gap.
    network.isOffline = true
    await page(.refreshFromStart)
    #expect(store.state.elements.map(\.id) == Array(0..<10) && store.state.isStale)
    await page(.loadPage(.bottom))
    await page(.loadPage(.bottom))
    #expect(store.state.elements.map(\.id) == Array(0..<30) && store.state.isStale)
    // The refresh and the two pages it revalidates tried the network, and fell back to the store.
    #expect(network.requests.count == online + 3)
    #expect(loader.statistics.stalePages == 3)
    await page(.loadPage(.bottom))  // #30…: in the gap, and the network is down
    #expect(store.state.endStatus.isFailed && store.state.loadMore(.bottom).retry == .retry(.bottom))
    #expect(store.state.elements.count == 30)

    // Back online: the retry fills the gap; two pages on, the stretches are one.
    network.isOffline = false
    await page(.retry(.bottom))
    await page(.loadPage(.bottom))
    await page(.loadPage(.bottom))
    #expect(store.state.elements.map(\.id) == Array(0..<60))
    #expect(try self.store.ranges(in: "list").count == 1)
    await store.finish()
  }
}
