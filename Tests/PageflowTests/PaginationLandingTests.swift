import Pageflow
import PageflowTesting
import Synchronization
import Testing

/// A fling's landing, reported as the finger lifts, loads what it needs at once: up to it in one
/// request when it is within reach, the page around it (skipping what lies between) when it is far
/// and the loader can name it, and a wrong prediction costs one request at most.
@MainActor
struct PaginationLandingTests {
  /// A list of a million messages in pages of 20, answered at once; it names a place some rows from
  /// a message `"<id>+<rows>"`, and records every request it is asked.
  final class MillionServer: Sendable {
    let total: Int
    let pageSize = 20
    private let log = Mutex<[PageRequest]>([])

    /// A list of `total` messages (a million by default).
    init(total: Int = 1_000_000) { self.total = total }

    var requests: [PageRequest] { log.withLock { $0 } }

    func page(_ request: PageRequest) -> Page<Message> {
      log.withLock { $0.append(request) }
      let count = request.count ?? pageSize
      let range: Range<Int>
      switch request.position {
      case .first: range = 0..<count
      case .last: range = (total - count)..<total
      case .after(let cursor): range = (Int(cursor.rawValue)! + 1)..<(Int(cursor.rawValue)! + 1 + count)
      case .before(let cursor): range = (Int(cursor.rawValue)! - count)..<Int(cursor.rawValue)!
      case .around(let anchor):
        let parts = anchor.rawValue.split(separator: "+").map { Int($0)! }
        // A place past an end of the list is read as that end, as a server clamps it.
        let center = Swift.min(Swift.max(0, parts[0] + (parts.count > 1 ? parts[1] : 0)), total - 1)
        range = (center - count / 2)..<(center - count / 2 + count)
      }
      let rows = range.clamped(to: 0..<total)
      return Page(
        previous: rows.lowerBound > 0 ? PaginationCursor("\(rows.lowerBound)") : nil,
        next: rows.upperBound < total ? PaginationCursor("\(rows.upperBound - 1)") : nil,
        elements: rows.map { Message($0) })
    }
  }

  let server = MillionServer()
  let clock = TestClock()

  /// The first page of the list, row 10 on screen, in a window of at most 1,000.
  func store(skips: Bool = true, maxElements: Int? = 1_000) async -> StoreOf<Feature> {
    let server = server
    let offsetCursor: (@Sendable (Int, Int) -> PaginationCursor)? = { id, rows in PaginationCursor("\(id)+\(rows)") }
    let loadPage: Feature.LoadPage = { @MainActor request in server.page(request) }
    let feature = Feature(
      maxElements: maxElements, offsetCursor: skips ? offsetCursor : nil, clock: clock, loadPage: loadPage)
    let first = server.page(PageRequest(.first))
    let store = Store(initialState: Feature.State(selection: 0, next: first.next, elements: first.elements)) {
      feature
    }
    await store.send(.elementAppeared(10)).finish()
    return store
  }

  @Test func aLandingWithinReachLoadsUpToItAndAPageThereInOneRequest() async {
    let store = await store()  // rows 0..<40: row 10 on screen loaded the second page
    await store.send(.scrollWillLand(.rows(60, toward: .bottom))).finish()  // row 70: 31 rows past the end
    let request = server.requests.last
    #expect(request?.position == .after("39"))
    #expect(request?.count == 31 + 20)
    #expect(store.state.elements.map(\.id) == Array(0..<91))
    #expect(store.state.lastVisible == 10)  // what is on screen stays as reported
  }

  @Test func aLandingInsideTheWindowLoadsWhatIsWithinThePrefetchDistanceOfIt() async {
    let store = await store()
    let asked = server.requests.count
    await store.send(.scrollWillLand(.rows(5, toward: .top))).finish()  // row 5: nothing above the list
    await store.send(.scrollWillLand(.rows(2, toward: .bottom))).finish()  // row 12: 27 rows from the end
    #expect(server.requests.count == asked)
    await store.send(.scrollWillLand(.rows(15, toward: .bottom))).finish()  // row 25: within 20 of it
    #expect(server.requests.last?.position == .after("39"))
    #expect(server.requests.last?.count == 20)
  }

