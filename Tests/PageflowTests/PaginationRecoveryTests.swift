import Foundation
import Pageflow
import PageflowTesting
import Testing

/// A failed load is tried again on the feature's clock, as its policy says; while the feature is
/// offline a retry that comes due waits; when the network is back each failed place loads once.
@MainActor
struct PaginationRecoveryTests {
  /// A failure a retry may fix.
  struct Offline: TransientError, Equatable {}
  /// A failure it may not.
  struct Undecodable: Error, Equatable {}

  let pages = MessagePages(size: 3, total: 30)
  let loader = ControllablePageLoader<Message>()
  let clock = TestClock()
  /// Retries after 1 s, 2 s, 4 s: no jitter, so that the test knows when.
  let policy = RetryPolicy(maxRetries: 3, baseDelay: .seconds(1), jitter: 0)

  func store(at page: Int = 1, retry: RetryPolicy? = nil) -> TestStore<Feature.State, Feature.Action> {
    var initial = pages.state(at: page)
    initial.lastVisible = page * 3 + 2
    return TestStore(initialState: initial) {
      Feature(retry: retry ?? policy, clock: clock, loadPage: loader.loadPage)
    }
  }

  /// Fails the bottom load of `request`, and expects the retry the policy schedules.
  func failBottom(
    _ store: TestStore<Feature.State, Feature.Action>, _ request: PageRequest, error: any Error = Offline(),
    retry: ScheduledRetry?
  ) async {
    loader.fail(request, with: error)
    await store.receive(case: Feature.Action.pageResponse) {
      $0.endStatus = .failed(LoadError(error), retryable: true)
      $0.endRetry = retry
    }
  }

