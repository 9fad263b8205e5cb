import Foundation
import Pageflow
import PageflowTesting
import Testing

/// A user's place, saved and opened again: the page around its element, shown and selected, then
/// revalidated; a place from another list, a newer version or a damaged file gets a clear answer.
@MainActor
@Suite(.collectingWarnings)
struct PaginationPlaceTests {
  struct Channel: PaginationContext { var name: String }
  /// The issues a list shows: a Codable filter.
  enum IssueState: String, PaginationContext, Codable { case open, closed }

  let pages = MessagePages(size: 3, total: 30)
  let loader = ControllablePageLoader<Message>()
  let general = Channel(name: "general")

  /// A window of pages 3 and 4 (messages 9 to 14), with message 13 on screen and 10 selected.
  var window: Feature.State {
    var state = Feature.State(
      context: general, selection: 10, previous: "page-2", next: "page-5", elements: (9...14).map { Message($0) })
    state.pages = PageList([pages.info(3), pages.info(4)])
    state.lastVisible = 13
    return state
  }

  func store(_ initial: Feature.State) -> TestStore<Feature.State, Feature.Action> {
    TestStore(initialState: initial) { Feature(retry: .never, loadPage: loader.loadPage) }
  }

  var opened: Feature.State {
    var state = Feature.State(context: general, selection: 0, next: "page-1", elements: pages.messages(0))
    state.endStatus = .idle
    return state
  }

  @Test func aPlaceIsTheElementOnScreenAndTheSelectionAndSurvivesJSON() throws {
    let place = try #require(window.place)
    #expect(place.anchor == 13 && place.selection == 10 && place.selectionOffset == -3)
    let decoded = try JSONDecoder().decode(Feature.Place.self, from: try JSONEncoder().encode(place))
    #expect(decoded == place)
    #expect(Feature.State(context: general, selection: 0, elements: []).place == nil)  // an empty window
  }

