import Pageflow
import PageflowTesting
import Testing

@testable import PageflowBrowser

/// The browser's keys, driven through a TestStore with a page loader the test answers.
@MainActor
struct BrowserTests {
  typealias List = PaginationFeature<Message>
  let loader = ControllablePageLoader<Message>()
  let offline = OfflineSwitch()

  /// What the browser told the network.
  final class OfflineSwitch: Sendable {
    let isOn = Lock(false)
  }

  func store(_ state: Browser.State) -> TestStore<Browser.State, Browser.Action> {
    let store = TestStore(initialState: state) { [offline] in
      Browser(pagination: List(loadPage: loader.loadPage)) { value in offline.isOn.withLock { $0 = value } }
    }
    store.exhaustivity = .off
    return store
  }

  @Test func theBrowserOpensAtTheNewestMessageWithItsFooterOnScreen() async {
    let store = store(Browser.State())
    await store.send(.start)
    await store.receive(case: { .list(.jump(to: $0)) })
    await loader.waitForRequests(count: 1)
    #expect(loader.requests == [PageRequest(.last, context: MessageFilter.all)])
    loader.respond(to: PageRequest(.last, context: MessageFilter.all), with: samplePage(950..<1_000))
    await store.receive(case: { .list(.pageResponse($0)) })
    #expect(store.state.list.selection == 999)
    // 20 lines: the selection on the last but one, the footer ("end of #general") under it.
    #expect(store.state.selectionRow == 18)
    #expect(Viewport(state: store.state).showsFooter)
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  @Test func theMessagesOnScreenAreReportedSoTheWindowLoadsBeforeTheUserGetsThere() async {
    let store = store(sampleState(samplePage(500..<520), selection: 519))
    await store.send(.key(.character("k")))
    // The screen shows #500 … #519: both ends of the window are within a page of it.
    #expect(store.state.list.lastVisible == 518)
    #expect(store.state.list.startStatus.isLoading && store.state.list.endStatus.isLoading)
    #expect(store.state.stalls == 0)
    store.skipInFlightEffects()
  }

  @Test func aKeyThatRunsIntoAnEdgeBeforeItsPageArrivesCountsAStall() async {
    let store = store(sampleState(samplePage(0..<100), selection: 99))
    await store.send(.key(.down)) { $0.stalls = 1 }
    #expect(store.state.list.endStatus == .loading(PageRequest(.after("after-99"), context: MessageFilter.all)))
    await store.send(.key(.character("j"))) { $0.stalls = 2 }
    await store.send(.key(.up)) { $0.stalls = 2 }  // away from the edge: no stall
    #expect(store.state.list.selection == 98)
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  @Test func anEdgeWhosePageFailedIsNoStallItWaitsForARetry() async {
    var state = sampleState(samplePage(0..<100), selection: 99)
    state.list.endStatus = .failed(LoadError(NetworkFailure.offline), retryable: true)
    let store = store(state)
    await store.send(.key(.down)) { $0.stalls = 0 }
  }

  @Test func theEndOfTheChannelIsNoStall() async {
    let store = store(sampleState(samplePage(900..<1_000), selection: 999))
    await store.send(.key(.down))
    await store.send(.key(.right))
    #expect(store.state.stalls == 0 && store.state.list.selection == 999)
    store.skipReceivedActions()
  }

  /// A fling past an end of the channel that the window holds comes to rest on that end's message:
  /// the selection goes there, and the window stays as it is, with nothing asked of the server.
  @Test(arguments: [Key.character("f"), .character("F")])
  func aFlingPastALoadedEndOfTheChannelSelectsItsLastMessage(key: Key) async {
    let store = store(sampleState(samplePage(0..<1_000), selection: 500))
    await store.send(.key(key))
    #expect(store.state.list.selection == (key == .character("f") ? 999 : 0))
    #expect(store.state.list.elements.count == 1_000)
    #expect(loader.requests.isEmpty)
    store.skipReceivedActions()
  }

  @Test func pageKeysMoveAScreenAtATime() async {
    let store = store(sampleState(samplePage(0..<100), selection: 50))
    await store.send(.key(.pageDown))
    #expect(store.state.list.selection == 69)  // 20 lines: 19 messages on
    await store.send(.key(.pageUp))
    await store.send(.key(.pageUp))
    #expect(store.state.list.selection == 31)
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  @Test func aNumberTypedAfterAColonJumpsToThatMessage() async {
    let store = store(sampleState(samplePage(0..<50), selection: 10))
    await store.send(.key(.character(":"))) { $0.prompt = "" }
    await store.send(.key(.character("7"))) { $0.prompt = "7" }
    await store.send(.key(.character("x"))) { $0.prompt = "7" }  // digits only
    await store.send(.key(.character("q"))) { $0.isQuitting = false }  // typed, not a command
    await store.send(.key(.character("0")))
    await store.send(.key(.backspace)) { $0.prompt = "7" }
    await store.send(.key(.character("0")))
    await store.send(.key(.character("0")))
    await store.send(.key(.enter)) { $0.prompt = nil }
    await store.receive(case: { .list(.jump(to: $0)) })
    #expect(store.state.list.reloadStatus == .loading(PageRequest(.around("700"), context: MessageFilter.all)))
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  @Test func escapeClosesThePromptWithoutJumping() async {
    let store = store(sampleState(samplePage(0..<50), selection: 10))
    await store.send(.key(.character(":")))
    await store.send(.key(.character("4")))
    await store.send(.key(.escape)) { $0.prompt = nil }
    await store.send(.key(.enter))
    #expect(store.state.list.reloadStatus == .idle && loader.requests.isEmpty)
  }

  @Test func theFilterKeyCyclesTheFiltersAndOpensEachAtItsNewest() async {
    let store = store(sampleState(samplePage(0..<50), selection: 10))
    await store.send(.key(.character("/")))
    #expect(store.state.filter == .mentions && store.state.list.elements.isEmpty)
    let newest = PageRequest(.last, context: MessageFilter.mentions)
    #expect(store.state.list.reloadStatus == .loading(newest))
    loader.respond(to: newest, with: Page(previous: "before-960", elements: (96..<100).map { Message.sample($0 * 10) }))
    await store.receive(case: { .list(.pageResponse($0)) })
    #expect(store.state.list.elements.map(\.id) == [960, 970, 980, 990] && store.state.list.selection == 990)
    // The reset's own first page was cancelled by the jump: the window holds only the newest.
    #expect(loader.pendingRequests.allSatisfy { $0.position != .first })
    store.skipInFlightEffects()
  }

  @Test func oSwitchesTheNetworkOffAndOn() async {
    let store = store(sampleState(samplePage(0..<50), selection: 10))
    await store.send(.key(.character("o"))) { $0.isOffline = true }
    await store.receive(case: { .list(.connectivityChanged(isOnline: $0)) }) { $0.list.isOffline = true }
    #expect(offline.isOn.withLock { $0 })
    await store.send(.key(.character("o"))) { $0.isOffline = false }
    await store.receive(case: { .list(.connectivityChanged(isOnline: $0)) }) { $0.list.isOffline = false }
    #expect(!offline.isOn.withLock { $0 })
  }

  @Test func rRefreshesInPlaceAndCapitalRRetriesWhatFailed() async {
    let store = store(sampleState(samplePage(500..<550), selection: 520))
    await store.send(.key(.character("r")))
    let refresh = PageRequest(.around("520"), context: MessageFilter.all, isRefresh: true)
    #expect(store.state.list.reloadStatus == .loading(refresh))
    loader.fail(refresh, with: NetworkFailure.unavailable)
    await store.receive(case: { .list(.pageResponse($0)) })
    #expect(store.state.list.reloadStatus.isFailed)
    await store.send(.key(.character("R")))
    #expect(store.state.list.reloadStatus == .loading(refresh))
    store.skipInFlightEffects()
  }

  /// A refresh in place replaces the window with one page while the same rows stay on screen: the
  /// browser tells the window what it shows again, so the pages around them load.
  @Test func afterARefreshTheRowsOnScreenLoadThePagesAroundThem() async {
    let store = store(sampleState(samplePage(500..<550), selection: 520))
    await store.send(.resized(.standard))
    await store.send(.key(.character("r")))
    let refresh = PageRequest(.around("520"), context: MessageFilter.all, isRefresh: true)
    loader.respond(to: refresh, with: samplePage(510..<530))
    await store.receive(case: { .list(.pageResponse($0)) })
    #expect(store.state.list.elements.map(\.id) == Array(510..<530))
    #expect(store.state.list.startStatus.isLoading && store.state.list.endStatus.isLoading)
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  @Test(arguments: [Key.character("q"), .interrupt])
  func qAndCtrlCQuit(key: Key) async {
    let store = store(sampleState(samplePage(0..<50), selection: 10))
    await store.send(.key(key)) { $0.isQuitting = true }
  }

  @Test func theSelectionKeepsItsLineWhenOlderMessagesArriveAbove() async {
    let store = store(sampleState(samplePage(500..<550), selection: 505))
    await store.send(.resized(.standard))
    let row = store.state.selectionRow
    #expect(row == 6)  // the header, then #500 … #504, then the selection
    loader.respond(to: PageRequest(.before("before-500"), context: MessageFilter.all), with: samplePage(450..<500))
    await store.receive(case: { .list(.pageResponse($0)) })
    #expect(store.state.list.elements.first?.id == 450 && store.state.selectionRow == row)
    store.skipInFlightEffects()
  }
}

extension Viewport {
  /// The viewport a state draws.
  init(state: Browser.State) {
    let index = state.list.selectionIndex ?? 0
    self.init(
      selection: index, previousRow: state.selectionRow, previousIndex: index, count: state.list.elements.count,
      height: state.size.listRows)
  }
}
