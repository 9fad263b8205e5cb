import Pageflow
import PageflowTesting
import Testing

/// A feature whose effects the tests below control.
struct Echo: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var label = "start"
    var nested = Nested()
  }
  struct Nested: Equatable, Sendable {
    var flag = false
    var items: [Int] = []
  }
  enum Action: Equatable, Sendable {
    case bump
    case bumpLater
    case bumpTwiceLater
    case bumped
    case sleep(TestClock)
    case woke
    case throwing
    case touchNested
    case echo(TestClock)
  }
  struct Failure: Error {}

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .bump:
        state.count += 1
        return .none
      case .bumpLater:
        return .run { send in send(.bumped) }
      case .bumpTwiceLater:
        return .run { send in
          send(.bumped)
          send(.bumped)
        }
      case .bumped:
        state.count += 1
        return .none
      case .sleep(let clock):
        return .run { send in
          try await clock.sleep(for: .seconds(5))
          send(.woke)
        }
      case .woke:
        state.label = "woke"
        return .none
      case .throwing:
        return .run { _ in throw Failure() }
      case .echo(let clock):
        return .run { send in send(.sleep(clock)) }
      case .touchNested:
        state.nested.flag = true
        state.nested.items.append(7)
        return .none
      }
    }
  }
}

@MainActor
struct TestStoreFailureTests {
  @Test func anAssertionThatMissesAChangeFailsWithALineByLineDiff() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await withKnownIssue {
      await store.send(.touchNested) { $0.nested.flag = true }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("send(touchNested)") && text.contains("nested: Nested(")
        && text.contains("-     items: []") && text.contains("+     items: [7]")
    }
  }

  @Test func anAssertionThatDescribesAChangeThatDidNotHappenFails() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await withKnownIssue {
      await store.send(.bump) {
        $0.count = 1
        $0.label = "other"
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("-   label: \"other\"") && text.contains("+   label: \"start\"")
    }
  }

  @Test func anActionThatIsNeverReceivedFailsAtFinish() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.bumpLater)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("not yet received:\n  • bumped")
    }
  }

  @Test func sendingWhileAnActionIsUnreceivedFails() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.bumpLater).finish()
    await withKnownIssue {
      await store.send(.bump) { $0.count = 2 }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Sent bump with 1 action(s) from effects not yet received")
    }
  }

  @Test func receiveFailsAtOnceWhenNothingIsRunning() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await withKnownIssue {
      await store.receive(.bumped)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("no action was received and no effect is running")
    }
  }

  @Test func receiveFailsWhenItsTimeoutPasses() async {
    let clock = TestClock()
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.sleep(clock))
    await clock.waitForSleepers()
    await withKnownIssue {
      await store.receive(.woke, timeout: .zero)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("nothing arrived within 0.0 seconds") && text.contains("an effect started by sleep")
    }
    clock.advance(by: .seconds(5))
    await store.receive(.woke) { $0.label = "woke" }
  }

  @Test func receivingTheWrongActionFails() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.bumpLater)
    await withKnownIssue {
      await store.receive(.woke)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Received an unexpected action")
    }
  }

  @Test func anEffectStillRunningAtFinishFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.sleep(clock))
    await withKnownIssue {
      await store.finish(timeout: .zero)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("1 effect(s) still running:\n  • an effect started by sleep")
    }
    store.skipInFlightEffects()
  }

  @Test func aStoreThatGoesAwayWithAnEffectRunningFails() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(initialState: Echo.State()) { Echo() }
      await store.send(.sleep(clock))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("The store went away with 1 effect(s) still running")
    }
  }

  @Test func anEffectThatThrowsWithoutACatchFails() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await withKnownIssue {
      await store.send(.throwing).finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("threw an error that no catch handler handled")
    }
  }

  @Test func anAssertClosureThatThrowsFails() async {
    struct Oops: Error {}
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await withKnownIssue {
      await store.send(.bump) { _ in throw Oops() }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("assert closure of send(bump) threw")
    }
  }
}

@MainActor
struct TestStoreBehaviourTests {
  @Test func exhaustiveFlowPasses() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.bumpTwiceLater)
    await store.receive(.bumped) { $0.count = 1 }
    await store.receive(.bumped) { $0.count = 2 }
    await store.finish()
  }

  @Test func receiveByPredicateTakesTheActionThePredicateAccepts() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.bumpLater)
    await store.receive {
      $0 == .bumped
    } assert: {
      $0.count = 1
    }
  }

  @Test func receiveByCaseMatchesAnyPayload() async {
    let clock = TestClock()
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.echo(clock))
    await store.receive(case: Echo.Action.sleep)  // whatever clock it carries
    await clock.waitForSleepers()
    clock.advance(by: .seconds(5))
    await store.receive(.woke) { $0.label = "woke" }
    await store.finish()
  }

  @Test func nonExhaustiveModeChecksOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    store.exhaustivity = .off
    await store.send(.touchNested) { $0.nested.flag = true }
    await store.send(.bumpTwiceLater)
    await store.receive(.bumped) { $0.count = 1 }
    await store.finish()
    #expect(store.state.count == 2)
  }

  @Test func skipReceivedActionsKeepsTheirEffectOnTheState() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.bumpTwiceLater).finish()
    store.skipReceivedActions()
    #expect(store.state.count == 2)
    await store.send(.bump) { $0.count = 3 }
  }

  @Test func skipInFlightEffectsLetsTheTestEndWithoutWaiting() async {
    let clock = TestClock()
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.sleep(clock))
    store.skipInFlightEffects()
    await store.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func aTestClockWakesSleepersOnlyWhenAdvanced() async {
    let clock = TestClock()
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.sleep(clock))
    await clock.waitForSleepers()
    clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)  // still asleep
    clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 0)
    await store.receive(.woke) { $0.label = "woke" }
    #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
  }
}
