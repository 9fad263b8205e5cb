import Pageflow
import PageflowTesting
import Testing

/// Concurrent effects arrive in the same order on every run: effects start on the main actor in
/// the order they were returned, and loads answer in the order the test releases them.
///
/// Each test runs 1,000 times. The runs are serialized so that 2,000 of them do not flood the main
/// actor that the rest of the suite shares; their order is fixed by the runtime, not by timing.
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

  @Test(arguments: 0..<1_000)
  func mergedEffectsArriveInStartOrder(run: Int) async {
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

  @Test(arguments: 0..<1_000)
  func concurrentPageLoadsLandInTheOrderTheyAreAnswered(run: Int) async {
    let loader = ControllablePageLoader<Item>()
    let initial = PaginationFeature<Item>.State(
      selection: 10, previous: "before-10", next: "after-12", elements: (10...12).map(Item.init))
    let store = TestStore(initialState: initial) { PaginationFeature<Item>(loadPage: loader.loadPage) }
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
    #expect(store.state.elements.map(\.id) == Array(7...15))
    #expect(store.state.startStatus == .endReached(.noMoreCursor))
    #expect(store.state.endStatus == .endReached(.noMoreCursor))
  }
}
