/// Composes several reducers, written one per line, into one that runs them in order.
///
/// Each reducer sees the state left by the one before it; their effects are merged.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// A single reducer.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// The first reducer of a block.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, followed by the next one.
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> CombinedReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    CombinedReducer(accumulated, next)
  }

  /// An empty block.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// A reducer inside `if` without `else`.
  @inlinable
  public static func buildOptional<R: Reducer>(_ reducer: R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(reducer)
  }

  /// The first branch of `if`/`else`.
  @inlinable
  public static func buildEither<R0: Reducer, R1: Reducer>(first: R0) -> EitherReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    .first(first)
  }

  /// The second branch of `if`/`else`.
  @inlinable
  public static func buildEither<R0: Reducer, R1: Reducer>(second: R1) -> EitherReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    .second(second)
  }
}

/// Two reducers run one after the other, with their effects merged.
public struct CombinedReducer<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  @usableFromInline let r0: R0
  @usableFromInline let r1: R1

  /// Runs `r0`, then `r1`.
  @inlinable
  public init(_ r0: R0, _ r1: R1) {
    self.r0 = r0
    self.r1 = r1
  }

  /// Runs both reducers and merges their effects.
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    let first = r0.reduce(into: &state, action: action)
    return first.merge(with: r1.reduce(into: &state, action: action))
  }
}

/// A reducer that may be absent (from an `if` in a ``ReducerBuilder``).
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: Wrapped?

  /// Wraps `wrapped`, which may be nil.
  @inlinable
  public init(_ wrapped: Wrapped?) { self.wrapped = wrapped }

  /// Runs the wrapped reducer if there is one.
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

/// One of two reducers (from an `if`/`else` in a ``ReducerBuilder``).
public enum EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The `if` branch.
  case first(First)
  /// The `else` branch.
  case second(Second)

  /// Runs the chosen branch.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }
}

/// Groups reducers written in a builder into one, for use where a single reducer is expected.
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  /// Combines the reducers built by `build`.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the combined reducers.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