  @Test func restoringOpensThePageAroundThePlaceThenRevalidatesIt() async throws {
    var selectedOnScreen = window
    selectedOnScreen.selection = 14
    let place = try #require(selectedOnScreen.place)
    let store = store(opened)
    let around = PageRequest(.around("13"), context: general)
    await store.send(.restore(place)) { $0.reloadStatus = .loading(around) }
    loader.respond(to: around, with: pages.page(4))
    let refresh = PageRequest(.around("13"), context: general, isRefresh: true)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(4))
      $0.pages = PageList([pages.info(4)])
      $0.startStatus = .idle
      $0.lastVisible = 13
      $0.selection = 14
      $0.reloadStatus = .loading(refresh)  // then what the network says
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(14))))
    loader.respond(to: refresh, with: pages.page(4))
    store.exhaustivity = .off
    await store.receive(case: Feature.Action.pageResponse)
    store.skipReceivedActions()
    #expect(store.state.lastVisible == 13 && store.state.selection == 14 && !store.state.isRefreshing)
  }

  @Test func aSelectionOutsideThePageOnScreenIsLoadedAndStaysSelected() async throws {
    let place = try #require(window.place)  // 13 on screen, 10 selected: three rows before it
    let store = store(opened)
    let around = PageRequest(.around("13"), context: general)
    await store.send(.restore(place)) { $0.reloadStatus = .loading(around) }
    loader.respond(to: around, with: pages.page(4))
    let refresh = PageRequest(.around("13"), context: general, isRefresh: true)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(4))  // 12, 13, 14
      $0.pages = PageList([pages.info(4)])
      $0.startStatus = .idle
      $0.lastVisible = 13
      $0.selection = 10  // not loaded yet: nothing else is selected meanwhile
      $0.reloadStatus = .loading(refresh)  // what the network says first
    }
    await store.receive(case: Feature.Action.delegate)
    #expect(store.state.selectionIndex == nil)
    #expect(store.state.place?.selection == 10 && store.state.place?.selectionOffset == -3)  // saved meanwhile
    loader.respond(to: refresh, with: pages.page(4))
    let before = PageRequest(direction: .top, context: general, cursor: "page-3")
    await store.receive(case: Feature.Action.pageResponse) {
      $0.reloadStatus = .idle
      $0.startStatus = .loading(before)  // then the page toward the selection
    }
    await store.receive(case: Feature.Action.delegate)
    loader.respond(to: before, with: pages.page(3))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements((9...14).map { Message($0) })
      $0.pages = PageList([pages.info(3), pages.info(4)])
      $0.startStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(10))))  // once, when it is there
    #expect(store.state.lastVisible == 13 && store.state.selectionIndex == 1)
    #expect(loader.requests == [around, refresh, before])
    await store.finish()
  }

  @Test func aSelectionTheListNoLongerHoldsGivesWayToTheElementWhereItWas() async throws {
    let place = try #require(window.place)  // 10 selected, three rows before 13
    let store = store(opened)
    store.exhaustivity = .off
    await store.send(.restore(place))
    loader.respond(to: PageRequest(.around("13"), context: general), with: pages.page(4))
    loader.respond(to: PageRequest(.around("13"), context: general, isRefresh: true), with: pages.page(4))
    // Message 10 was deleted: the pages before 13 come without it, as far as it was and a page more.
    for page in [3, 2] {
      var older = pages.page(page)
      older.elements.removeAll { $0.id == 10 }
      loader.respond(to: PageRequest(direction: .top, context: general, cursor: pages.cursor(page)), with: older)
    }
    await loader.waitForRequests(count: 4)
    await store.receive(.delegate(.didSelect(Message(9)))) {  // once: where 10 was, three rows before 13
      $0.selection = 9
    }
    #expect(store.state.elements.map(\.id) == [6, 7, 8, 9, 11, 12, 13, 14] && store.state.lastVisible == 13)
    #expect(loader.requests.count == 4)  // no page further
    store.skipReceivedActions()
  }

  @Test func aPageThatFailsOnTheWayToTheSelectionSelectsTheNearestLoaded() async throws {
    let place = try #require(window.place)
    var offline = opened
    offline.isOffline = true  // what answers first is on the device; the network is checked later
    let store = store(offline)
    store.exhaustivity = .off
    await store.send(.restore(place))
    loader.respond(to: PageRequest(.around("13"), context: general), with: pages.page(4))
    let before = PageRequest(direction: .top, context: general, cursor: "page-3")
    await loader.waitForRequests(count: 2)
    #expect(loader.requests.last == before && store.state.selectionIndex == nil)
    loader.fail(before, with: URLError(.notConnectedToInternet))
    await store.receive(.delegate(.didSelect(Message(12)))) { $0.selection = 12 }  // no retry: the nearest
    store.skipReceivedActions()
    #expect(store.state.startStatus.isFailed && store.state.lastVisible == 13)
  }

  @Test func aSelectionThatArrivesOtherwiseIsSelectedWhenItIsThere() async throws {
    // Saved three rows before 13; since then it moved after it, into the next page.
    let place = Feature.Place(anchor: 13, selection: 16, selectionOffset: -3, context: general)
    var offline = opened
    offline.isOffline = true
    let store = store(offline)
    store.exhaustivity = .off
    await store.send(.restore(place))
    loader.respond(to: PageRequest(.around("13"), context: general), with: pages.page(4))
    await loader.waitForRequests(count: 2)  // the page before, where it was
    await store.send(.elementAppeared(14))  // the user scrolls down: the page after loads too
    let after = PageRequest(direction: .bottom, context: general, cursor: "page-5")
    await loader.waitForRequests(count: 3)
    #expect(loader.requests.last == after)
    loader.respond(to: after, with: pages.page(5))
    await store.receive(.delegate(.didSelect(Message(16)))) { $0.selection = 16 }
    store.skipReceivedActions()
    #expect(store.state.selectionIndex == 4)
    store.skipInFlightEffects()
  }

  @Test func offlineAPlaceOpensWithoutRevalidatingUntilTheNetworkIsBack() async throws {
    var selectedOnScreen = window
    selectedOnScreen.selection = 14
    let place = try #require(selectedOnScreen.place)
    var offline = opened
    offline.isOffline = true
    let store = store(offline)
    store.exhaustivity = .off
    let around = PageRequest(.around("13"), context: general)
    await store.send(.restore(place))
    loader.respond(to: around, with: pages.page(4))
    await store.receive(case: Feature.Action.pageResponse)
    store.skipReceivedActions()
    #expect(!store.state.isRefreshing && loader.requests == [around])
    await store.send(.connectivityChanged(isOnline: true)) {
      $0.reloadStatus = .loading(PageRequest(.around("13"), context: general, isRefresh: true))
    }
    store.skipInFlightEffects()
  }

  @Test func aPlaceWhoseElementIsGoneOpensAtTheNearestTheListStillHas() async throws {
    var place = try #require(window.place)
    place.anchor = 1_000
    place.selection = 1_000
    let store = store(opened)
    store.exhaustivity = .off
    await store.send(.restore(place))
    loader.respond(to: PageRequest(.around("1000"), context: general), with: pages.page(9))
    await store.receive(case: Feature.Action.pageResponse)
    store.skipInFlightEffects()
    #expect(store.state.selection == 28)  // the middle of the page around where it was
    #expect(store.state.lastVisible == nil)
  }

  @Test func aPlaceWhosePageIsEmptyNowOpensTheListAtItsStart() async throws {
    var place = try #require(window.place)
    place.anchor = 5_000
    place.selection = 5_000
    let store = store(opened)
    let around = PageRequest(.around("5000"), context: general)
    await store.send(.restore(place)) { $0.reloadStatus = .loading(around) }
    loader.respond(to: around, with: Page(elements: []))
    let first = PageRequest(.first, context: general)
    await store.receive(case: Feature.Action.pageResponse) { $0.reloadStatus = .loading(first) }
    loader.respond(to: first, with: pages.page(0))
    store.exhaustivity = .off
    await store.receive(case: Feature.Action.pageResponse)
    store.skipReceivedActions()
    #expect(store.state.selection == 0 && store.state.elements.count == 3 && !store.state.isRefreshing)
    #expect(loader.requests == [around, first])  // the start is no place to revalidate
  }

  @Test func restoringAPlaceOfAnotherFilterReopensThatFilterAroundThePlace() async throws {
    // Saved in the closed issues; the launch opened the list with its default filter.
    let place = Feature.Place(anchor: 13, selection: 13, context: IssueState.closed)
    var launch = opened
    launch.context = IssueState.open
    let store = store(launch)
    let around = PageRequest(.around("13"), context: IssueState.closed)
    await store.send(.restore(place)) {  // like a reset to that filter: nothing of the other stays
      $0.context = IssueState.closed
      $0.elements = []
      $0.pages = PageList()
      $0.startStatus = .idle
      $0.reloadStatus = .loading(around)
    }
    loader.respond(to: around, with: pages.page(4))
    let refresh = PageRequest(.around("13"), context: IssueState.closed, isRefresh: true)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements = IdentifiedElements(pages.messages(4))
      $0.pages = PageList([pages.info(4)])
      $0.startStatus = .idle
      $0.endStatus = .idle
      $0.lastVisible = 13
      $0.selection = 13
      $0.reloadStatus = .loading(refresh)
    }
    await store.receive(.delegate(.didUpdate(context: IssueState.closed, pages: PageList([pages.info(4)]))))
    await store.receive(.delegate(.didSelect(Message(13))))
    store.exhaustivity = .off
    await store.send(.cancelReload)
    store.skipInFlightEffects()
  }

  @Test func aPlaceFromAnotherListIsRefusedAndIgnored() async throws {
    // Another channel: a context that is not Codable cannot be read back, nor switched to.
    let place = Feature.Place(anchor: 13, selection: 10, context: Channel(name: "random"))
    #expect(throws: PaginationError.self) { try opened.check(place) }
    let store = store(opened)
    let warnings = await RuntimeWarning.$sink.collecting { await store.send(.restore(place)) }
    #expect(warnings.count == 1 && loader.requests.isEmpty)

    var otherElements = try #require(window.place)
    otherElements.elementType = "Invoices.Invoice"
    let otherContextType = Feature.Place(anchor: 13, selection: 10, context: IssueState.closed)
    var issues = opened
    issues.context = IssueState.open
    var unreadable = Feature.Place(anchor: 13, selection: 10, context: IssueState.closed)
    guard case .encoded(let type, _) = unreadable.context else { throw PaginationError.placeMismatch("not encoded") }
    unreadable.context = .encoded(type: type, json: "\"merged\"")  // no value of the list's context type
    for (refused, list) in [(otherElements, opened), (otherContextType, opened), (unreadable, issues)] {
      #expect {
        try list.check(refused)
      } throws: { error in
        guard case .placeMismatch = error as? PaginationError else { return false }
        return true
      }
    }
  }

  @Test func aPlaceCarriesItsCodableContextForTheAppToRead() throws {
    let place = Feature.Place(anchor: 13, selection: 10, context: IssueState.closed)
    let decoded = try JSONDecoder().decode(Feature.Place.self, from: try JSONEncoder().encode(place))
    #expect(try decoded.context(as: IssueState.self) == .closed)
    #expect(throws: PaginationError.self) { try decoded.context(as: NoPaginationContext.self) }  // another type
    let described = Feature.Place(anchor: 13, selection: 10, context: general)  // not Codable
    #expect(throws: PaginationError.self) { try described.context(as: IssueState.self) }
  }

  @Test func aPlaceFromANewerVersionOrADamagedFileIsRefusedWhenRead() throws {
    let place = try #require(window.place)
    let version = Feature.Place.currentVersion
    var json = String(decoding: try JSONEncoder().encode(place), as: UTF8.self)
    json = json.replacingOccurrences(of: "\"version\":\(version)", with: "\"version\":\(version + 1)")
    #expect(throws: PaginationError.placeFromNewerVersion(version + 1)) {
      try JSONDecoder().decode(Feature.Place.self, from: Data(json.utf8))
    }
    let whole = try JSONEncoder().encode(place)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Feature.Place.self, from: whole.prefix(whole.count / 2))
    }
    for damaged in [#"{"version":0}"#, #"{"version":2,"elementType":"M","anchor":1,"selection":1}"#] {
      #expect(throws: DecodingError.self) { try JSONDecoder().decode(Feature.Place.self, from: Data(damaged.utf8)) }
    }
  }
}
