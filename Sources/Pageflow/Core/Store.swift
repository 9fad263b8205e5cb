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
  /// Whether ``state`` has ever been read. Until it has, nothing can be observing it, so changes
  /// need not be reported to the registrar: a store driven headless (a CLI, a server, a benchmark)
  /// never pays for observation. (Unchecked for overlapping access, like ``currentState``: each
  /// access is a single read or write on the main actor.)
  @exclusivity(unchecked) @usableFromInline var hasBeenRead = false

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
    runtime.reduce = { [weak self] action in self?.reduce(action) ?? .none }
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
    hasBeenRead = true
    registrar.access(self, keyPath: stateKeyPath)
    return currentState
  }

  /// Runs the reducer for `action` and starts the effects it returns.
  ///
  /// Actions sent synchronously by ``Effect/send(_:)`` are processed, in order, before this
  /// returns. The returned task waits for the async effects.
  ///
  /// Called while the store is processing another action (from an observer of ``state``, say),
  /// `action` is queued and runs once that action and those queued before it have run; the
  /// returned task then waits for, or cancels, the effects it starts.
  @discardableResult
  @inlinable
  public func send(_ action: Action) -> StoreTask {
    // A closure, not the method `reduce` itself: a method reference would retain the store for
    // every send.
    StoreTask(runtime.process(action) { self.reduce($0) })
  }

  /// The number of effects still running.
  public var runningEffectCount: Int { runtime.inFlight.count }

  /// The number of task handles the store holds for effects (for tests of its memory).
  package var retainedTaskCount: Int { runtime.retainedTaskCount }

  /// Runs the reducer on the state, telling observers once the state has been read.
  @inlinable
  func reduce(_ action: Action) -> Effect<Action> {
    hasBeenRead
      ? registrar.withMutation(of: self, keyPath: stateKeyPath) { reducer(&currentState, action) }
      : reducer(&currentState, action)
  }
}
