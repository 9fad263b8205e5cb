/// Runs a child reducer on a part of the parent's state, for the actions that belong to the child.
///
/// ```swift
/// Scope(state: \.counter, action: AppAction.counter) {
///   Counter()
/// }
/// ```
///
/// Parent actions that are not the child's case are ignored; the child's effects are mapped back
/// into the parent action. The cancellation ids of the child's effects are its own: the same child
/// at another place of the parent's state (even made from the same value) has different ones.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let state: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let action: ActionPath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to the state at `state` and the actions of the case `action`.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.state = state
    self.action = action
    self.child = child()
  }

  /// Scopes `child` to the state at `state` and the actions of the enum case `action`.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: ActionPath(action), child: child)
  }

  /// Runs the child if `action` is the child's case.
  @inlinable
  public func reduce(into parent: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.action.extract(action) else { return .none }
    return child.reduce(into: &parent[keyPath: state], action: childAction)
      .map(self.action.embed)
      .cancellationIDsNamespaced(by: state)
  }
}
