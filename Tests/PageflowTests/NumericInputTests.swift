import Pageflow
import PageflowTesting
import Testing

/// Every public `Int` and `Duration` input, at its extremes and around zero, is clamped, refused
/// with an error or taken as it is: none traps.
@MainActor
@Suite(.collectingWarnings)
struct NumericInputTests {
  nonisolated static let integers = [Int.min, -1, 0, 1, Int.max]
  nonisolated static let durations: [Duration] = [
    Duration(attoseconds: .min), .seconds(Int64.min), .seconds(-1), .zero, .seconds(1), .seconds(Int64.max),
    Duration(attoseconds: .max),
  ]

  let pages = MessagePages(size: 3, total: 30)

  func loadPage() -> Feature.LoadPage {
    let pages = self.pages
    return { request in
      guard let cursor = request.cursor, let page = Int(cursor.rawValue.dropFirst(5)) else { return pages.page(0) }
      return pages.page(page)
    }
  }

  /// Scrolls, inserts, removes, selects, jumps and refreshes a store of `feature` from page 3.
  func drive(_ feature: Feature) async {
    let store = Store(initialState: pages.state(at: 3)) { feature }
    for id in 9..<12 { await store.send(.elementAppeared(id)).finish() }
    for _ in 0..<4 { await store.send(.loadPage(.bottom)).finish() }
    for _ in 0..<4 { await store.send(.loadPage(.top)).finish() }
    await store.send(.insert(Message(1_000), at: .bottom)).finish()
    await store.send(.insert(Message(-1), at: .sorted)).finish()
    await store.send(.remove(10)).finish()
    await store.send(.select(.trailing)).finish()
    await store.send(.jump(to: .element(25))).finish()
    await store.send(.refresh).finish()
    #expect(store.state.selectionIndex != nil)
    #expect(store.state.pages.reduce(0) { $0 + $1.count } == store.state.elements.count)
  }

  @Test(arguments: integers)
  func theFeaturesSettingsAreClampedAndTheFeatureRuns(value: Int) async {
    let feature = Feature(
      prefetchDistance: value, maxConsecutiveEmptyPages: value, maxElements: value, loadPage: loadPage())
    #expect(feature.prefetchDistance == Swift.max(0, value))
    #expect(feature.maxConsecutiveEmptyPages == Swift.max(1, value))
    #expect(feature.maxElements == Swift.max(1, value))
    var set = Feature(loadPage: loadPage())
    set.prefetchDistance = value
    set.maxConsecutiveEmptyPages = value
    set.maxElements = value
    #expect(set.prefetchDistance == feature.prefetchDistance && set.maxElements == feature.maxElements)
    await drive(feature)
    for other in Self.integers {
      var mixed = feature
      mixed.prefetchDistance = other
      await drive(mixed)
    }
  }

  @Test(arguments: integers)
  func validateWindowAnswersForAnyPageSize(pageSize: Int) {
    for limit in Self.integers + [nil] {
      for prefetch in Self.integers + [nil] {
        let feature = Feature(prefetchDistance: prefetch, maxElements: limit, loadPage: loadPage())
        do {
          try feature.validateWindow(pageSize: pageSize)
        } catch {
          guard case .invalidConfiguration = error else {
            Issue.record("validateWindow threw \(error)")
            return
          }
        }
      }
    }
  }

  @Test(arguments: durations)
  func aLoadTimeoutOfAnyDurationTimesOutOrNot(timeout: Duration) async {
    let clock = TestClock()
    let loader = ControllablePageLoader<Message>()
    let store = Store(initialState: pages.state(at: 0)) {
      Feature(timeout: timeout, retry: .never, clock: clock, loadPage: loader.loadPage)
    }
    let task = store.send(.loadPage(.bottom))
    clock.advance(by: timeout)
    clock.advance(by: timeout)
    if timeout > .zero {
      #expect(store.state.endStatus.isLoading)  // a page that never answers waits out the timeout
      loader.respond(to: .bottom("page-1"), with: pages.page(1))
    }
    await task.finish()
    #expect(!store.state.endStatus.isLoading)

    // On a real clock too, the timeout's sleep starts and ends without trapping.
    let answering = Store(initialState: pages.state(at: 0)) {
      Feature(timeout: timeout, clock: ContinuousClock(), loadPage: loadPage())
    }
    await answering.send(.loadPage(.bottom)).finish()
    #expect(!answering.state.endStatus.isLoading)
  }

  @Test(arguments: durations)
  func aTestClockAdvancesByAnyDuration(duration: Duration) {
    let clock = TestClock()
    for _ in 0..<3 { clock.advance(by: duration) }
    #expect(clock.now >= TestClock.Instant())
    #expect(clock.now.advanced(by: duration).offset >= .zero || duration < .zero)
    _ = clock.now.duration(to: TestClock.Instant(offset: Duration(attoseconds: .min)))
  }

  @Test(arguments: durations)
  func aTestStoreWaitsForAnyTimeout(timeout: Duration) async {
    let store = TestStore(initialState: pages.state(at: 0), timeout: timeout) {
      Feature(loadPage: loadPage())
    }
    await store.send(.selectElement(1)) { $0.selection = 1 }
    await store.receive(.delegate(.didSelect(Message(1))), timeout: timeout)
    await store.finish(timeout: timeout)
  }

  @Test(arguments: integers)
  func countsAndOffsetsOutsideTheListAnswerNothing(value: Int) async {
    var state = pages.state(at: 0)
    state.pages = PageList([PageInfo(count: value), PageInfo(count: 3)])
    #expect(PageInfo(count: value).count == Swift.max(0, value))
    #expect(state.pages.range(ofPage: value).map { _ in (0...1).contains(value) } ?? true)
    #expect(state.pages.page(containingOffset: value).map { _ in (0..<3).contains(value) } ?? true)
    #expect(state.elements(ofPage: value).count <= 3)
    let loader = ControllablePageLoader<Message>()
    await loader.waitForRequests(count: Swift.min(0, value))
    await TestClock().waitForSleepers(count: Swift.min(0, value))
  }
}