  @Test func aFlingOfFiveThousandRowsSkipsToItsLandingInOneAnswer() async {
    let store = await store()
    let asked = server.requests.count
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom, arrivingIn: .seconds(2)))).finish()
    #expect(server.requests[asked].position == .around("10+5000"))  // one answer: the page around the landing
    #expect(server.requests[asked].count == 40)  // a page on each side of it: rows 4,990 to 5,029
    #expect(Set(server.requests.dropFirst(asked + 1).map(\.position)) == [.after("5029"), .before("4990")])
    #expect(store.state.elements.map(\.id) == Array(4_970..<5_050))  // and the pages next to it, as on screen
    #expect(store.state.selectionIndex != nil)  // the selection names a loaded element
    #expect(store.state.previous == "4970" && store.state.next == "5049")  // the skipped rows stay loadable

    await store.send(.loadPage(.top)).finish()  // the stretch skipped loads from the landing's edge
    #expect(store.state.elements.first?.id == 4_950)
    await store.send(.jump(to: .element(10))).finish()  // and the place the fling left from is there
    #expect(store.state.elements.contains(id: 10) && store.state.elements.count <= 1_000)
  }

  /// The page a far landing loads holds a page of rows on each side of the row it lands on, so
  /// that the screen there is loaded in one answer wherever the view keeps that row (at the top,
  /// as a SwiftUI scroll position does, in the middle, or at the bottom, as a chat does); it asks
  /// for more than a page, and the page size stays what the server pages in.
  @Test func aFarLandingLoadsAPageOnEachSideOfItsRow() async {
    let store = await store()
    let asked = server.requests.count
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom))).finish()
    #expect(server.requests[asked].count == 40)
    #expect((4_990..<5_030).allSatisfy { store.state.elements.contains(id: $0) })
    #expect(server.requests.dropFirst(asked + 1).allSatisfy { $0.count == 20 })  // the pages next to it
  }

  @Test func withoutAWayToNameItAFarLandingLoadsTheLargestRequestTowardIt() async {
    let store = await store(skips: false)
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom))).finish()
    #expect(server.requests.last?.position == .after("39"))
    #expect(server.requests.last?.count == 200)  // a fifth of the window's limit
    #expect(store.state.elements.count == 240)
  }

  @Test func aLandingOnAnElementBeyondTheWindowOpensThePageAroundIt() async {
    let store = await store()
    let asked = server.requests.count
    await store.send(.scrollWillLand(.element(42_000))).finish()
    #expect(server.requests[asked].position == .around("42000"))
    #expect(store.state.elements.contains(id: 42_000))
    #expect(store.state.lastVisible == 42_000)
  }

  /// A list showing rows 0..<20, row 10 on screen, whose loader answers when the test says
  /// (`sorted`: in the order of the ids, for sorted inserts; `retry`: its retry policy).
  func controlled(
    _ loader: ControllablePageLoader<Message>, sorted: Bool = false, retry: RetryPolicy = .default
  ) async -> TestStore<Feature.State, Feature.Action> {
    let first = server.page(PageRequest(.first))
    let byID: @Sendable (Message, Message) -> Bool = { $0.id < $1.id }
    let order = sorted ? byID : nil
    let store = TestStore(initialState: Feature.State(selection: 0, next: first.next, elements: first.elements)) {
      Feature(
        prefetchDistance: 5, areInIncreasingOrder: order,
        offsetCursor: { id, rows in PaginationCursor("\(id)+\(rows)") }, retry: retry, clock: clock,
        loadPage: loader.loadPage)
    }
    store.exhaustivity = .off
    await store.send(.elementAppeared(10))
    return store
  }

  @Test func theWindowGoesOnLoadingWhileTheLandingsPageLoads() async {
    let loader = ControllablePageLoader<Message>()
    let store = await controlled(loader)
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom)))
    #expect(!store.state.isRefreshing)  // no spinner: the window stays as it is
    await store.send(.elementAppeared(16))  // the scroll goes on meanwhile, and nothing waits
    #expect(store.state.endStatus.isLoading)
    await loader.waitForRequests(count: 2)
    loader.respond(to: PageRequest(direction: .bottom, cursor: "19"), with: server.page(.bottom("19")))
    await store.receive(case: { .pageResponse($0) })
    #expect(store.state.elements.count == 40)  // the edge's page joined the window
    loader.respond(to: PageRequest(.around("10+5000")), with: server.page(PageRequest(.around("10+5000"))))
    await store.receive(case: { .pageResponse($0) })
    #expect(store.state.elements.map(\.id) == Array(5_000..<5_020))  // then the landing replaced it
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  /// A list showing rows 0..<20 whose edge loads rows 20..<40 (row 16 on screen) when a fling lands
  /// on row 216: 197 rows past the window's end, beyond one request (a page loads beside the
  /// window), but within the edge's load in flight and one request more.
  func landingBesideAFeedingEdge(_ loader: ControllablePageLoader<Message>) async -> TestStore<
    Feature.State, Feature.Action
  > {
    let store = await controlled(loader)
    await store.send(.elementAppeared(16))  // the next page: 20 rows after row 19
    await store.send(.scrollWillLand(.rows(200, toward: .bottom)))
    await loader.waitForRequests(count: 2)
    let landing = PageRequest(.around("16+200"))
    loader.respond(to: landing, with: server.page(landing))  // rows 206..<226
    await store.receive(case: { .pageResponse($0) })
    return store
  }

  /// The landing's page comes while the edge feeds the scroll (the row on screen is short of the
  /// window's end): it waits beside the window instead of taking the window from the rows the
  /// scroll is about to pass, the edge loads on up to it, and once the edge's rows reach it the
  /// page is forgotten: nothing the scroll passes goes unloaded.
  @Test func aLandingsPageWaitsBesideTheWindowWhileTheEdgeFeedsTheScroll() async {
    let loader = ControllablePageLoader<Message>()
    let store = await landingBesideAFeedingEdge(loader)
    #expect(store.state.elements.map(\.id) == Array(0..<20))  // the window stays
    let next = PageRequest(direction: .bottom, cursor: "19", count: 20)
    #expect(store.state.endStatus == .loading(next))  // and its edge goes on
    loader.respond(to: next, with: server.page(next))
    await store.receive(case: { .pageResponse($0) })
    // Rows 20..<40 are in: the edge loads the 177 rows up to the landing and a page there at once.
    let rest = PageRequest(direction: .bottom, cursor: "39", count: 177 + 20)
    #expect(store.state.endStatus == .loading(rest))
    loader.respond(to: rest, with: server.page(rest))
    await store.receive(case: { .pageResponse($0) })
    #expect(store.state.elements.map(\.id) == Array(0..<237))
    await store.send(.elementAppeared(236))  // the scroll gets to the window's end: nothing replaces it
    #expect(store.state.elements.first?.id == 0 && store.state.lastVisible == 236)
    store.skipInFlightEffects()
  }

  /// The scroll runs out of the rows the edge brought (the window's last row is on screen) while
  /// the landing's page waits beside the window: the edge did not get there in time, and the page
  /// replaces the window, where the fling comes to rest (the edge's load stops).
  @Test func aLandingsPageReplacesTheWindowWhenTheScrollRunsOutOfRows() async {
    let loader = ControllablePageLoader<Message>()
    let store = await landingBesideAFeedingEdge(loader)
    await store.send(.elementAppeared(19))
    #expect(store.state.elements.map(\.id) == Array(206..<226))
    #expect(store.state.lastVisible == 216)
    #expect(store.state.endStatus == .idle && store.state.previous == "206")
    store.skipInFlightEffects()
  }

  /// The landing's page comes when the scroll is already at the window's last row, the edge's rows
  /// not in yet: nothing feeds the scroll there, and the page replaces the window at once.
  @Test func aLandingsPageReplacesTheWindowAtOnceWhenTheScrollIsPastTheWindowsRows() async {
    let loader = ControllablePageLoader<Message>()
    let store = await controlled(loader)
    await store.send(.elementAppeared(16))  // the next page: 20 rows after row 19
    await store.send(.scrollWillLand(.rows(200, toward: .bottom)))
    await store.send(.elementAppeared(19))  // the window's last row, before its next page is in
    await loader.waitForRequests(count: 2)
    let landing = PageRequest(.around("16+200"))
    loader.respond(to: landing, with: server.page(landing))  // rows 206..<226
    await store.receive(case: { .pageResponse($0) })
    #expect(store.state.elements.map(\.id) == Array(206..<226))
    #expect(store.state.lastVisible == 216)
    store.skipInFlightEffects()
  }

  /// A touch while the landing's page waits beside the window forgets that page: the fling it was
  /// for no longer holds, so the scroll that then reaches the window's last row stays in the window,
  /// and the edge's load goes on.
  @Test func aLandingCancelledWhileItsPageWaitsBesideTheWindowForgetsThePage() async {
    let loader = ControllablePageLoader<Message>()
    let store = await landingBesideAFeedingEdge(loader)
    await store.send(.landingCancelled)
    await store.send(.elementAppeared(19))
    #expect(store.state.elements.map(\.id) == Array(0..<20))
    #expect(store.state.lastVisible == 19)
    #expect(store.state.endStatus == .loading(PageRequest(direction: .bottom, cursor: "19", count: 20)))
    store.skipInFlightEffects()
  }

  /// A landing within reach of an edge that is loading a smaller page waits for that page, then
  /// asks for the rest: nothing else would, since a fling already past the rows near the new edge
  /// (an app drawing placeholders for what the landing was to load) reports none of them on screen.
  /// Found by the scroll simulation (`pageflow-bench`, a fling a second at 100 rows/s and 1 s of
  /// latency), where the fourth landing never loaded while nothing kept it.
  @Test func aLandingWithinReachWhileItsEdgeLoadsLessAsksForTheRestWhenThatPageIsIn() async {
    let loader = ControllablePageLoader<Message>()
    let store = await controlled(loader)
    await store.send(.elementAppeared(16))  // the next page: 20 rows after row 19
    await store.send(.scrollWillLand(.rows(60, toward: .bottom)))  // row 76: 57 rows past the end
    #expect(store.state.endStatus == .loading(PageRequest(direction: .bottom, cursor: "19", count: 20)))
    loader.respond(
      to: PageRequest(direction: .bottom, cursor: "19", count: 20),
      with: server.page(PageRequest(direction: .bottom, cursor: "19", count: 20)))
    await loader.waitForRequests(count: 2)
    // The page is in (rows 20 to 39): the rest up to the landing and a page there, in one request.
    #expect(store.state.elements.count == 40)
    #expect(store.state.endStatus == .loading(PageRequest(direction: .bottom, cursor: "39", count: 37 + 20)))
    store.skipInFlightEffects()
  }

  /// The page a landing waits for fails: the landing waits on for that page, retried by the
  /// policy (on the feature's clock) or by the user, and asks for the rest once it is in (nothing
  /// else would: a fling past those rows reports none of them on screen).
  @Test(arguments: [false, true])
  func aLandingHeldForAPageThatFailsLandsWhenTheRetriedPageIsIn(retriedByTheUser: Bool) async {
    let loader = ControllablePageLoader<Message>()
    let store = await controlled(loader, retry: retriedByTheUser ? .never : RetryPolicy(jitter: 0))
    await store.send(.elementAppeared(16))  // the next page: 20 rows after row 19
    await store.send(.scrollWillLand(.rows(60, toward: .bottom)))  // row 76: 57 rows past the end
    let next = PageRequest(direction: .bottom, cursor: "19", count: 20)
    loader.fail(next, with: LandingServerUnavailable())
    await store.receive(case: Feature.Action.pageResponse)
    #expect(loader.requests.count == 1)  // nothing asked of a failing edge on the landing's account
    if retriedByTheUser {
      await store.send(.retry(.bottom))
    } else {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: .seconds(1))
      await store.receive(.retryTimerFired(.edge(.end)))
    }
    loader.respond(to: next, with: server.page(next))
    await store.receive(case: Feature.Action.pageResponse)
    #expect(store.state.elements.count == 40)
    #expect(store.state.endStatus == .loading(PageRequest(direction: .bottom, cursor: "39", count: 37 + 20)))
    store.skipInFlightEffects()
  }

  @Test func aCancelledLandingKeepsTheWindowAndCostsOneRequest() async {
    let loader = ControllablePageLoader<Message>()
    let store = await controlled(loader)
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom)))
    await loader.waitForRequests(count: 1)
    await store.send(.landingCancelled)  // the user grabbed the list
    loader.respond(to: PageRequest(.around("10+5000")), with: server.page(PageRequest(.around("10+5000"))))
    await store.send(.elementAppeared(15))  // the edges load as they would have
    #expect(store.state.endStatus.isLoading)
    #expect(store.state.elements.map(\.id) == Array(0..<20))  // the cancelled page never came
    await loader.waitForRequests(count: 2)
    #expect(loader.requests.count == 2)  // the landing's page, and the window's next
    store.skipInFlightEffects()
  }

  @Test func aNewLandingReplacesTheOneBefore() async {
    let loader = ControllablePageLoader<Message>()
    let store = await controlled(loader)
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom)))
    await store.send(.scrollWillLand(.rows(30, toward: .bottom)))  // a shorter fling after all
    await loader.waitForRequests(count: 2)
    loader.respond(to: PageRequest(.around("10+5000")), with: server.page(PageRequest(.around("10+5000"))))
    #expect(store.state.endStatus.isLoading)
    #expect(store.state.elements.map(\.id) == Array(0..<20))
    store.skipInFlightEffects()
  }

  /// A fling past an end the window holds lands at that end: nothing lies past it to skip to, so
  /// nothing is asked and the window stays (a window of 1,000 rows used to become the page around a
  /// place past the end).
  @Test(arguments: [PaginationDirection.bottom, .top])
  func aFlingPastALoadedEndLandsAtThatEnd(direction: PaginationDirection) async {
    let server = MillionServer(total: 1_000)
    let loadPage: Feature.LoadPage = { @MainActor request in server.page(request) }
    let whole = server.page(PageRequest(.first, count: 1_000))  // the whole list, both ends
    let feature = Feature(
      maxElements: 1_000, offsetCursor: { id, rows in PaginationCursor("\(id)+\(rows)") }, clock: clock,
      loadPage: loadPage)
    let store = Store(initialState: Feature.State(selection: 500, elements: whole.elements)) { feature }
    await store.send(.elementAppeared(direction == .bottom ? 990 : 10)).finish()
    let asked = server.requests.count
    await store.send(.scrollWillLand(.rows(5_000, toward: direction))).finish()
    #expect(server.requests.count == asked)
    #expect(store.state.elements.map(\.id) == Array(0..<1_000))
  }

  /// A refresh failed and its retry is scheduled when a far landing's page replaces the window: the
  /// new window has nothing to retry, and no footer says it retries.
  @Test func aLandingsPageStopsTheRetryOfAFailedRefresh() async {
    let loader = ControllablePageLoader<Message>()
    let store = await controlled(loader)
    await store.send(.refresh)
    loader.fail(PageRequest(.around("10"), isRefresh: true), with: LandingServerUnavailable())
    await store.receive(case: Feature.Action.pageResponse)
    #expect(store.state.reloadRetry != nil)
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom)))
    let landing = PageRequest(.around("10+5000"))
    loader.respond(to: landing, with: server.page(landing))
    await store.receive(case: Feature.Action.pageResponse)
    #expect(store.state.elements.map(\.id) == Array(5_000..<5_020))
    #expect(store.state.reloadStatus == .idle)
    #expect(store.state.reloadRetry == nil)
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  /// After a far landing the row the fling came to rest on (the middle of the page around its
  /// place) is the row on screen, and selected when the page does not hold the selection: the
  /// user's place, which a relaunch opens at.
  @Test func aFarLandingsRowIsTheUsersPlace() async {
    let store = await store()
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom))).finish()
    #expect(store.state.elements.map(\.id) == Array(4_970..<5_050))  // its page, and the pages next to it
    #expect(store.state.lastVisible == 5_010)
    #expect(store.state.selection == 5_010)
    #expect(store.state.place?.anchor == 5_010 && store.state.place?.selection == 5_010)
  }

  /// A message posted while a landing's page loads, counted beyond the window's end: that page,
  /// read before the message was posted, reaches the end of the list, and the message is placed
  /// after it, not lost with the count.
  @Test func aMessagePostedWhileALandingsPageLoadsIsPlacedWhenThatPageReachesTheEnd() async {
    let loader = ControllablePageLoader<Message>()
    let store = await controlled(loader)
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom)))
    await store.send(.insert(Message(5_020), at: .bottom))
    #expect(store.state.unseenAtEnd == 1)
    let landing = PageRequest(.around("10+5000"))
    loader.respond(to: landing, with: Page(previous: "5000", elements: (5_000..<5_020).map { Message($0) }))
    await store.receive(case: Feature.Action.pageResponse)
    #expect(store.state.elements.map(\.id) == Array(5_000...5_020))
    #expect(store.state.unseenAtEnd == 0 && store.state.endStatus.isEndReached)
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  /// A message that an edge's page brought into the window while a landing's page loads: that
  /// page, read before the message was posted, reaches the end of the list, and the message stays,
  /// after it.
  @Test func aMessageAnEdgesPageBroughtInWhileALandingsPageLoadsStaysWhenThatPageReachesTheEnd() async {
    let loader = ControllablePageLoader<Message>()
    let store = await controlled(loader)
    await store.send(.elementAppeared(16))  // the next page: rows 20 to 39, the list's last
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom, from: 10)))
    await store.send(.insert(Message(40), at: .bottom))
    let next = PageRequest(direction: .bottom, cursor: "19")
    loader.respond(to: next, with: Page(previous: "20", elements: (20...40).map { Message($0) }))  // read after it
    await store.receive(case: Feature.Action.pageResponse)
    #expect(store.state.elements.last?.id == 40)
    let landing = PageRequest(.around("10+5000"))
    loader.respond(to: landing, with: Page(previous: "20", elements: (20..<40).map { Message($0) }))  // before it
    await store.receive(case: Feature.Action.pageResponse)
    #expect(store.state.elements.map(\.id) == Array(20...40))
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  /// A message held for a landing's page that sorts before that page: counted beyond the start of
  /// the new window, where it lies, and above the row on screen, no longer below.
  @Test func aMessageHeldForALandingThatSortsBeforeItsPageIsCountedAboveIt() async {
    let loader = ControllablePageLoader<Message>()
    let store = await controlled(loader, sorted: true)
    await store.send(.scrollWillLand(.rows(5_000, toward: .bottom)))
    await store.send(.insert(Message(500), at: .sorted))  // beyond the window's end, before the landing
    #expect(store.state.unseenAtEnd == 1 && store.state.unseenBelowScreen == 1)
    let landing = PageRequest(.around("10+5000"))
    loader.respond(to: landing, with: server.page(landing))
    await store.receive(case: Feature.Action.pageResponse)
    #expect(store.state.elements.map(\.id) == Array(5_000..<5_020))
    #expect(store.state.unseenAtStart == 1 && store.state.unseenAtEnd == 0)
    #expect(store.state.unseenAboveScreen == 1 && store.state.unseenBelowScreen == 0)
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  @Test func uiKitsDecelerationGivesTheLanding() {
    // 5 points per millisecond at the normal rate: 2,495 points, 50 rows of 50 points, in 3.1 s.
    let landing = Feature.Landing.projected(velocity: 5, rowHeight: 50, from: 7)
    #expect(landing?.target == .offset(50, from: 7))
    let milliseconds = landing?.arrival.map {
      Double($0.components.seconds) * 1000 + Double($0.components.attoseconds) / 1e15
    }
    #expect(milliseconds.map { (3_100..<3_110).contains($0) } == true)
    #expect(Feature.Landing.projected(velocity: -5, rowHeight: 50)?.target == .offset(-50, from: nil))
    for velocity in [0, .nan, .infinity] {
      #expect(Feature.Landing.projected(velocity: velocity, rowHeight: 50) == nil)
    }
    #expect(Feature.Landing.projected(velocity: 5, decelerationRate: 1, rowHeight: 50) == nil)
    #expect(Feature.Landing.projected(velocity: 5, rowHeight: 0) == nil)
  }
}

/// The server failing a page.
struct LandingServerDown: Error {}

/// The server failing a page for a while: a failure the retry policy retries.
struct LandingServerUnavailable: TransientError {}
