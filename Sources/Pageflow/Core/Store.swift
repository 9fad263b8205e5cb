import Observation

/// Holds a feature's state, runs its reducer for every action, and runs the effects it returns.
///
/// Lives on the main actor. Observable through the Observation module: a SwiftUI view (or
/// `withObservationTracking`) that reads ``state`` is updated when it changes.
///
/// ```swift
/// let store = Store(initialState: Feature.State()) { Feature() }
/// await store.send(.refresh).finish()
/// ```
@MainActor
public final class Store<State, Action>: Observable {
  /// The state. Only ``reduce(_:isObserved:)`` changes it, in place, on the main actor.
  ///
  /// Swift checks every access to a class's field for overlap at run time; for this field the
  /// check would cost more than the rest of `send`, and it is off. It could only ever catch a
  /// reducer that reads this store's `state` while changing it, which a reducer cannot do unless
  /// it captured its own store: such a read sees the state as the reducer has left it so far,
  /// instead of stopping the app.
  @exclusivity(unchecked) @usableFromInline var currentState: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let runtime = EffectRuntime<Action>()
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\.state`, made once: a key path into a generic class is built anew each time it is written,
  /// which would cost more than the rest of `send`.
  @usableFromInline let stateKeyPath: KeyPath<Store, State> = \.state
  /// Actions sent while another is being processed, run after it in order.
  @usableFromInline var queue: [Action] = []
  @usableFromInline var phase = SendPhase()

  /// Creates a store that runs `reducer` on `initialState`.
  ///
  /// Inlinable, so that the reducer is specialized for the app's types where the store is made.
  @inlinable
  public convenience init<R: Reducer>(initialState: State, reducer: R) where R.State == State, R.Action == Action {
    self.init(initialState: initialState, reduce: reducer.reduce(into:action:))
  }

  /// Creates a store that runs `reduce` on `initialState`.
  @usableFromInline
  init(initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.currentState = initialState
    self.reducer = reduce
    runtime.dispatch = { [weak self] action in self?.process(action) ?? [] }
    runtime.onUnhandledError = { error, origin in
      RuntimeWarning.emit(
        "An effect started by \(origin) threw \(error) and has no catch handler; the error was ignored.")
    }
  }

  /// Creates a store that runs the reducer built by `reducer` on `initialState`.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) where R.State == State, R.Action == Action {
    self.init(initialState: initialState, reducer: reducer())
  }

  isolated deinit {
    runtime.cancelAll()
  }

  /// The current state.
  public var state: State {
    phase.hasBeenRead = true
    registrar.access(self, keyPath: stateKeyPath)
    return currentState
  }

  /// Runs the reducer for `action` and starts the effects it returns.
  ///
  /// Actions sent synchronously by ``Effect/send(_:)`` are processed, in order, before this
  /// returns. The returned task waits for the async effects.
  @discardableResult
  @inlinable
  public func send(_ action: Action) -> StoreTask {
    StoreTask(process(action))
  }

  /// The number of effects still running.
  public var runningEffectCount: Int { runtime.inFlight.count }

  /// Runs `action`, then the actions that its `.send` effects queued, in order; returns the tasks
  /// their async effects started. An action sent while another is being processed is queued.
  @inlinable
  func process(_ action: Action) -> [Task<Void, Never>] {
    guard let isObserved = phase.begin() else {
      queue.append(action)
      phase.hasQueued = true
      return []
    }
    var tasks = reduce(action, isObserved: isObserved)
    if phase.endUnlessQueued() { tasks += processQueue(isObserved: isObserved) }
    return tasks
  }

  /// Runs the queued actions, including those they queue in turn, then ends the send.
  @usableFromInline
  func processQueue(isObserved: Bool) -> [Task<Void, Never>] {
    var tasks: [Task<Void, Never>] = []
    var index = 0
    while index < queue.count {
      tasks += reduce(queue[index], isObserved: isObserved)
      index += 1
    }
    queue.removeAll(keepingCapacity: true)
    phase = SendPhase(hasBeenRead: phase.hasBeenRead)
    return tasks
  }

  /// Runs the reducer on the state and starts the effect it returns.
  @inlinable
  func reduce(_ action: Action, isObserved: Bool) -> [Task<Void, Never>] {
    let effect =
      isObserved
      ? registrar.withMutation(of: self, keyPath: stateKeyPath) { reducer(&currentState, action) }
      : reducer(&currentState, action)
    if case .none = effect.operation { return [] }
    return runtime.run(effect, origin: action)
  }

  /// Where `send` is, kept in one field so that each step reads and writes it in one access (every
  /// access to a class's field is checked for exclusivity at run time).
  @usableFromInline
  struct SendPhase {
    /// An action is being processed; further sends are queued.
    @usableFromInline var isSending = false
    /// Actions were queued while processing.
    @usableFromInline var hasQueued = false
    /// Whether ``Store/state`` has ever been read. Until it has, nothing can be observing it, so
    /// changes need not be reported to the registrar: a store driven headless (a CLI, a server, a
    /// benchmark) never pays for observation.
    @usableFromInline var hasBeenRead = false

    @inlinable
    init(hasBeenRead: Bool = false) { self.hasBeenRead = hasBeenRead }

    /// Starts processing; returns whether the state may be observed, or nil if already processing.
    @inlinable
    mutating func begin() -> Bool? {
      guard !isSending else { return nil }
      isSending = true
      return hasBeenRead
    }

    /// Ends processing, unless actions were queued (then the caller processes them first).
    @inlinable
    mutating func endUnlessQueued() -> Bool {
      if !hasQueued { isSending = false }
      return hasQueued
    }
  }
}
