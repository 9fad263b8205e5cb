import Pageflow

/// A store for tests that checks, step by step, every state change and every action sent back by
/// effects.
///
/// ```swift
/// let store = TestStore(initialState: Counter.State()) { Counter() }
/// await store.send(.incrementLater) { $0.isWaiting = true }
/// await store.receive(.increment) {
///   $0.isWaiting = false
///   $0.count = 1
/// }
/// await store.finish()
/// ```
///
/// By default it is exhaustive: a test fails, with a line-by-line diff (`-` expected, `+` actual),
/// when the state changed in a way the `assert` closure did not describe, when an action from an
/// effect was not received, when `receive` waits past ``timeout``, and when effects are still
/// running at ``finish(timeout:fileID:filePath:line:column:)`` or when the store goes away.
/// Failures go to Swift Testing inside a `@Test` and to XCTest inside an `XCTestCase`.
///
/// Effects run on the main actor, in the order they were started, so tests are deterministic; use
/// `ControllablePageLoader` and ``TestClock`` to decide when loads answer and when time passes.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The current state, including the effect of actions not yet received.
  public private(set) var state: State
  /// Whether every change and action must be asserted. See ``Exhaustivity``.
  public var exhaustivity: Exhaustivity = .on {
    didSet { updateTeardown() }
  }
  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait for effects before failing (default: 1
  /// second).
  public var timeout: Duration

  private var assertedState: State
  private let reducer: (inout State, Action) -> Effect<Action>
  private let runtime = EffectRuntime<Action>()
  private let signal = Signal()
  private var received: [(action: Action, state: State)] = []
  private let origin: SourcePosition
  private let teardown = Lock(Teardown())

  /// What the deinitializer needs, kept where it can read it from any thread.
  private struct Teardown: Sendable {
    var isExhaustive = true
    var unreceived: [String] = []
    var running: [String] = []
  }

  /// Creates a test store running `reducer` on `initialState`.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.state = initialState
    self.assertedState = initialState
    self.reducer = reducer.reduce(into:action:)
    self.timeout = timeout
    self.origin = SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
    runtime.reduce = { [weak self] action in self?.reduceReceived(action) ?? .none }
    runtime.onUnhandledError = { [origin] error, action in
      origin.fail(
        "An effect started by \(ShortDescription.of(action)) threw an error that no catch handler handled:\n  \(error)")
    }
    runtime.onEffectsChanged = { [weak self] in
      self?.updateTeardown()
      self?.signal.notify()
    }
  }

  /// Creates a test store running the reducer built by `reducer` on `initialState`.
  public convenience init<R: Reducer>(
    initialState: State,
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, reducer: reducer(), timeout: timeout,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // Not isolated to the main actor: such a deinitializer does not see the task-local context of the
  // running test, so the failure would be lost. A plain deinit reads the snapshot kept for it.
  deinit {
    let teardown = teardown.withLock { $0 }
    if teardown.isExhaustive {
      if !teardown.unreceived.isEmpty {
        origin.fail(Self.unreceivedMessage(when: "The store went away", teardown.unreceived))
      }
      if !teardown.running.isEmpty {
        origin.fail(Self.inFlightMessage(when: "The store went away", teardown.running))
      }
    }
    runtime.cancelAllFromAnyThread()
  }

  /// The number of effects whose own work is still running.
  public var runningEffectCount: Int { runtime.running.count }

  /// The actions sent by effects that have not been received yet.
  public var unreceivedActions: [Action] { received.map(\.action) }

  /// Sends `action` and checks the state it produces against `assert` applied to the state before.
  ///
  /// `assert` describes the change: it sets, on a copy of the state before, every field the action
  /// changed, and any field it leaves that the action changed fails the test with a line-by-line
  /// diff. For a list, the fields an action changes are plain properties to set:
  ///
  /// ```swift
  /// await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(request) }
  /// await store.receive(case: PaginationFeature<Message>.Action.pageResponse) {
  ///   $0.elements.append(contentsOf: page.elements)  // the window
  ///   $0.pages.append(PageInfo(previous: "0", next: "page-2", count: page.elements.count))
  ///   $0.endStatus = .idle
  ///   $0.unseenBelowScreen = 0  // the "new messages" pill, when the page reached it
  /// }
  /// ```
  ///
  /// In exhaustive mode, actions that effects sent earlier must have been received first.
  @discardableResult
  public func send(
    _ action: Action,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let position = SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
    if !received.isEmpty {
      if exhaustivity == .on {
        position.fail(unreceivedMessage(when: "Sent \(ShortDescription.of(action))"))
      }
      received.removeAll()
    }
    let before = state
    var after = state
    let tasks = runtime.process(action) { action in
      defer { after = state }
      return reducer(&state, action)
    }
    check(
      expectedFrom: exhaustivity == .on ? before : after, actual: after, assert: assert,
      step: "send(\(ShortDescription.of(action)))", at: position)
    assertedState = after
    updateTeardown()
    return TestStoreTask(StoreTask(tasks), signal: signal)
  }

  /// Receives the next action sent by an effect, which must equal `expected`, and checks its state.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      description: ShortDescription.of(expected), expected: expected, matching: { $0 == expected },
      timeout: timeout, assert: assert,
      at: SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Receives the next action sent by an effect, which must satisfy `isMatching`.
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      description: "an action matching the predicate", expected: nil, matching: isMatching,
      timeout: timeout, assert: assert,
      at: SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Receives the next action sent by an effect, which must be the enum case `expectedCase`
  /// with any payload: `await store.receive(case: Feature.Action.pageLoaded)`.
  ///
  /// For a case nested in others, pass a closure that wraps the payload in all of them:
  /// `await store.receive(case: { .messages(.loaded(.pageResponse($0))) })`.
  public func receive<Payload>(
    case expectedCase: @escaping @Sendable (Payload) -> Action,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let path = ActionPath(expectedCase)
    await receive(
      description: "an action of the expected case", expected: nil, matching: { path.extract($0) != nil },
      timeout: timeout, assert: assert,
      at: SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for every effect to finish; in exhaustive mode, fails if some are still running after
  /// the timeout or if actions they sent were not received (each problem is reported once: the
  /// leftover effects are then cancelled and the leftover actions dropped).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let position = SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
    let deadline = ContinuousClock.now.advanced(by: (timeout ?? self.timeout).clampedToLongestSleep)
    _ = await signal.wait(until: deadline) { runtime.inFlight.isEmpty }
    guard exhaustivity == .on else { return }
    if !runtime.running.isEmpty {
      position.fail(inFlightMessage(when: "finish() timed out"))
      skipInFlightEffects()
    }
    if !received.isEmpty {
      position.fail(unreceivedMessage(when: "finish() was called"))
      skipReceivedActions()
    }
  }

  /// Drops every action received so far without asserting it; the state keeps their effect.
  public func skipReceivedActions() {
    received.removeAll()
    assertedState = state
    updateTeardown()
  }

  /// Cancels every effect still running, so that the end of the test does not fail because of them.
  public func skipInFlightEffects() {
    runtime.cancelAll()
    updateTeardown()
  }

  // MARK: - Internals

  /// Drops received actions, keeping their effect on the asserted state, until one matches.
  private func skipReceivedActions(until matching: (Action) -> Bool) {
    while let first = received.first, !matching(first.action) {
      received.removeFirst()
      assertedState = first.state
    }
    updateTeardown()
  }

  /// Reduces an action sent by an effect and keeps it, with the state it produced, for `receive`.
  private func reduceReceived(_ action: Action) -> Effect<Action> {
    let effect = reducer(&state, action)
    received.append((action, state))
    signal.notify()
    return effect
  }

  private func updateTeardown() {
    let snapshot = Teardown(
      isExhaustive: exhaustivity == .on,
      unreceived: received.map { ShortDescription.of($0.action) },
      running: runtime.running.map { ShortDescription.of($0.origin) }
    )
    teardown.withLock { $0 = snapshot }
  }

  private func receive(
    description: String,
    expected: Action?,
    matching: (Action) -> Bool,
    timeout: Duration?,
    assert: ((inout State) throws -> Void)?,
    at position: SourcePosition
  ) async {
    let deadline = ContinuousClock.now.advanced(by: (timeout ?? self.timeout).clampedToLongestSleep)
    let hasArrived = await signal.wait(until: deadline) {
      if exhaustivity == .off { skipReceivedActions(until: matching) }
      return !received.isEmpty || runtime.inFlight.isEmpty
    }
    guard hasArrived, !received.isEmpty else {
      position.fail(
        runtime.inFlight.isEmpty
          ? "Expected to receive \(description), but no action was received and no effect is running."
          : "Expected to receive \(description), but nothing arrived within \(timeout ?? self.timeout). "
            + inFlightMessage(when: "Waiting"))
      return
    }
    let (action, after) = received.removeFirst()
    updateTeardown()
    guard matching(action) else {
      if let expected, let diff = StateDiff.diff(expected: expected, actual: action) {
        position.fail("Received an unexpected action (- expected, + received):\n\(diff)")
      } else {
        position.fail("Received \(ShortDescription.of(action)), which is not \(description).")
      }
      assertedState = after
      return
    }
    check(
      expectedFrom: exhaustivity == .on ? assertedState : after, actual: after, assert: assert,
      step: "receive(\(ShortDescription.of(action)))", at: position)
    assertedState = after
  }

  private func check(
    expectedFrom base: State,
    actual: State,
    assert: ((inout State) throws -> Void)?,
    step: String,
    at position: SourcePosition
  ) {
    var expected = base
    do {
      try assert?(&expected)
    } catch {
      position.fail("The assert closure of \(step) threw: \(error)")
      return
    }
    guard expected != actual else { return }
    let diff =
      StateDiff.diff(expected: expected, actual: actual)
      ?? "(no field shown differs: the state's == compares something that its dump leaves out, a field its "
      + "customMirror omits or one whose description hides a difference; make == and the dump agree)"
    position.fail("State after \(step) is not what was expected (- expected, + actual):\n\(diff)")
  }

  private func unreceivedMessage(when event: String) -> String {
    Self.unreceivedMessage(when: event, received.map { ShortDescription.of($0.action) })
  }

  private func inFlightMessage(when event: String) -> String {
    Self.inFlightMessage(when: event, runtime.running.map { ShortDescription.of($0.origin) })
  }

  private nonisolated static func unreceivedMessage(when event: String, _ actions: [String]) -> String {
    let list = actions.map { "  • \($0)" }.joined(separator: "\n")
    return "\(event) with \(actions.count) action(s) from effects not yet received:\n\(list)"
  }

  private nonisolated static func inFlightMessage(when event: String, _ origins: [String]) -> String {
    let list = origins.sorted().map { "  • an effect started by \($0)" }.joined(separator: "\n")
    return "\(event) with \(origins.count) effect(s) still running:\n\(list)"
  }
}
