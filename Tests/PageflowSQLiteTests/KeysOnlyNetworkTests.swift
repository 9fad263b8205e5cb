import Pageflow
import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// A network that speaks only keys gets keys for every request the layered loader sends it: an
/// `.around` anchor named by id is sent as the key of the row the store holds under that id, for a
/// jump as for a refresh in place, so a refresh in place revalidates against it.
struct KeysOnlyNetworkTests {
  let folder: TemporaryFolder
  let store: SQLitePageStore<Note>
  let network = SimulatedNetwork(notes: 100, pageSize: 10, acceptsIDs: false)
  let loader: LayeredPageLoader<Note>

  init() throws {
    folder = try TemporaryFolder()
    store = try SQLitePageStore<Note>(path: folder.path())
    loader = LayeredPageLoader(store: store, pageSize: 10) { [network] in try network.page($0) }
  }

  func after(_ id: Int64) throws -> PageRequest {
    PageRequest(direction: .bottom, cursor: try PaginationCursor(key: Note(id).key))
  }

  @Test func aRefreshInPlaceRevalidatesThroughANetworkThatSpeaksOnlyKeys() async throws {
    _ = try await loader.loadPage(PageRequest(.first))
    _ = try await loader.loadPage(try after(9))
    network.change { $0.put(Note(12, text: "edited")) }
    let refreshed = try await loader.loadPage(PageRequest(.around("12"), isRefresh: true))
    #expect(!refreshed.isStale)
    #expect(refreshed.elements.map(\.id) == Array(7..<17))
    #expect(refreshed.elements.first { $0.id == 12 }?.text == "edited")
    #expect(network.requests.last?.position == .around(try PaginationCursor(key: Note(12).key)))
    #expect(loader.statistics.networkFailures == 0)
    // The store holds the edit too.
    #expect(
      try store.page(at: .around(PaginationCursor(key: Note(12).key)), limit: 1, in: "list")?.records.first?.text
        == "edited")
  }

  @Test func everyRequestTheNetworkGetsCarriesAKey() async throws {
    _ = try await loader.loadPage(PageRequest(.first))
    _ = try await loader.loadPage(PageRequest(.around("5"), isRefresh: true))
    _ = try await loader.loadPage(try after(9))
    _ = try await loader.loadPage(PageRequest(.last))
    #expect(loader.statistics.networkFailures == 0)
    #expect(network.requests.count == 4)
    #expect(network.requests.allSatisfy { $0.position.cursor.map { (try? $0.decode(Note.Key.self)) != nil } ?? true })
  }

  /// An id the store does not hold can only go to the network as the id, which this network
  /// refuses: the load fails as the network failed.
  @Test func anIdTheStoreDoesNotHoldReachesTheNetworkAsTheId() async throws {
    await #expect(throws: SimulatedNetwork.NotAKey(cursor: "55")) {
      try await loader.loadPage(PageRequest(.around("55")))
    }
  }
}
