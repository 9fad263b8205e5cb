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

  func loader(preloadPages: Int = 0) -> LayeredPageLoader<Note> {
    LayeredPageLoader(store: store, pageSize: 10, preloadPages: preloadPages) { [network] in try network.page($0) }
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

  /// The whole story through a list: online, the pages land in the store; offline, the list keeps
  /// paging through what the store holds, stops at what it does not, and a refresh shows the
  /// stored page as stale; back online, the retry fills the gap.
  @Test func aListPagesThroughTheStoreOfflineAndFillsTheGapBackOnline() async throws {
    let loader = loader()
    let first = try await loader.loadPage(PageRequest(.first))
    let list = try #require(PaginationFeature<Note>.State(selectingFirstOf: first.elements, next: first.next))
    let store = TestStore(initialState: list) { PaginationFeature<Note>(loadPage: loader.loadPage) }
    store.exhaustivity = .off

    // Online: two more pages, from the network into the store.
    for _ in 0..<2 {
      await store.send(.loadPage(.bottom))
      await store.receive(case: { .pageResponse($0) })
    }
    #expect(store.state.elements.count == 30)
    let online = network.requests.count

    // Offline: the list opens at the start again and pages from disk.
    network.isOffline = true
    await store.send(.jump(to: .element(25)))  // in the window: only selects
    await store.send(.refreshFromStart)
    await store.receive(case: { .pageResponse($0) })
    #expect(store.state.isStale)
    #expect(store.state.elements.map(\.id) == Array(0..<10))
    for _ in 0..<2 {
      await store.send(.loadPage(.bottom))
      await store.receive(case: { .pageResponse($0) })
    }
    #expect(store.state.elements.map(\.id) == Array(0..<30))
    #expect(network.requests.count == online + 1)  // only the refresh tried the network

    // Past the store: the edge fails, retryably.
    await store.send(.loadPage(.bottom))
    await store.receive(case: { .pageResponse($0) })
    #expect(store.state.endStatus.isFailed)

    // Back online: the retry fills the gap, and the store keeps it.
    network.isOffline = false
    await store.send(.retry(.bottom))
    await store.receive(case: { .pageResponse($0) })
    #expect(store.state.elements.map(\.id) == Array(0..<40))
    #expect(try self.store.ranges(in: "list").count == 1)
    await store.finish()
  }
}
