extension Reducer {
  /// Runs `child` on an optional part of the state, when it is present.
  ///
  /// An action for the child that arrives while the child state is `nil` is ignored (in debug
  /// builds a warning is printed to standard error); it never crashes. The cancellation ids of the
  /// child's effects are its own, as with ``Scope``, and its effects are cancelled when its state
  /// becomes `nil`.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.detail, action: AppAction.detail) { Detail() }
  /// ```
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ state: WritableKeyPath<State, ChildState?>,
    action: @escaping @Sendable (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfLetReducer(parent: self, state: state, action: ActionPath(action), child: child())
  }

  /// Runs `child` on an optional part of the state, with an explicit ``ActionPath``.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ state: WritableKeyPath<State, ChildState?>,
    action: ActionPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfLetReducer(parent: self, state: state, action: action, child: child())
  }
}

/// The reducer built by ``Reducer/ifLet(_:action:then:)-(_,(ChildAction)->Action,_)``: the child first,
/// then the parent.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let state: WritableKeyPath<Parent.State, Child.State?>
  let action: ActionPath<Parent.Action, Child.Action>
  let child: Child

  /// Runs the child for its own actions while its state is present, then the parent; cancels the
  /// child's effects when its state becomes nil.
  public func reduce(into parentState: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = Effect<Parent.Action>.none
    let lifetime = KeyPathID(state)
    if let childAction = self.action.extract(action) {
      if let effect = parentState[keyPath: state].modifyIfPresent({ child.reduce(into: &$0, action: childAction) }) {
        childEffect = effect.map(self.action.embed).cancellationIDsNamespaced(by: state).cancellable(id: lifetime)
      } else {
        RuntimeWarning.emit("An action for \(Child.self) arrived while its state was nil; ignored: \(childAction)")
      }
    }
    let wasPresent = parentState[keyPath: state] != nil
    let parentEffect = parent.reduce(into: &parentState, action: action)
    guard wasPresent, parentState[keyPath: state] == nil else { return childEffect.merge(with: parentEffect) }
    return .merge(childEffect, parentEffect, .cancel(id: lifetime))
  }
}
