import Pageflow
import PageflowTesting
import Testing

/// `forEach` runs a row's own feature on each element of a list; a row's work runs to completion
/// when its element leaves memory, and ends when it is removed or the list is replaced.
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
      $0.list.elements[id: 1]?.isLiked = true
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

  @Test func aResetToAnotherContextLetsItsRowsWritesFinishAndTheirAnswersReachTheParent() async {
    let server = MailServer()
    let store = TestStore(initialState: Inbox.firstPage) {
      Inbox(clock: clock, server: server, loadPage: loader.loadPage)
    }
    store.exhaustivity = .off
    await store.send(.rows(.element(id: 0, action: .loadPreview)))
    await store.send(.rows(.element(id: 2, action: .like)))
    await clock.waitForSleepers(count: 2)
    await store.send(.list(.reset(context: DocFilter(unreadOnly: true))))  // the user switched filters
    #expect(store.state.list.elements.isEmpty)
    await loader.waitForRequests(count: 1)
    loader.respond(to: loader.requests[0], with: Page(elements: [Mail(7)]))
    await store.receive(case: Inbox.Action.list)
    store.skipReceivedActions()
    store.exhaustivity = .on
    clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .liked)))  // to the parent: the row is not loaded
    #expect(server.isLiked(2))
    await store.finish()  // mail 0's preview, worth loading only in memory, ended with the reset
  }

  @Test func aRowRemovedByAnActionThatAlsoChangesAnotherRowHasItsEffectsCancelled() async {
    let server = MailServer()
    let store = TestStore(initialState: Inbox.firstPage) {
      Inbox(clock: clock, server: server, loadPage: loader.loadPage)
    }
    await store.send(.rows(.element(id: 1, action: .like))) {
      $0.list.elements[id: 1]?.isLiked = true
    }
    await clock.waitForSleepers(count: 1)
    await store.send(.forgetAndMarkNext(1)) {
      $0.list.elements[id: 1] = nil
      $0.list.elements[id: 2]?.isLiked = true
    }
    clock.advance(by: .seconds(1))
    await store.finish()  // the like was cancelled with its row
    #expect(!server.isLiked(1))
  }

  /// Scrolls the inbox (three mails a page, prefetch 1) down to page `last`, answering each page.
  func scroll(_ store: TestStore<Inbox.State, Inbox.Action>, toPage last: Int, server: MailServer? = nil) async {
    for page in 1...last {
      await store.send(.list(.elementAppeared(page * 3 - 1)))
      loader.respond(
        to: PageRequest(direction: .bottom, cursor: "page-\(page)"), with: Inbox.page(page, server: server))
      await store.receive(case: Inbox.Action.list)
      store.skipReceivedActions()
    }
  }

  /// An inbox of at most six mails whose mail 1 was liked, then evicted as it scrolled to page 2,
  /// its like not yet answered; not exhaustive.
  func inboxWithMailOneLikedAndEvicted(server: MailServer) async -> TestStore<Inbox.State, Inbox.Action> {
    let store = TestStore(initialState: Inbox.firstPage) {
      Inbox(clock: clock, maxElements: 6, server: server, loadPage: loader.loadPage)
    }
    store.exhaustivity = .off
    await store.send(.rows(.element(id: 1, action: .like)))
    await scroll(store, toPage: 2, server: server)
    #expect(store.state.list.elements.first?.id == 3)  // page 0 was evicted, with mail 1
    return store
  }

  @Test func anEvictedRowsWriteReachesTheServerAndTheRowComesBackWithItsState() async {
    let server = MailServer()
    let store = await inboxWithMailOneLikedAndEvicted(server: server)
    #expect(!server.isLiked(1))

    store.exhaustivity = .on
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .liked)))  // to the parent: the row is not loaded
    #expect(server.isLiked(1))

    store.exhaustivity = .off
    await store.send(.list(.elementAppeared(3)))
    loader.respond(to: PageRequest(direction: .top, cursor: "page-0"), with: Inbox.page(0, server: server))
    await store.receive(case: Inbox.Action.list)
    store.skipReceivedActions()
    #expect(store.state.list.elements[id: 1] == Mail(1, isLiked: true))
    await store.finish()
  }

  @Test func anEvictedRowsWriteOutlivesALaterRemovalOfOtherRowsAndTheRemovedRowsWorkEnds() async {
    let server = MailServer()
    let store = await inboxWithMailOneLikedAndEvicted(server: server)
    await store.send(.rows(.element(id: 4, action: .like)))
    await clock.waitForSleepers(count: 2)
    await store.send(.forgetAll([4, 5]))  // mail 4 removed, with its like
    store.exhaustivity = .on
    clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .liked)))  // mail 1's like went on
    await store.finish()
    #expect(server.isLiked(1) && !server.isLiked(4))
  }

  @Test func workMarkedCancelledOnEvictionEndsWhenItsRowIsEvicted() async {
    let store = inbox(maxElements: 6)
    store.exhaustivity = .off
    await store.send(.rows(.element(id: 0, action: .loadPreview)))
    await store.send(.rows(.element(id: 1, action: .like)))
    await scroll(store, toPage: 2)
    #expect(store.state.list.elements.first?.id == 3)
    store.exhaustivity = .on
    clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .liked)))  // mail 1's like went on
    await store.finish()  // mail 0's preview ended with its row: it never loaded
  }

  @Test func aRefreshThatReplacesTheWindowLetsItsRowsWorkFinish() async {
    let store = inbox()
    store.exhaustivity = .off
    await store.send(.rows(.element(id: 1, action: .like)))
    await store.send(.list(.refreshFromStart))
    await loader.waitForRequests(count: 1)
    loader.respond(to: loader.requests[0], with: Page(next: "page-1", elements: [Mail(5), Mail(6)]))
    await store.receive(case: Inbox.Action.list)
    store.skipReceivedActions()
    #expect(store.state.list.elements.ids.elementsEqual([5, 6]))
    store.exhaustivity = .on
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .liked)))
  }

  @Test func aRowRemovedThroughItsIdHasItsEffectsCancelled() async {
    let store = inbox()
    await store.send(.rows(.element(id: 1, action: .like))) {
      $0.list.elements[id: 1]?.isLiked = true
    }
    await store.send(.forget(1)) {
      $0.list.elements[id: 1] = nil
    }
    await store.finish()  // the like was cancelled with its row
  }

  @Test func aRowActionThatChangesNothingIsNoChangeToTheList() throws {
    let store = Store(initialState: Inbox.firstPage) { Inbox(clock: clock, loadPage: loader.loadPage) }
    var reader = ListChangeReader<Int>()
    _ = reader.read(store.state.list)
    let token = store.state.list.elements.changeToken
    _ = store.send(.rows(.element(id: 1, action: .liked)))  // the row's reducer leaves the mail as it was
    #expect(store.state.list.elements.changeToken == token)
    let changes = reader.read(store.state.list)
    #expect(changes.elements?.isEmpty == true)
  }

  @Test func anActionForARowThatIsNotLoadedReachesOnlyTheParent() async {
    let store = inbox()
    let warnings = await RuntimeWarning.$sink.collecting {
      await store.send(.rows(.element(id: 99, action: .like)))
    }
    #expect(warnings.isEmpty)
  }
}
