import Foundation
import Pageflow
import Testing

/// The elements of one page and the page of one element: each page's range of `elements`, kept
/// right as pages arrive at either edge, are evicted, or change size with live inserts and removals.
@MainActor
struct PageRangeTests {
  let pages = MessagePages()

  @Test func eachPageKnowsWhichElementsCameFromIt() async {
    let store = Store(initialState: pages.state(at: 1)) {
      Feature { request in pages.page(request.cursor.flatMap { Int($0.rawValue.dropFirst("page-".count)) } ?? 0) }
    }
    await store.send(.loadPage(.bottom)).finish()
    await store.send(.loadPage(.top)).finish()
    let state = store.state
    #expect(state.elements.map(\.id) == Array(0...8))
    #expect(state.pages.indices.map { state.elements(ofPage: $0).map(\.id) } == [[0, 1, 2], [3, 4, 5], [6, 7, 8]])
    #expect(state.pages.indices.map { state.pages.range(ofPage: $0) } == [0..<3, 3..<6, 6..<9])
    #expect(state.page(containing: 0) == 0)
    #expect(state.page(containing: 5) == 1)
    #expect(state.page(containing: 6) == 2)
    #expect(state.pages.page(containingOffset: 8) == 2)
  }

  @Test func aPageOfDuplicatesOrAnEmptyPageHoldsFewerElementsOrNone() {
    var state = Feature.State(selection: 0, next: "page-1", elements: [Message(0), Message(1)])
    state.elements.append(contentsOf: [Message(2)])
    state.pages.append(PageInfo(previous: "page-0", next: "page-2", count: 1))  // 1 and 2 sent, 1 a duplicate
    state.pages.append(PageInfo(previous: "page-1", next: "page-3", count: 0))  // nothing new
    state.elements.append(contentsOf: [Message(3), Message(4)])
    state.pages.append(PageInfo(previous: "page-2", count: 2))
    #expect(state.elements(ofPage: 1).map(\.id) == [2])
    #expect(state.elements(ofPage: 2).isEmpty)
    #expect(state.pages.range(ofPage: 2) == 3..<3)
    #expect(state.page(containing: 3) == 3)  // not the empty page that starts at the same offset
    #expect(state.elements(ofPage: 3).map(\.id) == [3, 4])
  }

  @Test func aLiveInsertOrRemovalInsideAPageMovesThePagesAfterIt() async {
    // Three pages of even ids: [0, 2, 4], [6, 8, 10], [12, 14, 16].
    var initial = Feature.State(selection: 0, elements: stride(from: 0, through: 16, by: 2).map { Message($0) })
    initial.pages = PageList([
      PageInfo(next: "page-1", count: 3), PageInfo(previous: "page-0", next: "page-2", count: 3),
      PageInfo(previous: "page-1", count: 3),
    ])
    let store = Store(initialState: initial) {
      Feature(areInIncreasingOrder: { $0.id < $1.id }) { _ in Page(elements: []) }
    }
    store.send(.insert(Message(7), at: .sorted))
    #expect(store.state.elements(ofPage: 1).map(\.id) == [6, 7, 8, 10])
    #expect(store.state.elements(ofPage: 2).map(\.id) == [12, 14, 16])
    store.send(.remove(2))
    #expect(store.state.elements(ofPage: 0).map(\.id) == [0, 4])
    #expect(store.state.pages.indices.map { store.state.pages.range(ofPage: $0) } == [0..<2, 2..<6, 6..<9])
    #expect(store.state.page(containing: 12) == 2)
  }

