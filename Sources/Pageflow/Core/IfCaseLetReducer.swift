extension Reducer {
  /// Runs `child` on one case of an enum state, while the state is that case: a screen whose state
  /// is `.empty` for a filter with no results and `.list(...)` otherwise.
  ///
  /// ```swift
  /// enum State { case empty(filter: String), list(PaginationFeature<Message>.State) }
  /// enum Action { case list(PaginationFeature<Message>.Action), ... }
  ///
  /// Reduce { state, action in ... }
  ///   .ifCaseLet(State.list, action: Action.list) { PaginationFeature<Message>(loadPage: api.page) }
  /// ```
  ///
  /// The child runs first, on the case's value in place (it is moved out of the enum while the
  /// child runs, so a list inside is not copied), then this reducer. When the state leaves the case,
  /// the child's effects are cancelled. An action for the child while the state is another case is
  /// ignored, with a warning in debug builds; it never crashes. The case is found by reflection, as
  /// ``ActionPath`` does for actions; pass an ``ActionPath`` with an explicit extraction instead
  /// where that matters.
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ state: @escaping @Sendable (ChildState) -> State,
    action: @escaping @Sendable (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfCaseLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfCaseLetReducer(parent: self, state: ActionPath(state), action: ActionPath(action), child: child())
  }

  /// ``ifCaseLet(_:action:then:)-(_,(ChildAction)->Action,_)`` with explicit paths: the state's
  /// case and the action's.
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ state: ActionPath<State, ChildState>,
    action: ActionPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfCaseLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfCaseLetReducer(parent: self, state: state, action: action, child: child())
  }
}

/// The reducer built by ``Reducer/ifCaseLet(_:action:then:)-(_,(ChildAction)->Action,_)``: the
/// child first, then the parent.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  /// The parent's enum state.
  public typealias State = Parent.State
  /// The parent's action, which embeds the child's.
  public typealias Action = Parent.Action

  let parent: Parent
  let state: ActionPath<Parent.State, Child.State>
  let action: ActionPath<Parent.Action, Child.Action>
  let child: Child

  /// The namespace of the child's cancellation ids, and the id of all its effects.
  private var namespace: CaseNamespace { CaseNamespace(parent: Parent.State.self, child: Child.State.self) }

  /// Runs the child for its own actions while the state is its case, then the parent; cancels the
  /// child's effects when the state leaves the case.
  public func reduce(into parentState: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = Effect<Parent.Action>.none
    var wasPresent = false
    if let childAction = self.action.extract(action) {
      let whole = consume parentState
      if var childState = state.extract(whole) {
        _ = consume whole  // the enum lets go of the case's value, which the child then changes in place
        let effect = child.reduce(into: &childState, action: childAction)
        parentState = state.embed(childState)
        childEffect = effect.map(self.action.embed).cancellationIDsNamespaced(by: namespace)
          .cancellable(id: namespace)
        wasPresent = true
      } else {
        parentState = whole
        RuntimeWarning.emit(
          "An action for \(Child.self) arrived while the state was another case; ignored: \(childAction)")
      }
    }
    wasPresent = wasPresent || state.extract(parentState) != nil
    let parentEffect = parent.reduce(into: &parentState, action: action)
    guard wasPresent, state.extract(parentState) == nil else { return childEffect.merge(with: parentEffect) }
    return .merge(childEffect, parentEffect, .cancel(id: namespace))
  }
}

/// The cancellation namespace of a child on a case of an enum state: the enum and the case's type.
struct CaseNamespace: Hashable, Sendable {
  let parent: ObjectIdentifier
  let child: ObjectIdentifier

  init(parent: Any.Type, child: Any.Type) {
    self.parent = ObjectIdentifier(parent)
    self.child = ObjectIdentifier(child)
  }
}
