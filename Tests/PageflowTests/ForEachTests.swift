import Pageflow
import PageflowTesting
import Testing

/// `forEach` runs a row's own feature on each element of a list; a row's effects end when its
/// element leaves the window, however it leaves.
@MainActor
@Suite(.collectingWarnings)
struct ForEachTests {
  let clock = TestClock()
  let loader = ControllablePageLoader<Mail>()

  func inbox(maxElements: Int? = nil) -> TestStore<Inbox.State, Inbox.Action> {
    TestStore(initialState: Inbox.firstPage) {
      Inbox(clock: clock, maxElements: maxElements, loadPage: loader.loadPage)
    }
  }

  @Test func aRowsFeatureRunsOnItsElementInPlace() async {
    let store = inbox()
    await store.send(.rows(.element(id: 1, action: .like))) {
      $0.list.elements = [Mail(0), Mail(1, isLiked: true), Mail(2)]
    }
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .liked)))
  }

  @Test func aRemovedRowsEffectsAreCancelled() async {
    let store = inbox()
    await store.send(.rows(.element(id: 1, action: .like))) {
      $0.list.elements = [Mail(0), Mail(1, isLiked: true), Mail(2)]
    }
    #expect(store.runningEffectCount == 1)
    await store.send(.list(.remove(1))) {
      $0.list.elements = [Mail(0), Mail(2)]
      $0.list.pages[0].count = 2
    }
    await store.finish()  // the like was never answered: cancelled with its row
  }

  @Test func aResetCancelsEveryRowsEffects() async {
    let store = inbox()
    store.exhaustivity = .off
    await store.send(.rows(.element(id: 0, action: .like)))
    await store.send(.rows(.element(id: 2, action: .like)))
    await store.send(.list(.reset(context: NoPaginationContext.none)))
    #expect(store.state.list.elements.isEmpty)
    await loader.waitForRequests(count: 1)
    loader.respond(to: loader.requests[0], with: Page(elements: [Mail(7)]))
    await store.receive(case: Inbox.Action.list)
    store.skipReceivedActions()
    store.exhaustivity = .on
    await store.finish()  // neither like was answered: both were cancelled
  }

  @Test func anEvictedRowsEffectsAreCancelled() async {
    let store = inbox(maxElements: 6)
    store.exhaustivity = .off
    await store.send(.rows(.element(id: 0, action: .like)))
    await store.send(.rows(.element(id: 2, action: .like)))
    for page in 1...2 {
      await store.send(.list(.elementAppeared(page * 3 - 1)))
      loader.respond(to: PageRequest(direction: .bottom, cursor: "page-\(page)"), with: Inbox.page(page))
      await store.receive(case: Inbox.Action.list)
      store.skipReceivedActions()
    }
    #expect(store.state.list.elements.first?.id == 3)  // page 0 was evicted, with mails 0 and 2
    store.exhaustivity = .on
    await store.finish()
  }

  @Test func anActionForARowThatIsNotLoadedIsIgnoredWithAWarning() async {
    let store = inbox()
    let warnings = await RuntimeWarning.$sink.collecting {
      await store.send(.rows(.element(id: 99, action: .like)))
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("99") == true)
  }
}
