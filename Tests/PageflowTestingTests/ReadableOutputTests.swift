import Pageflow
import PageflowTesting
import Testing

@testable import PageflowTesting

/// What a failing test prints reads like the test itself: actions as a test writes them, fields
/// under the names the feature declares, and no bookkeeping the feature's author did not write.
@MainActor
struct ReadableOutputTests {
  struct Item: Identifiable, Equatable, Sendable {
    let id: Int
  }

  typealias List = PaginationFeature<Item>

  struct State: Equatable, Sendable {
    @LoadableStateWith<String, List.State> var items
  }

  enum Action: Equatable, Sendable {
    case items(LoadingAction<String, List.State, List.Action>)
  }

  @Test func anActionIsDescribedAsATestWritesIt() {
    let response = List.PageResponse(
      request: PageRequest(direction: .bottom, cursor: "page-2"),
      result: .success(Page(next: "page-3", elements: [Item(id: 1), Item(id: 2)])))
    #expect(
      ShortDescription.of(Action.items(.loaded(.pageResponse(response))))
        == #".items(.loaded(.pageResponse(bottom after "page-2" → 2 elements, next "page-3", previous nil)))"#)
    #expect(ShortDescription.of(Action.items(.load("general"))) == #".items(.load("general"))"#)
    #expect(ShortDescription.of(Action.items(.loaded(.select(.bottom)))) == ".items(.loaded(.select(.bottom)))")
  }

  @Test func aValueTooLongForOneLineIsShortenedToItsType() {
    let list = List.State(selection: 1, elements: (1...50).map(Item.init))
    let finished = Action.items(.finished("general", didRefresh: false, .success(list)))
    #expect(ShortDescription.of(finished) == #".items(.finished("general", didRefresh: false, .success(State(…))))"#)
  }

  @Test func aDiffNamesAWrappedFieldAsDeclaredAndShowsOnlyWhatTheAuthorWrote() throws {
    var loading = State()
    loading.$items.becomeActive("general")
    let diff = try #require(StateDiff.diff(expected: State(), actual: loading))
    #expect(
      diff == """
          State(
            items: LoadableState(
        -     status: pending
        +     status: loading "general"
              value: nil
          … (2 unchanged)
        """)
  }

  @Test func aLoadingStatusDescribesItself() {
    struct Boom: Error {}
    #expect("\(LoadingStatus<String>.pending)" == "pending")
    #expect("\(LoadingStatus.active("general", isRefresh: false))" == #"loading "general""#)
    #expect("\(LoadingStatus.active("general", isRefresh: true))" == #"refreshing "general""#)
    #expect("\(LoadingStatus.success("general"))" == #"loaded "general""#)
    #expect("\(LoadingStatus.failure("general", LoadError(Boom())))" == #"failed "general": Boom()"#)
    #expect("\(LoadingStatus.success(EmptyLoadRequest()))" == "loaded")
  }

  @Test func loadableStatesThatDumpAlikeAreEqual() {
    struct Boom: Error {}
    typealias Profile = LoadableStateWith<String, String>
    // Every state two transitions from each shortcut, however it was reached.
    let transitions: [(inout Profile) -> Void] = [
      { $0.becomeActive("ada") }, { $0.becomeActive("bob", isRefresh: true) }, { $0.cancel() },
      { $0.finish("ada", result: .success("Ada")) }, { $0.finish("bob", result: .failure(LoadError(Boom()))) },
      { $0.dismissError() },
    ]
    let starts: [Profile] = [
      .pending, .loading("ada"), .loaded("Ada", request: "ada"), .refreshing("Ada", request: "ada"),
      .failed(Boom(), request: "bob"), .failed(Boom(), request: "bob", previous: "Ada"),
    ]
    var states = starts
    for start in starts {
      for first in transitions {
        for second in transitions {
          var state = start
          first(&state)
          second(&state)
          states.append(state)
        }
      }
    }
    let dumped = states.map { ($0, StateDiff.dump($0)) }
    let disagreements = dumped.flatMap { a in
      dumped.filter { b in (a.0 == b.0) != (a.1 == b.1) }.map { (a.1, $0.1) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count) pairs, first: \(disagreements.first.map { "\($0)" } ?? "")")
  }

  @Test func equalSetsAndDictionariesAreShownAlike() {
    struct Tagged: Equatable {
      var tags: Set<String>
      var counts: [String: Int]
    }
    let words = (0..<64).map { "tag \($0)" }
    let forward = Tagged(tags: Set(words), counts: Dictionary(uniqueKeysWithValues: words.map { ($0, 1) }))
    var backward = Tagged(tags: [], counts: [:])
    for word in words.reversed() {
      backward.tags.insert(word)
      backward.counts[word] = 1
    }
    #expect(forward == backward)
    #expect(StateDiff.diff(expected: forward, actual: backward) == nil)
    #expect(StateDiff.dump(Set([3, 1, 2])) == ["[1, 2, 3]"])
  }
}
