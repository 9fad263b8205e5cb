/// A reducer that changes nothing and runs no effect.
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates a reducer that does nothing.
  @inlinable
  public init() {}

  /// Returns ``Effect/none`` and leaves the state alone.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