  @Test func aTransientFailureIsRetriedAfterDoublingDelaysUpToTheLimit() async {
    let store = store()
    let next = PageRequest.bottom("page-2")
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(next) }
    await failBottom(store, next, retry: ScheduledRetry(attempt: 1, delay: .seconds(1)))
    for (attempt, delay) in [(2, 2), (3, 4)] {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: .seconds(delay / 2))
      await store.receive(.retryTimerFired(.edge(.end))) {
        $0.endRetry = nil
        $0.endStatus = .loading(next)
      }
      await failBottom(store, next, retry: ScheduledRetry(attempt: attempt, delay: .seconds(delay)))
    }
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(4))
    await store.receive(.retryTimerFired(.edge(.end))) {
      $0.endRetry = nil
      $0.endStatus = .loading(next)
    }
    await failBottom(store, next, retry: nil)  // three retries, and the failure stays
    #expect(loader.requests == Array(repeating: next, count: 4))
    await store.finish()
  }

  @Test func aRetryThatSucceedsEndsTheCountAndTheNextFailureStartsAgain() async {
    let store = store()
    store.exhaustivity = .off
    let next = PageRequest.bottom("page-2")
    await store.send(.loadPage(.bottom))
    await failBottom(store, next, retry: ScheduledRetry(attempt: 1, delay: .seconds(1)))
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(1))
    await store.receive(.retryTimerFired(.edge(.end)))
    loader.respond(to: next, with: pages.page(2))
    await store.receive(case: Feature.Action.pageResponse) { $0.endStatus = .idle }
    store.skipReceivedActions()
    let after = PageRequest.bottom("page-3")
    await store.send(.loadPage(.bottom))
    await failBottom(store, after, retry: ScheduledRetry(attempt: 1, delay: .seconds(1)))
    store.skipInFlightEffects()
  }

  @Test func anErrorThePolicyDoesNotRetryWaitsForTheUser() async {
    let store = store()
    let next = PageRequest.bottom("page-2")
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(next) }
    await failBottom(store, next, error: Undecodable(), retry: nil)
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingResettingOrRetryingByHandStopsAWaitingRetry() async {
    let store = store()
    let next = PageRequest.bottom("page-2")
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(next) }
    await failBottom(store, next, retry: ScheduledRetry(attempt: 1, delay: .seconds(1)))
    await store.send(.cancel(.bottom)) { $0.endRetry = nil }  // the failure stays, the retry goes
    #expect(clock.sleeperCount == 0)

    await store.send(.retry(.bottom)) { $0.endStatus = .loading(next) }
    await failBottom(store, next, retry: ScheduledRetry(attempt: 1, delay: .seconds(1)))  // a first attempt again
    store.exhaustivity = .off
    await store.send(.reset(context: NoPaginationContext.none)) { $0.endRetry = nil }
    #expect(clock.sleeperCount == 0)
    store.skipInFlightEffects()
  }

  @Test func aRetryDueWhileOfflineWaitsAndLoadsOnceWhenTheNetworkIsBack() async {
    let store = store()
    let next = PageRequest.bottom("page-2")
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(next) }
    await failBottom(store, next, retry: ScheduledRetry(attempt: 1, delay: .seconds(1)))
    await store.send(.connectivityChanged(isOnline: false)) { $0.isOffline = true }
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(1))
    await store.receive(.retryTimerFired(.edge(.end))) {
      $0.endRetry = ScheduledRetry(attempt: 1, delay: .seconds(1), isWaitingForNetwork: true)
    }
    #expect(loader.requests == [next])  // nothing sent while offline
    await store.send(.connectivityChanged(isOnline: true)) {
      $0.isOffline = false
      $0.endRetry = nil
      $0.endStatus = .loading(next)
    }
    await store.send(.connectivityChanged(isOnline: true))  // already online: nothing more
    await loader.waitForRequests(count: 2)
    #expect(loader.requests == [next, next])
    loader.respond(to: next, with: pages.page(2))
    store.exhaustivity = .off
    await store.receive(case: Feature.Action.pageResponse)
    store.skipReceivedActions()
  }

  @Test func backOnlineEachFailedEdgeLoadsOnceTheOneOnScreenFirst() async {
    let store = store(retry: .never)
    store.exhaustivity = .off
    let top = PageRequest.top("page-0")
    let bottom = PageRequest.bottom("page-2")
    await store.send(.loadPage(.top))
    await store.send(.loadPage(.bottom))
    loader.fail(top, with: Offline())
    loader.fail(bottom, with: Offline())
    await store.receive(case: Feature.Action.pageResponse)
    await store.receive(case: Feature.Action.pageResponse)
    #expect(store.state.startStatus.isFailed && store.state.endStatus.isFailed)
    await store.send(.connectivityChanged(isOnline: false))
    await store.send(.connectivityChanged(isOnline: true))
    await store.send(.connectivityChanged(isOnline: true))
    // The screen is at the window's last row: the bottom first, then the top; one request each.
    await loader.waitForRequests(count: 4)
    #expect(loader.requests == [top, bottom, bottom, top])
    store.skipInFlightEffects()
  }

  @Test func aFailedRefreshIsRetriedLikeAnEdge() async {
    let store = store()
    let refresh = PageRequest.refreshing(.around("5"))
    await store.send(.refresh) { $0.reloadStatus = .loading(refresh) }
    loader.fail(refresh, with: Offline())
    await store.receive(case: Feature.Action.pageResponse) {
      $0.reloadStatus = .failed(refresh, LoadError(Offline()))
      $0.reloadRetry = ScheduledRetry(attempt: 1, delay: .seconds(1))
    }
    #expect(store.state.loadMore(.bottom).scheduledRetry == nil)  // the window is still on screen
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(1))
    await store.receive(.retryTimerFired(.reload)) {
      $0.reloadRetry = nil
      $0.reloadStatus = .loading(refresh)
    }
    await loader.waitForRequests(count: 2)
    #expect(loader.requests == [refresh, refresh])
    store.exhaustivity = .off
    await store.send(.cancelReload)
    store.skipInFlightEffects()
  }

  @Test func theFooterSaysWhenItRetries() async {
    var state = pages.state(at: 1)
    state.endStatus = .failed(LoadError(Offline()), retryable: true)
    state.endRetry = ScheduledRetry(attempt: 2, delay: .seconds(4))
    let footer = state.loadMore(.bottom)
    #expect(footer.scheduledRetry == ScheduledRetry(attempt: 2, delay: .seconds(4)))
    #expect(footer.retry == .retry(.bottom))  // the button still retries at once
    #expect("\(ScheduledRetry(attempt: 2, delay: .seconds(4)))" == "retry 2 in 4.0 seconds")
  }
}

