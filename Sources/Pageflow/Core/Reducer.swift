/// A value that evolves a feature's state in response to actions and returns the effects to run.
///
/// Conform either by implementing ``reduce(into:action:)`` (a primitive reducer) or by declaring a
/// ``body`` that composes other reducers with ``ReducerBuilder``:
///
/// ```swift
/// struct Counter: Reducer {
///   var body: some Reducer<Int, CounterAction> {
///     Reduce { count, action in
///       count += 1
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state this reducer evolves.
  associatedtype State
  /// The actions this reducer handles.
  associatedtype Action
  /// The composed reducer returned by ``body``; ``EmptyReducer`` for primitive reducers.
  associatedtype Body = EmptyReducer<State, Action>

  /// Applies `action` to `state` and returns the effect to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == EmptyReducer<State, Action> {
  /// A primitive reducer has no body of its own.
  public var body: Body { EmptyReducer() }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A reducer whose state and action are those of `R`: `some ReducerOf<Self>` in a feature's body.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
