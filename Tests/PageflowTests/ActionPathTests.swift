import Pageflow
import PageflowTesting
import Testing

/// An action path made from an enum case finds that case's payload by reflection, whatever the
/// shape of the case: one unlabelled value, one labelled value, several values, or a case nested
/// in another. A path that cannot work says so instead of never matching.
@MainActor
struct ActionPathTests {
  enum Target: Equatable, Sendable {
    case top
    case message(Int)
  }

  enum Action: Equatable, Sendable {
    case jump(to: Target)
    case jumpBack(from: Target)
    case plain(Target)
    case pair(Int, String)
    case labelledPair(count: Int, name: String)
    case counter(Counter.Action)
    case other(Counter.Action)
    case name(String)
  }

  @Test func casesWithTheSamePayloadTypeAreToldApart() {
    let counter = ActionPath(Parent.Action.counter)
    let detail = ActionPath(Parent.Action.detail)
    #expect(counter.extract(.counter(.increment)) == .increment)
    #expect(counter.extract(.detail(.increment)) == nil)
    #expect(detail.extract(.detail(.stop)) == .stop)
    #expect(counter.extract(.showDetail) == nil)
  }

  @Test func aCaseWithOneLabelledValueIsMatched() {
    let jump = ActionPath(Action.jump)
    #expect(jump.extract(.jump(to: .message(3))) == .message(3))
    #expect(jump.extract(.plain(.message(3))) == nil)
    #expect(jump.extract(.jumpBack(from: .top)) == nil)
  }

  @Test func aLabelledExistentialPayloadIsMatched() {
    let reset = ActionPath(Feature.Action.reset)
    let context = reset.extract(.reset(context: NoPaginationContext.none))
    #expect(context is NoPaginationContext)
    #expect(reset.extract(.refresh) == nil)
  }

  @Test func aCaseWithSeveralValuesIsMatchedThroughATuple() {
    let pair = ActionPath<Action, (Int, String)> { .pair($0.0, $0.1) }
    #expect(pair.extract(.pair(1, "one")).map { "\($0.0) \($0.1)" } == "1 one")
    let labelled = ActionPath<Action, (Int, String)> { .labelledPair(count: $0.0, name: $0.1) }
    #expect(labelled.extract(.labelledPair(count: 2, name: "two")).map { "\($0.0) \($0.1)" } == "2 two")
    #expect(labelled.extract(.pair(2, "two")) == nil)
  }

  @Test func aCaseNestedInAnotherIsMatchedThroughBoth() {
    let chain = ActionPath<Action, Int> { .counter(.chain($0)) }
    #expect(chain.extract(.counter(.chain(3))) == 3)
    #expect(chain.extract(.other(.chain(3))) == nil)
    #expect(chain.extract(.counter(.failed("3"))) == nil)
  }

  @Test func aScopeOnACaseWithALabelledValueRunsItsChild() async {
    let store = Store(initialState: Target.top) {
      Scope(state: \Target.self, action: Action.jump) {
        Reduce<Target, Target> { state, target in
          state = target
          return .none
        }
      }
    }
    store.send(.jump(to: .message(7)))
    #expect(store.state == .message(7))
  }

  @Test func aTestStoreReceivesACaseWithALabelledValueByCase() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        guard case .plain(let target) = action else { return .none }
        return .send(.jump(to: target))
      }
    }
    await store.send(.plain(.top))
    await store.receive(case: Action.jump)
  }

  @Test func aPathThatCannotFindWhatItEmbedsWarns() async {
    let warnings = await RuntimeWarning.$sink.collecting {
      // Converts its value: reflection cannot get the value back from the case it makes.
      let path = ActionPath<Action, Target> { .name("\($0)") }
      #expect(path.extract(.plain(.top)) == nil)  // a payload of the right type, found again nowhere
      _ = path.embed(.top)
    }
    #expect(warnings.count == 2)
    #expect(warnings.allSatisfy { $0.contains("cannot find the value it embeds") })
  }
}
