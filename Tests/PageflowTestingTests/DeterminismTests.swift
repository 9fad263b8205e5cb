import Pageflow
import PageflowTesting
import Testing

/// Concurrent effects arrive in the same order on every run: effects start on the main actor in
/// the order they were returned, and loads answer in the order the test releases them.
///
/// Each test runs its scenario 1,000 times in a row and reports only the first run that failed,
/// with what failed in it, so a passing run prints one line per test.
@MainActor
@Suite(.serialized)
struct DeterminismTests {
  struct Item: Identifiable, Equatable, Sendable {
    let id: Int
  }

  enum Fan: Equatable, Sendable {
    case start
    case arrived(Int)
  }

  static let runs = 1_000

  /// Runs `scenario` `runs` times; records the failures of the first run that has any.
  func repeatScenario(_ scenario: (_ run: Int) async -> Void) async {
    for run in 0..<Self.runs {
      let failures = await FailureReporter.$capture.collecting { await scenario(run) }
      guard failures.isEmpty else {
        let report = "Run \(run + 1) of \(Self.runs) failed:\n" + failures.joined(separator: "\n")
        Issue.record(Comment(rawValue: report))
        return
      }
    }
  }

  @Test func mergedEffectsArriveInStartOrder() async {
    await repeatScenario { _ in
      let store = TestStore(initialState: [Int]()) {
        Reduce<[Int], Fan> { log, action in
          switch action {
          case .start:
            return .merge((0..<5).map { index in .run { send in send(.arrived(index)) } })
          case .arrived(let index):
            log.append(index)
            return .none
          }
        }
      }
      await store.send(.start)
      for index in 0..<5 {
        await store.receive(.arrived(index)) { $0.append(index) }
      }
      await store.finish()
    }
  }

  @Test func concurrentPageLoadsLandInTheOrderTheyAreAnswered() async {
    await repeatScenario { run in
      let loader = ControllablePageLoader<Item>()
      await pageLoadsLandInAnswerOrder(run: run, loader: loader, PaginationFeature<Item>(loadPage: loader.loadPage))
    }
  }

  @Test func concurrentPageLoadsWithATimeoutLandInTheOrderTheyAreAnswered() async {
    await repeatScenario { run in
      let loader = ControllablePageLoader<Item>()
      let feature = PaginationFeature<Item>(timeout: .seconds(10), clock: TestClock(), loadPage: loader.loadPage)
      await pageLoadsLandInAnswerOrder(run: run, loader: loader, feature)
    }
  }

  /// Loads at both edges at once, answers them in an order that depends on `run`, and expects the
  /// answers in that order.
  func pageLoadsLandInAnswerOrder(
    run: Int, loader: ControllablePageLoader<Item>, _ feature: PaginationFeature<Item>
  ) async {
    let initial = PaginationFeature<Item>.State(
      selection: 10, previous: "before-10", next: "after-12", elements: (10...12).map(Item.init))
    let store = TestStore(initialState: initial) { feature }
    let top = PageRequest(direction: .top, cursor: "before-10")
    let bottom = PageRequest(direction: .bottom, cursor: "after-12")
    await store.send(.loadPage(.top)) { $0.startStatus = .loading(top) }
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(bottom) }
    await loader.waitForRequests(count: 2)
    // Even runs answer the top first, odd runs the bottom first.
    let order = run.isMultiple(of: 2) ? [top, bottom] : [bottom, top]
    for request in order {
      let ids = request.direction == .top ? Array(7...9) : Array(13...15)
      loader.respond(to: request, with: Page(elements: ids.map(Item.init)))
    }
    for request in order {
      await store.receive({ action in
        if case .pageResponse(let response) = action { response.request == request } else { false }
      }) {
        if request.direction == .top {
          $0.elements.prepend(contentsOf: (7...9).map(Item.init))
          $0.pages.prepend(PageInfo(count: 3))
          $0.startStatus = .endReached(.noMoreCursor)
        } else {
          $0.elements.append(contentsOf: (13...15).map(Item.init))
          $0.pages.append(PageInfo(count: 3))
          $0.endStatus = .endReached(.noMoreCursor)
        }
      }
      await store.receive(case: PaginationFeature<Item>.Action.delegate)
    }
    await store.finish()
  }
}