  @Test(.collectingWarnings) func evictedPagesLeaveTheRangesOfThePagesThatStay() async {
    let pages = MessagePages(size: 3, total: 30)
    let store = Store(initialState: pages.state(at: 0)) {
      Feature(prefetchDistance: 1, maxElements: 6) { request in
        pages.page(request.cursor.flatMap { Int($0.rawValue.dropFirst("page-".count)) } ?? 0)
      }
    }
    for id in [2, 5, 8] { await store.send(.elementAppeared(id)).finish() }
    #expect(store.state.elements.map(\.id) == Array(6...11))
    #expect(store.state.elements(ofPage: 0).map(\.id) == [6, 7, 8])
    #expect(store.state.elements(ofPage: 1).map(\.id) == [9, 10, 11])
    #expect(store.state.page(containing: 3) == nil)  // evicted
  }

  @Test func anUnknownPageOrElementHasNoElementsAndNothingTraps() {
    var state = pages.state(at: 0)
    #expect(state.elements(ofPage: 1).isEmpty)
    #expect(state.elements(ofPage: -1).isEmpty)
    #expect(state.pages.range(ofPage: 1) == nil)
    #expect(state.page(containing: 99) == nil)
    #expect(state.pages.page(containingOffset: -1) == nil)
    #expect(state.pages.page(containingOffset: 3) == nil)
    #expect(PageList().range(ofPage: 0) == nil)
    #expect(PageList().page(containingOffset: 0) == nil)
    // Pages built by hand that claim more elements than are loaded: the slice stops at the end.
    state.pages = PageList([PageInfo(count: 2), PageInfo(count: 5)])
    #expect(state.elements(ofPage: 1).map(\.id) == [2])
  }

  @Test func prependingAndPoppingRenumberNothing() {
    var list = PageList([PageInfo(count: 2), PageInfo(count: 3)])
    list.prepend(PageInfo(count: 4))
    #expect(list.indices.map { list.range(ofPage: $0) } == [0..<4, 4..<6, 6..<9])
    list.popFirst()
    list.popFirst()
    list.append(PageInfo(count: 1))
    #expect(list.indices.map { list.range(ofPage: $0) } == [0..<3, 3..<4])
    list[0].count = 1  // the shorter side moves
    list[1].count = 4
    #expect(list.indices.map { list.range(ofPage: $0) } == [0..<1, 1..<5])
    #expect(list == PageList([PageInfo(count: 1), PageInfo(count: 4)]))
  }

  /// Random appends, prepends, pops, inserts and removals inside a page, and count changes, each
  /// followed by a check of every page's range and every offset's page against the sums of the
  /// counts: 20,000 in `swift test`, `PAGEFLOW_PAGE_RANGE_STEPS` as many as it says (CI runs a longer
  /// campaign). Seeded: `PAGEFLOW_TEST_SEED` replays a run; a failure names its seed and step.
  @Test func randomChangesKeepEveryRangeEqualToTheSumsOfTheCounts() {
    let seed = SeededGenerator.seed(default: 20_251_123)
    let steps = ProcessInfo.processInfo.environment["PAGEFLOW_PAGE_RANGE_STEPS"].flatMap(Int.init) ?? 20_000
    var random = SeededGenerator(seed: seed)
    var list = PageList()
    var counts: [Int] = []
    for step in 0..<steps {
      let page = counts.indices.randomElement(using: &random)
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<20:
        let count = Int.random(in: 0...5, using: &random)
        list.append(PageInfo(count: count))
        counts.append(count)
      case 20..<40:
        let count = Int.random(in: 0...5, using: &random)
        list.prepend(PageInfo(count: count))
        counts.insert(count, at: 0)
      case 40..<48:
        #expect(list.popFirst()?.count == counts.first)
        if !counts.isEmpty { counts.removeFirst() }
      case 48..<56:
        #expect(list.popLast()?.count == counts.last)
        if !counts.isEmpty { counts.removeLast() }
      case 56..<74:
        guard let page else { continue }
        list[page].count += 1  // a live insert inside the page
        counts[page] += 1
      case 74..<92:
        guard let page, counts[page] > 0 else { continue }
        list[page].count -= 1  // a live removal
        counts[page] -= 1
      case 92..<99:
        guard let page else { continue }
        let count = Int.random(in: 0...8, using: &random)
        list[page] = PageInfo(next: "page-\(step)", count: count)
        counts[page] = count
      default:
        list.removeAll()
        counts.removeAll()
      }
      if let failure = Self.mismatch(list, counts) {
        Issue.record("seed \(seed) (PAGEFLOW_TEST_SEED=\(seed)), step \(step): \(failure)")
        return
      }
    }
  }

  /// How `list` differs from the ranges and pages that `counts` give, brute force; nil if it does not.
  static func mismatch(_ list: PageList, _ counts: [Int]) -> String? {
    guard list.map(\.count) == counts else { return "counts \(list.map(\.count)), expected \(counts)" }
    var start = 0
    var owners: [Int] = []
    for (page, count) in counts.enumerated() {
      guard list.range(ofPage: page) == start..<(start + count) else {
        return
          "page \(page) of \(counts): range \(list.range(ofPage: page) as Any), expected \(start..<(start + count))"
      }
      owners += repeatElement(page, count: count)
      start += count
    }
    for offset in -1...owners.count {
      let expected = owners.indices.contains(offset) ? owners[offset] : nil
      guard list.page(containingOffset: offset) == expected else {
        return
          "offset \(offset) of \(counts): page \(list.page(containingOffset: offset) as Any), expected \(expected as Any)"
      }
    }
    guard list.range(ofPage: counts.count) == nil, list.range(ofPage: -1) == nil else {
      return "a page outside \(counts) has a range"
    }
    return nil
  }
}

