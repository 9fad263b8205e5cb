import Pageflow
import Testing

/// A request's count is what it asks the loader for, not where the page lies: requests that differ
/// only in count are one request, and a request moved elsewhere keeps its count.
struct PageRequestCountTests {
  @Test func requestsThatDifferOnlyInTheirCountAreTheSameRequest() {
    let page = PageRequest(direction: .bottom, cursor: "page-1", count: 20)
    let larger = PageRequest(direction: .bottom, cursor: "page-1", count: 60)
    #expect(page == larger)
    #expect(Set([page, larger]).count == 1)
    #expect(larger.count == 60)
    #expect(page != PageRequest(direction: .bottom, cursor: "page-2", count: 20))
  }

  @Test func aCountBelowOneAsksForOneAndNoCountLeavesItToTheLoader() {
    #expect(PageRequest(.first, count: 0).count == 1)
    #expect(PageRequest(.first, count: .min).count == 1)
    #expect(PageRequest(.first, count: .max).count == .max)
    #expect(PageRequest(.first).count == nil)
  }

  @Test func aRequestMovedToAnotherPositionKeepsEverythingElse() {
    let refresh = PageRequest(.around("42"), direction: .top, isRefresh: true, count: 30)
    let moved = refresh.with(position: .around("key-42"))
    #expect(moved.position == .around("key-42"))
    #expect(moved.direction == .top)
    #expect(moved.isRefresh)
    #expect(moved.count == 30)
  }
}
