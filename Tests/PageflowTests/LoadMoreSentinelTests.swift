import Pageflow
import PageflowTesting
import Testing

/// When a load-more sentinel asks for the next page, and when it does not ask again: the rule the
/// SwiftUI footer runs with `.task(id: footer.sentinel)`, and a UIKit footer with a
/// ``PaginationFeature/SentinelOnScreen``. A footer that stays on screen asks again once its trigger
/// comes back (a refresh or a retry ends with it in view), where a footer that asks only when it
/// appears would leave the list stuck until the user scrolled away and back.
@MainActor
struct LoadMoreSentinelTests {
  let pages = MessagePages()

  @Test func aFooterOnScreenWhenARefreshEndsAsksForTheNextPage() async {
    let loader = ControllablePageLoader<Message>()
    let store = Store(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    var sentinel = Feature.SentinelOnScreen()
    #expect(sentinel.show(store.loadMore(.bottom)) == .loadPage(.bottom))  // it appears: it asks
    let refresh = store.send(.refresh)
    #expect(sentinel.show(store.loadMore(.bottom)) == nil)  // refreshing: nothing to ask for
    await loader.waitForRequests(count: 1)
    for request in loader.pendingRequests { loader.respond(to: request, with: pages.page(0)) }
    await refresh.finish()
    // Still on screen, never gone: the footer's trigger is back, and the sentinel asks for it.
    #expect(sentinel.show(store.loadMore(.bottom)) == .loadPage(.bottom))
  }

  @Test func aFooterThatStaysOnScreenAsksOnceForEachPage() async {
    let loader = ControllablePageLoader<Message>()
    let store = Store(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    var sentinel = Feature.SentinelOnScreen()
    var asked: [Feature.Action] = []
    var tasks: [StoreTask] = []
    func draw() {  // what the view does each time it draws the footer
      if let action = sentinel.show(store.loadMore(.bottom)) {
        asked.append(action)
        tasks.append(store.send(action))
      }
    }
    for page in 1...pages.lastPage {
      draw()
      draw()  // drawn again, unchanged: no second request
      await loader.waitForRequests(count: page)
      draw()  // loading: a spinner, nothing to ask for
      loader.respond(to: .bottom(pages.cursor(page)), with: pages.page(page))
      for task in tasks { await task.finish() }
    }
    draw()  // the end: nothing more
    #expect(asked == Array(repeating: .loadPage(.bottom), count: pages.lastPage))
    #expect(store.elements.count == pages.total)
  }

  @Test func aFooterThatLeavesAndComesBackAsksAgain() {
    let state = pages.state(at: 0)
    var sentinel = Feature.SentinelOnScreen()
    #expect(sentinel.show(state.loadMore(.bottom)) == .loadPage(.bottom))
    #expect(sentinel.show(state.loadMore(.bottom)) == nil)
    sentinel.hide()
    #expect(sentinel.show(state.loadMore(.bottom)) == .loadPage(.bottom))  // the feature loads it once
  }

  @Test func sentinelsAreEqualWhenTheyAskForTheSameKindOfAction() {
    var state = pages.state(at: 1)
    #expect(state.loadMore(.bottom).sentinel == state.loadMore(.bottom).sentinel)
    #expect(state.loadMore(.bottom).sentinel != state.loadMore(.top).sentinel)
    state.endStatus = .loading(.bottom("page-2"))
    #expect(state.loadMore(.bottom).sentinel.action == nil)
    #expect(state.loadMore(.bottom).sentinel != pages.state(at: 1).loadMore(.bottom).sentinel)
  }
}
