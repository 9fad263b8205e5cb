/// An action of one element of a collection of features: the element's id and its action, as
/// ``Reducer/forEach(_:action:element:)-(_,(IdentifiedAction<Element.ID,ElementAction>)->Action,_)``
/// routes it.
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<MessageRow>)
/// }
/// store.send(.rows(.element(id: 42, action: .like)))
/// ```
public enum IdentifiedAction<ID: Hashable, Action> {
  /// `action` for the element with `id`.
  case element(id: ID, action: Action)

  /// The element's id.
  public var id: ID {
    switch self {
    case .element(let id, _): id
    }
  }

  /// The element's action.
  public var action: Action {
    switch self {
    case .element(_, let action): action
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}

/// The ``IdentifiedAction`` of a feature whose state is an element: its id and the feature's action.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action> where R.State: Identifiable
