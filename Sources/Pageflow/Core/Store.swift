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
  private var currentState: State
  private let reducer: (inout State, Action) -> Effect<Action>
  private let runtime = EffectRuntime<Action>()
  private let registrar = ObservationRegistrar()
  private var queue: [Action] = []
  private var isSending = false

  /// Creates a store that runs `reducer` on `initialState`.
  public init<R: Reducer>(initialState: State, reducer: R) where R.State == State, R.Action == Action {
    self.currentState = initialState
    self.reducer = reducer.reduce(into:action:)
    runtime.dispatch = { [weak self] action in self?.process(action) ?? [] }
    runtime.onUnhandledError = { error, origin in
      RuntimeWarning.emit(
        "An effect started by \(origin) threw \(error) and has no catch handler; the error was ignored.")
    }
  }

  /// Creates a store that runs the reducer built by `reducer` on `initialState`.
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
    registrar.access(self, keyPath: \.state)
    return currentState
  }

  /// Runs the reducer for `action` and starts the effects it returns.
  ///
  /// Actions sent synchronously by ``Effect/send(_:)`` are processed, in order, before this
  /// returns. The returned task waits for the async effects.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    StoreTask(process(action))
  }

  /// The number of effects still running.
  public var runningEffectCount: Int { runtime.inFlight.count }

  private func process(_ action: Action) -> [Task<Void, Never>] {
    queue.append(action)
    guard !isSending else { return [] }
    isSending = true
    defer {
      isSending = false
      queue.removeAll(keepingCapacity: true)
    }
    var tasks: [Task<Void, Never>] = []
    var index = 0
    while index < queue.count {
      let action = queue[index]
      index += 1
      let effect = registrar.withMutation(of: self, keyPath: \.state) {
        reducer(&currentState, action)
      }
      tasks += runtime.run(effect, origin: action)
    }
    return tasks
  }
}