/// The page list on its own: pages added and dropped at both ends many times over, counts changed
/// in the middle, against the plain list of counts it stands for.
struct PageListTests {
  /// The ranges a list of page counts gives, from offset 0.
  func ranges(_ counts: [Int]) -> [Range<Int>] {
    var start = 0
    return counts.map { count in
      defer { start += count }
      return start..<(start + count)
    }
  }

  func check(_ pages: PageList, against counts: [Int], _ comment: Comment) {
    #expect(pages.map(\.count) == counts, comment)
    #expect(pages.indices.map { pages.range(ofPage: $0) } == ranges(counts), comment)
    let total = counts.reduce(0, +)
    let owners = (0..<total).map { offset in ranges(counts).lastIndex { $0.contains(offset) } }
    #expect((0..<total).map { pages.page(containingOffset: $0) } == owners, comment)
    #expect(pages.page(containingOffset: total) == nil, comment)
    #expect(pages.page(containingOffset: -1) == nil, comment)
  }

  @Test func pagesThroughAWindowKeepTheirRangesAndChangeTheirToken() {
    var pages = PageList()
    var counts: [Int] = []
    check(pages, against: [], "empty")
    #expect(pages.popFirst() == nil)
    #expect(pages.popLast() == nil)
    for step in 0..<1_000 {  // down through a window of 20 pages
      let count = step % 7 == 0 ? 0 : 1 + step % 4
      let before = pages.changeToken
      pages.append(PageInfo(next: PaginationCursor(String(step)), count: count))
      counts.append(count)
      #expect(pages.changeToken != before)
      if counts.count > 20 {
        let before = pages.changeToken
        #expect(pages.popFirst()?.count == counts.removeFirst())
        #expect(pages.changeToken != before)
      }
    }
    check(pages, against: counts, "after scrolling down")
    for step in 0..<300 {  // then up
      pages.prepend(PageInfo(previous: PaginationCursor(String(-step)), count: 3))
      counts.insert(3, at: 0)
      #expect(pages.popLast()?.count == counts.removeLast())
    }
    check(pages, against: counts, "after scrolling up")
    pages[2].count += 5  // a live insert near the start
    counts[2] += 5
    pages[17].count = 0  // live removals near the end
    counts[17] = 0
    check(pages, against: counts, "after counts changed")
    let copy = pages
    #expect(copy == pages)
    pages.removeAll()
    #expect(pages.isEmpty)
    #expect(copy != pages)
  }
}
