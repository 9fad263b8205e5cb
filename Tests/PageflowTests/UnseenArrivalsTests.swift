import PageflowTesting
import Testing

@testable import Pageflow

/// How the arrivals the user has not reached are kept: counted exactly, in memory that does not grow
/// with them, and seen by a row on screen without a walk over every one of them.
@MainActor
@Suite(.collectingWarnings)  // random limits, below what a scroll needs on purpose
struct UnseenArrivalsTests {
  @Test func aBusyChannelsArrivalsAreCountedExactlyInBoundedMemory() {
    let store = Store(
      initialState: Feature.State(selection: 0, next: "newer", elements: (0..<5).map { Message($0) })
    ) { Feature(loadPage: ControllablePageLoader<Message>().loadPage) }
    let count = UnseenArrivals<Int>.maxTracked + 1_000
    for id in 0..<count { _ = store.send(.insert(Message(1_000 + id), at: .bottom)) }
    #expect(store.state.unseenBelowScreen == count)
    #expect(store.state.unseenArrivals.below.ids.count <= UnseenArrivals<Int>.maxTracked)
  }
}

extension UnseenArrivalsTests {
  /// The arrivals a walk over every one of them finds seen (the rule itself), kept beside a list
  /// whose rows on screen see them from where the last one stopped.
  struct Reference {
    var above: Set<Int> = []
    var below: Set<Int> = []

    /// The row at `index` of `state` (as it is when that row appears) is on screen.
    mutating func see(_ index: Int, in state: PaginationFeature<Row>.State) {
      let elements = state.elements
      if index >= elements.count - 1, state.endStatus.isEndReached {
        below = []
      } else {
        below = below.filter { elements.index(id: $0).map { $0 > index } ?? true }
      }
      if index <= 0, state.startStatus.isEndReached {
        above = []
      } else {
        above = above.filter { elements.index(id: $0).map { $0 < index } ?? true }
      }
    }
  }

  /// Random live inserts anywhere, rows on screen, selections, removals and pages at both edges
  /// (evicting under a limit in half the runs), each answered at once: the counts equal those of a
  /// walk over every arrival at each row on screen.
  @Test func aRowOnScreenSeesWhatAWalkOverEveryArrivalSees() {
    let seed = SeededGenerator.seed(default: 32)
    var random = SeededGenerator(seed: seed)
    for run in 0..<20 {
      var server = ModelServer(pageSize: Int.random(in: 2...8, using: &random))
      for index in 0..<300 { server[index * 4] = "v0" }
      var feature = PaginationFeature<Row>(areInIncreasingOrder: { $0.id < $1.id }) { _ in Page(elements: []) }
      feature.loadSize = .fixed
      if Bool.random(using: &random) { feature.maxElements = server.pageSize * Int.random(in: 3...8, using: &random) }
      let rules = feature.rules
      let first = server.page(for: PageRequest(.around("600")))
      var state = PaginationFeature<Row>.State(
        selection: first.elements[0].id, previous: first.previous, next: first.next, elements: first.elements)
      var reference = Reference()
      /// Applies `action`, answering every page it asks for at once.
      func apply(_ action: PaginationFeature<Row>.Action) {
        var pending = state.apply(action, rules: rules)
        while let command = pending.first {
          pending.removeFirst()
          guard case .load(let request) = command else { continue }
          let response = PaginationFeature<Row>.PageResponse(
            request: request, result: .success(server.page(for: request)), generation: state.generation)
          pending += state.apply(.pageResponse(response), rules: rules)
        }
      }
      for step in 0..<300 {
        let ids = state.elements.map(\.id)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3:
          let id = 2 * Int.random(in: -20...700, using: &random) + 1
          guard server[id] == nil else { continue }
          server[id] = "v0"
          let counts = (state.unseenAboveScreen, state.unseenBelowScreen)
          apply(.insert(Row(id: id, text: "v0"), at: .sorted))
          if state.unseenAboveScreen > counts.0 { reference.above.insert(id) }
          if state.unseenBelowScreen > counts.1 { reference.below.insert(id) }
        case 3..<6:
          guard !ids.isEmpty else { continue }
          let from = state.lastVisible.flatMap { state.elements.index(id: $0) } ?? ids.count / 2
          let index = Swift.min(ids.count - 1, Swift.max(0, from + Int.random(in: -6...6, using: &random)))
          reference.see(index, in: state)
          apply(.elementAppeared(ids[index]))
        case 6:
          guard let id = ids.randomElement(using: &random) else { continue }
          var selected = state
          selected.selection = id
          reference.see(state.elements.index(id: id) ?? 0, in: selected)
          apply(.selectElement(id))
        case 7:
          guard let id = (ids + reference.above + reference.below).randomElement(using: &random) else { continue }
          server[id] = nil
          reference.above.remove(id)
          reference.below.remove(id)
          apply(.remove(id))
        default:
          apply(.loadPage(Bool.random(using: &random) ? .top : .bottom))
        }
        let expected = (reference.above.count, reference.below.count)
        guard (state.unseenAboveScreen, state.unseenBelowScreen) == expected else {
          Issue.record(
            """
            seed \(seed) run \(run) step \(step): \(state.unseenAboveScreen) above and \(state.unseenBelowScreen) \
            below, a walk over every arrival finds \(expected)
            """)
          return
        }
      }
    }
  }
}
