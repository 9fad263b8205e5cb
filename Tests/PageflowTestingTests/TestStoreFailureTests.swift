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
    case sleepTwice(TestClock)
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
      case .sleepTwice(let clock):
        let sleep = Effect<Action>.run { send in
          try await clock.sleep(for: .seconds(5))
          send(.woke)
        }
        return .concatenate(sleep, sleep)
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

/// Each way a test store finds a test wrong, with the exact message it reports. The failures are
/// taken before they reach Swift Testing, so these tests fail only when a message changes or a
/// failure goes missing.
@MainActor
struct TestStoreFailureTests {
  /// The failures `body` reports.
  func failures(of body: () async -> Void) async -> [String] {
    await FailureReporter.$capture.collecting { await body() }
  }

  @Test func anAssertionThatMissesAChangeFailsWithALineByLineDiff() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    let failures = await failures {
      await store.send(.touchNested) { $0.nested.flag = true }
    }
    #expect(
      failures == [
        """
        State after send(.touchNested) is not what was expected (- expected, + actual):
          State(
          … (2 unchanged)
            nested: Nested(
              flag: true
        -     items: []
        +     items: [7]
            )
          … (1 unchanged)
        """
      ])
  }

  @Test func anAssertionThatDescribesAChangeThatDidNotHappenFails() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    let failures = await failures {
      await store.send(.bump) {
        $0.count = 1
        $0.label = "other"
      }
    }
    #expect(
      failures == [
        """
        State after send(.bump) is not what was expected (- expected, + actual):
          State(
            count: 1
        -   label: "other"
        +   label: "start"
            nested: Nested(
          … (4 unchanged)
        """
      ])
  }

  @Test func anActionThatIsNeverReceivedFailsAtFinish() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.bumpLater)
    let failures = await failures { await store.finish() }
    #expect(failures == ["finish() was called with 1 action(s) from effects not yet received:\n  • .bumped"])
  }

  @Test func sendingWhileAnActionIsUnreceivedFails() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.bumpLater).finish()
    let failures = await failures {
      await store.send(.bump) { $0.count = 2 }
    }
    #expect(failures == ["Sent .bump with 1 action(s) from effects not yet received:\n  • .bumped"])
  }

  @Test func receiveFailsAtOnceWhenNothingIsRunning() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    let failures = await failures { await store.receive(.bumped) }
    #expect(failures == ["Expected to receive .bumped, but no action was received and no effect is running."])
  }

  @Test func receiveFailsWhenItsTimeoutPasses() async {
    let clock = TestClock()
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.sleep(clock))
    await clock.waitForSleepers()
    let failures = await failures { await store.receive(.woke, timeout: .zero) }
    #expect(
      failures == [
        "Expected to receive .woke, but nothing arrived within 0.0 seconds. "
          + "Waiting with 1 effect(s) still running:\n  • an effect started by .sleep(TestClock)"
      ])
    clock.advance(by: .seconds(5))
    await store.receive(.woke) { $0.label = "woke" }
  }

  @Test func receivingTheWrongActionFailsWithADiffOfTheTwo() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.bumpLater)
    let failures = await failures { await store.receive(.woke) }
    #expect(failures == ["Received an unexpected action (- expected, + received):\n- .woke\n+ .bumped"])
  }

  @Test func receivingTheWrongCaseNamesTheActionReceived() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.bumpLater)
    let failures = await failures { await store.receive(case: Echo.Action.sleep) }
    #expect(failures == ["Received .bumped, which is not an action of the expected case."])
  }

  @Test func anEffectStillRunningAtFinishFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.sleep(clock))
    let failures = await failures { await store.finish(timeout: .zero) }
    #expect(
      failures == [
        "finish() timed out with 1 effect(s) still running:\n  • an effect started by .sleep(TestClock)"
      ])
    store.skipInFlightEffects()
  }

  @Test func aStoreThatGoesAwayWithAnEffectRunningFails() async {
    let clock = TestClock()
    let failures = await failures {
      let store = TestStore(initialState: Echo.State()) { Echo() }
      await store.send(.sleep(clock))
    }
    #expect(
      failures == [
        "The store went away with 1 effect(s) still running:\n  • an effect started by .sleep(TestClock)"
      ])
  }

  @Test func aStoreThatGoesAwayWithAConcatenationPendingFails() async {
    let clock = TestClock()
    let failures = await failures {
      let store = TestStore(initialState: Echo.State()) { Echo() }
      await store.send(.sleepTwice(clock))
    }
    #expect(
      failures == [
        "The store went away with 1 effect(s) still running:\n  • an effect started by .sleepTwice(TestClock)"
      ])
  }

  @Test func aConcatenationStillRunningAtFinishIsReportedOnce() async {
    let clock = TestClock()
    let store = TestStore(initialState: Echo.State()) { Echo() }
    await store.send(.sleepTwice(clock))
    await clock.waitForSleepers()
    let failures = await failures { await store.finish(timeout: .zero) }
    #expect(
      failures == [
        "finish() timed out with 1 effect(s) still running:\n  • an effect started by .sleepTwice(TestClock)"
      ])
    store.skipInFlightEffects()
  }

  @Test func anEffectThatThrowsWithoutACatchFails() async {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    let failures = await failures { await store.send(.throwing).finish() }
    #expect(failures == ["An effect started by .throwing threw an error that no catch handler handled:\n  Failure()"])
  }

  @Test func anAssertClosureThatThrowsFails() async {
    struct Oops: Error {}
    let store = TestStore(initialState: Echo.State()) { Echo() }
    let failures = await failures {
      await store.send(.bump) { _ in throw Oops() }
    }
    #expect(failures == ["The assert closure of send(.bump) threw: Oops()"])
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
