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
    #expect(place.anchor == 13 && place.selection == 10)
    let decoded = try JSONDecoder().decode(Feature.Place.self, from: try JSONEncoder().encode(place))
    #expect(decoded == place)
    #expect(Feature.State(context: general, selection: 0, elements: []).place == nil)  // an empty window
  }

  @Test func restoringOpensThePageAroundThePlaceThenRevalidatesIt() async throws {
    let place = try #require(window.place)
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
      $0.selection = 13  // the selection (10) is not in the page: the element on screen is
      $0.reloadStatus = .loading(refresh)  // then what the network says
    }
    await store.receive(case: Feature.Action.delegate)
    await store.receive(.delegate(.didSelect(Message(13))))
    loader.respond(to: refresh, with: pages.page(4))
    store.exhaustivity = .off
    await store.receive(case: Feature.Action.pageResponse)
    store.skipReceivedActions()
    #expect(store.state.lastVisible == 13 && !store.state.isRefreshing)
  }

  @Test func offlineAPlaceOpensWithoutRevalidatingUntilTheNetworkIsBack() async throws {
    let place = try #require(window.place)
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

  @Test func aPlaceFromAnotherListIsRefusedAndIgnored() async throws {
    var place = try #require(window.place)
    place.context = String(reflecting: Channel(name: "random"))
    #expect(throws: PaginationError.self) { try opened.check(place) }
    let store = store(opened)
    let warnings = await RuntimeWarning.$sink.collecting { await store.send(.restore(place)) }
    #expect(warnings.count == 1 && loader.requests.isEmpty)

    var other = try #require(window.place)
    other.elementType = "Invoices.Invoice"
    do {
      try opened.check(other)
      Issue.record("a place of another element type was accepted")
    } catch {
      guard case .placeMismatch = error else {
        Issue.record("\(error)")
        return
      }
    }
  }

  @Test func aPlaceFromANewerVersionOrADamagedFileIsRefusedWhenRead() throws {
    let place = try #require(window.place)
    var json = String(decoding: try JSONEncoder().encode(place), as: UTF8.self)
    json = json.replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
    #expect(throws: PaginationError.placeFromNewerVersion(2)) {
      try JSONDecoder().decode(Feature.Place.self, from: Data(json.utf8))
    }
    let whole = try JSONEncoder().encode(place)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Feature.Place.self, from: whole.prefix(whole.count / 2))
    }
  }
}
