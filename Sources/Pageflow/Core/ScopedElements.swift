/// The stores of the elements of a list, one per element, in the list's order: what
/// ``Store/scope(state:action:fileID:line:column:)-(KeyPath<State,IdentifiedElements<Element>>,_,_,_,_)`` gives, for a
/// `ForEach` of row views.
///
/// It holds the elements as they were when it was made (a view makes it anew when they change,
/// since reading them through the store tracked them); each element's store reads its element from
/// the parent store, and is made when first asked for.
@MainActor
public struct ScopedElements<ParentState, ParentAction, Element: Identifiable, ElementAction>:
  @MainActor RandomAccessCollection
{
  let parent: Store<ParentState, ParentAction>
  let elements: IdentifiedElements<Element>
  let path: KeyPath<ParentState, IdentifiedElements<Element>?>
  let action: @Sendable (IdentifiedAction<Element.ID, ElementAction>) -> ParentAction
  /// Where the scope was written, which the element stores' identity includes.
  let site: ScopeSite

  /// Zero.
  public var startIndex: Int { 0 }
  /// The number of elements.
  public var endIndex: Int { elements.count }

  init(
    parent: Store<ParentState, ParentAction>, elements: IdentifiedElements<Element>,
    path: KeyPath<ParentState, IdentifiedElements<Element>?>,
    action: @escaping @Sendable (IdentifiedAction<Element.ID, ElementAction>) -> ParentAction, site: ScopeSite
  ) {
    self.parent = parent
    self.elements = elements
    self.path = path
    self.action = action
    self.site = site
  }

  /// The store of the element at `offset`: the same store each time while it is alive.
  public subscript(offset: Int) -> Store<Element, ElementAction> {
    let element = elements[offset]
    return parent.element(element.id, of: path, action: action, site: site)
      ?? parent.detachedElement(element, action: action)
  }

  /// The store of the element with `id`, or nil when the list does not hold it.
  public subscript(id id: Element.ID) -> Store<Element, ElementAction>? {
    parent.element(id, of: path, action: action, site: site)
  }
}

extension Store {
  /// A store of an element that has left the list since the collection of its store was made: it
  /// shows the element as it was, and its actions reach the parent's reducer only.
  func detachedElement<Element: Identifiable, ElementAction>(
    _ element: Element, action: @escaping @Sendable (IdentifiedAction<Element.ID, ElementAction>) -> Action
  ) -> Store<Element, ElementAction> {
    let id = element.id
    let scoped = Store<Element, ElementAction>.Scoped(
      reader: .whilePresent({ nil }, fallback: element), send: { self.send(action(.element(id: id, action: $0))) },
      parent: self)
    return Store<Element, ElementAction>(core: .scoped(scoped), fields: fields)
  }
}

extension Store: @MainActor Identifiable where State: Identifiable {
  /// The id of the element whose store this is (not tracked: it never changes).
  public var id: State.ID { currentState.id }
}
