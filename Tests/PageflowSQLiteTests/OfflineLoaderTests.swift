import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// A layered loader told that the device is offline never asks the network: the store answers
/// what it holds, and a page it does not hold fails at once, with an error a retry policy holds
/// until the network is back.
@MainActor
struct OfflineLoaderTests {
  let folder: TemporaryFolder
  let store: SQLitePageStore<Note>
  let network = SimulatedNetwork(notes: 100, pageSize: 10)

  init() throws {
    folder = try TemporaryFolder()
    store = try SQLitePageStore<Note>(path: folder.path())
  }

  func loader() -> LayeredPageLoader<Note> {
    LayeredPageLoader(store: store, pageSize: 10, preloadPages: 3) { [network] in try network.page($0) }
  }

  @Test func offlineTheStoreAnswersWhatItHoldsAndTheNetworkIsNotAsked() async throws {
    let loader = loader()
    _ = try await loader.loadPage(PageRequest(.first))
    await loader.waitForPreloading()
    let asked = network.requests.count
    loader.isOnline = false

    let first = try await loader.loadPage(PageRequest(.first))
    #expect(first.elements.map(\.id) == Array(0..<10))
    #expect(!first.isStale)  // a page the store holds completely is as good as the network's
    let refreshed = try await loader.loadPage(PageRequest(.first, isRefresh: true))
    #expect(refreshed.elements.map(\.id) == Array(0..<10))
    #expect(refreshed.isStale)  // a refresh that could not revalidate says so
    await #expect(throws: NetworkUnavailable()) {
      try await loader.loadPage(PageRequest(.around("95")))
    }
    #expect(network.requests.count == asked)
    #expect(RetryPolicy.isTransient(LoadError(NetworkUnavailable())))

    loader.isOnline = true
    let around = try await loader.loadPage(PageRequest(.around("95")))
    #expect(around.elements.contains { $0.id == 95 })
    #expect(network.requests.count == asked + 1)
  }

  @Test func aSavedPlaceOpensFromDiskWithNoNetworkRequestWhileOfflineThenRevalidates() async throws {
    let loader = loader()
    _ = try await loader.loadPage(PageRequest(.first))
    await loader.waitForPreloading()  // the store holds notes 0 to 39
    let asked = network.requests.count
    loader.isOnline = false
    var closed = PaginationFeature<Note>.State(selection: 0, elements: [])
    closed.isOffline = true
    let store = Store(initialState: closed) { PaginationFeature<Note>(loadPage: loader.loadPage) }
    let place = PaginationFeature<Note>.Place(anchor: 25, selection: 25, context: NoPaginationContext.none)

    await store.send(.restore(place)).finish()
    #expect(store.state.elements.contains(id: 25) && store.state.selection == 25 && store.state.lastVisible == 25)
    #expect(network.requests.count == asked)  // opened from disk
    #expect(loader.statistics.diskPages >= 1)

    loader.isOnline = true
    await store.send(.connectivityChanged(isOnline: true)).finish()
    #expect(network.requests.dropFirst(asked).first?.isRefresh == true)  // then revalidated (preloads follow)
    #expect(store.state.elements.contains(id: 25) && !store.state.isRefreshing)
  }
}
