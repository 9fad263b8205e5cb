import FeedAppModel
import Foundation
import Pageflow
import Testing

/// The example app's model, run as the app runs it: the feed's pages, newest first, in either filter;
/// a filter shown once loads once; a place saved when the scroll rests opens the list there; a post
/// that arrives above the row on screen is counted for the pill.
@MainActor
struct FeedScreenTests {
  /// Places kept in memory, as `UserDefaults` keeps them in the app.
  final class SavedPlaces: @unchecked Sendable {
    private let lock = NSLock()
    private var saved: PaginationFeature<FeedPost>.Place?
    private(set) var saves = 0

    var places: FeedScreen.Places {
      FeedScreen.Places(
        load: { self.lock.withLock { self.saved } },
        save: { place in
          self.lock.withLock {
            self.saved = place
            self.saves += 1
          }
        })
    }
  }

  func screen(_ source: LocalFeedSource, _ saved: SavedPlaces = SavedPlaces()) -> StoreOf<FeedScreen> {
    Store(initialState: FeedScreen.State()) { FeedScreen(source: source, places: saved.places) }
  }

  @Test func theSourceAnswersNewestFirstAndPagesBothWaysInEitherFilter() async throws {
    let source = LocalFeedSource(count: 100, pageSize: 10, latency: .zero)
    let first = try await source.page(for: PageRequest(.first))
    #expect(first.elements.map(\.id) == Array((90..<100).reversed()))
    #expect(first.previous == nil && first.next == "older-90")
    let older = try await source.page(for: PageRequest(direction: .bottom, cursor: "older-90"))
    #expect(older.elements.map(\.id) == Array((80..<90).reversed()))
    let newer = try await source.page(for: PageRequest(direction: .top, cursor: "newer-80"))
    #expect(newer.elements.map(\.id) == Array((81..<91).reversed()))
    let around = try await source.page(for: PageRequest(.around("50+10")))  // 10 posts older than 50
    #expect(around.elements.map(\.id).contains(40))
    let mentions = try await source.page(for: PageRequest(.first, context: FeedFilter.mentions))
    #expect(mentions.elements.allSatisfy { $0.mentionsYou } && mentions.elements.first?.id == 98)
    for bad in ["", "older", "older-", "sideways-3", "+", "7+x"] {  // a defined error, never a trap
      await #expect(throws: PaginationError.self) {
        try await source.page(for: PageRequest(.around(PaginationCursor(bad))))
      }
      await #expect(throws: PaginationError.self) {
        try await source.page(for: PageRequest(direction: .bottom, cursor: PaginationCursor(bad)))
      }
    }
  }

  @Test func aFilterShownTwiceLoadsOnceAndAnotherResetsTheList() async {
    let screen = screen(LocalFeedSource(count: 300, pageSize: 20, latency: .zero))
    await screen.send(.shown(.all)).finish()
    #expect(screen.list.elements.first?.id == 299)
    let loaded = screen.list.pages
    await screen.send(.shown(.all)).finish()  // the screen appears again: nothing reloads
    #expect(screen.list.pages == loaded)
    screen.send(.filterPicked(.mentions))
    await screen.send(.shown(.mentions)).finish()
    #expect(screen.list.context as? FeedFilter == .mentions)
    #expect(screen.list.elements.allSatisfy { $0.mentionsYou })
  }

  @Test func thePlaceSavedWhenTheScrollRestsOpensTheListThereAtTheNextLaunch() async {
    let source = LocalFeedSource(count: 1_000, pageSize: 20, latency: .zero)
    let saved = SavedPlaces()
    let first = screen(source, saved)
    await first.send(.shown(.mentions)).finish()
    let row = first.list.elements[5].id
    await first.send(.list(.elementAppeared(row))).finish()
    await first.send(.scrollSettled).finish()
    #expect(saved.saves == 1)

    let next = screen(source, saved)  // the next launch
    await next.send(.shown(.mentions)).finish()
    #expect(next.list.rowOnScreen == row)
    #expect(next.list.context as? FeedFilter == .mentions)
  }

  @Test func aPostAboveTheRowOnScreenIsCountedForThePill() async {
    let source = LocalFeedSource(count: 200, pageSize: 20, latency: .zero)
    let screen = screen(source)
    await screen.send(.shown(.all)).finish()
    await screen.send(.list(.elementAppeared(190))).finish()  // the user scrolled down a little
    await screen.send(.posted(await source.post())).finish()
    #expect(screen.list.elements.first?.id == 200)  // placed at the top of the window
    #expect(screen.list.unseenAboveScreen == 1)  // "↑ 1 new post"
    await screen.send(.list(.jump(to: .start))).finish()  // the pill tapped
    #expect(screen.list.rowOnScreen == 200)
  }
}