/// The policy's delays and what it retries, for any settings.
struct RetryPolicyTests {
  struct Offline: TransientError {}
  struct Refused: TransientError { var isTransient: Bool { false } }

  @Test func delaysDoubleUpToTheCapAndStopAfterTheLastRetry() {
    let policy = RetryPolicy(maxRetries: 6, baseDelay: .seconds(1), maxDelay: .seconds(10), jitter: 0)
    let error = LoadError(Offline())
    #expect((1...6).map { policy.delay(beforeRetry: $0, after: error) } == [1, 2, 4, 8, 10, 10].map { .seconds($0) })
    #expect(policy.delay(beforeRetry: 7, after: error) == nil)
    #expect(policy.delay(beforeRetry: 0, after: error) == nil)
    #expect(policy.delay(beforeRetry: .max, after: error) == nil)
  }

  @Test func jitterTakesAShareOfTheDelayAtRandom() {
    let error = LoadError(Offline())
    for (random, expected) in [(0.0, 500), (0.5, 750), (0.999_999, 1_000)] {
      let policy = RetryPolicy(baseDelay: .seconds(1), jitter: 0.5, random: { random })
      let delay = policy.delay(beforeRetry: 1, after: error) ?? .zero
      #expect(abs((delay - .milliseconds(expected)) / .milliseconds(1)) < 1)
    }
  }

  @Test func byDefaultOnlyErrorsThatMayGoAwayAreRetried() {
    #expect(RetryPolicy.isTransient(LoadError(PaginationError.timedOut(after: .seconds(5)))))
    #expect(RetryPolicy.isTransient(LoadError(URLError(.notConnectedToInternet))))
    #expect(RetryPolicy.isTransient(LoadError(URLError(.timedOut))))
    #expect(RetryPolicy.isTransient(LoadError(Offline())))
    #expect(!RetryPolicy.isTransient(LoadError(Refused())))
    #expect(!RetryPolicy.isTransient(LoadError(URLError(.badServerResponse))))
    #expect(
      !RetryPolicy.isTransient(LoadError(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "")))))
    #expect(!RetryPolicy.isTransient(LoadError(CancellationError())))
    #expect(RetryPolicy.default.maxRetries == 3 && RetryPolicy.never.maxRetries == 0)
  }

  @Test(arguments: [Int.min, -1, 0])
  func aCountBelowOneNeverRetries(maxRetries: Int) {
    var policy = RetryPolicy(maxRetries: maxRetries)
    #expect(policy.maxRetries == 0)
    #expect(policy.delay(beforeRetry: 1, after: LoadError(Offline())) == nil)
    policy.maxRetries = -5
    #expect(policy.maxRetries == 0)
  }

  @Test func aCapBelowTheBaseDelayIsTheBaseDelayAndNoSettingTraps() {
    let error = LoadError(Offline())
    let capped = RetryPolicy(maxRetries: 3, baseDelay: .seconds(5), maxDelay: .seconds(1), jitter: 0)
    #expect(capped.delay(beforeRetry: 3, after: error) == .seconds(5))
    let negative = RetryPolicy(baseDelay: .seconds(-3), maxDelay: .seconds(-1), jitter: .nan)
    #expect(negative.delay(beforeRetry: 1, after: error) == .zero && negative.jitter == 0)
    let huge = RetryPolicy(
      maxRetries: .max, baseDelay: Duration(attoseconds: .max), maxDelay: Duration(attoseconds: .max))
    #expect((huge.delay(beforeRetry: .max - 1, after: error) ?? .zero) > .seconds(86_400 * 365))
    let wild = RetryPolicy(baseDelay: .seconds(1), jitter: 7, random: { .infinity })
    #expect(wild.jitter == 1 && wild.delay(beforeRetry: 1, after: error) == .seconds(1))
  }
}
