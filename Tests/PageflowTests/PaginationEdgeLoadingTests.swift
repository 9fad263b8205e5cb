import Pageflow
import PageflowTesting
import Testing

/// Each end of the list loads on its own: status, failure, retry and cancel per end.
@MainActor
struct PaginationEdgeLoadingTests {
  let pages = MessagePages()
  struct ServerDown: Error, Equatable {}

  @Test func topAndBottomLoadAtTheSameTimeAndAnswerInAnyOrder() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 2)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-1")) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-3")) }
    #expect(store.runningEffectCount == 2)

    loader.respond(to: .bottom("page-3"), with: pages.page(3))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(3))
      $0.pages.append(pages.info(3))
      $0.endStatus = .endReached(.noMoreCursor)
    }
    await store.receive(case: Feature.Action.delegate)
    #expect(store.state.startStatus == .loading(.top("page-1")))

    loader.respond(to: .top("page-1"), with: pages.page(1))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.prepend(contentsOf: pages.messages(1))
      $0.pages.prepend(pages.info(1))
      $0.startStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
    #expect(store.state.elements.map(\.id) == Array(3..<12))
  }

  @Test func aFailureAtOneEndLeavesTheOtherEndAndTheElementsAlone() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 2)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(.top("page-1")) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-3")) }
    loader.fail(.top("page-1"), with: ServerDown())
    await store.receive(.pageResponse(.init(request: .top("page-1"), result: .failure(LoadError(ServerDown()))))) {
      $0.startStatus = .failed(LoadError(ServerDown()), retryable: true)
    }
    #expect(store.state.endStatus == .loading(.bottom("page-3")))
    #expect(store.state.elements.map(\.id) == [6, 7, 8])
    store.skipInFlightEffects()
  }

  @Test func aFailedEndIgnoresTriggersUntilRetried() async {
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    loader.fail(.bottom("page-1"), with: ServerDown())
    await store.receive(case: Feature.Action.pageResponse) {
      $0.endStatus = .failed(LoadError(ServerDown()), retryable: true)
    }
    await store.send(.loadPage(.bottom))
    await store.send(.elementAppeared(2)) { $0.lastVisible = 2 }

    await store.send(.retry(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(1))
      $0.pages.append(pages.info(1))
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
    #expect(loader.requests == [.bottom("page-1"), .bottom("page-1")])
  }

  @Test func retryDoesNothingUnlessTheEndFailed() async {
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: ControllablePageLoader().loadPage) }
    await store.send(.retry(.bottom))
    await store.send(.retry(.top))
  }

  @Test func cancelStopsTheLoadAndDropsItsLateAnswer() async {
    let loader = ControllablePageLoader<Message>(ignoresCancellation: true)
    let store = TestStore(initialState: pages.state(at: 0)) { Feature(loadPage: loader.loadPage) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    await store.send(.cancel(.bottom)) { $0.endStatus = .idle }
    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    await store.finish()
    #expect(store.state.elements.count == 3)

    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(1))
      $0.pages.append(pages.info(1))
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
  }

  @Test func aLoaderThatNeverAnswersTimesOutOnTheClock() async {
    let loader = ControllablePageLoader<Message>()
    let clock = TestClock()
    let store = TestStore(initialState: pages.state(at: 0)) {
      Feature(timeout: .seconds(10), retry: .never, clock: clock, loadPage: loader.loadPage)
    }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    await clock.waitForSleepers()
    clock.advance(by: .seconds(9))
    #expect(clock.sleeperCount == 1)  // the timeout has not fired
    clock.advance(by: .seconds(1))
    let timedOut = LoadError(PaginationError.timedOut(after: .seconds(10)))
    await store.receive(.pageResponse(.init(request: .bottom("page-1"), result: .failure(timedOut)))) {
      $0.endStatus = .failed(timedOut, retryable: true)
    }
    await store.send(.retry(.bottom)) { $0.endStatus = .loading(.bottom("page-1")) }
    // One answer: it must reach the retry, not a waiter the timed-out load left behind.
    loader.respond(to: .bottom("page-1"), with: pages.page(1))
    await store.receive(case: Feature.Action.pageResponse) {
      $0.elements.append(contentsOf: pages.messages(1))
      $0.pages.append(pages.info(1))
      $0.endStatus = .idle
    }
    await store.receive(case: Feature.Action.delegate)
    await store.finish()
  }
}
