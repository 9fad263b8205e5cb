extension Reducer {
  /// Runs `element` on each element of the ``IdentifiedElements`` at `elements`, for the actions
  /// that name it by id: a row's own state (its `like`, its `unread`) and effects.
  ///
  /// ```swift
  /// CombineReducers {
  ///   Scope(state: \.list, action: Action.list) { PaginationFeature<Message>(loadPage: api.page) }
  ///   Reduce { state, action in ... }
  /// }
  /// .forEach(\.list.elements, action: Action.rows) { MessageRow() }
  /// ```
  ///
  /// The element's reducer runs first, on the element in place, then this reducer. The effects of an
  /// element are cancelled when this reducer lets it leave the collection (a page evicted, a live
  /// removal, a refresh or reset that replaced the window): apply `forEach` to every reducer that
  /// changes the elements, as above, not to a sibling of the one that does. Its cancellation ids are
  /// its own, as with ``Scope``. An
  /// action for an element that is not there is ignored, with a warning in debug builds; it never
  /// crashes. An element's reducer that changes the element's id has that change undone.
  public func forEach<Element: Identifiable & Sendable, ElementAction, Child: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedElements<Element>>,
    action: @escaping @Sendable (IdentifiedAction<Element.ID, ElementAction>) -> Action,
    @ReducerBuilder<Element, ElementAction> element: () -> Child
  ) -> ForEachReducer<Self, Element, Child>
  where Child.State == Element, Child.Action == ElementAction, Element.ID: Sendable {
    ForEachReducer(parent: self, elements: .plain(elements), action: ActionPath(action), element: element())
  }

  /// ``forEach(_:action:element:)-(_,(IdentifiedAction<Element.ID,ElementAction>)->Action,_)`` on
  /// the elements of a part that may not be there, such as a list that a ``LoadableState`` has not
  /// loaded yet: `.forEach(\.messages, elements: \.elements, action: Action.rows) { MessageRow() }`.
  public func forEach<Parent, Element: Identifiable & Sendable, ElementAction, Child: Reducer>(
    _ parent: WritableKeyPath<State, Parent?>,
    elements: WritableKeyPath<Parent, IdentifiedElements<Element>>,
    action: @escaping @Sendable (IdentifiedAction<Element.ID, ElementAction>) -> Action,
    @ReducerBuilder<Element, ElementAction> element: () -> Child
  ) -> ForEachReducer<Self, Element, Child>
  where Child.State == Element, Child.Action == ElementAction, Element.ID: Sendable {
    ForEachReducer(
      parent: self, elements: .inOptional(parent, elements), action: ActionPath(action), element: element())
  }

  /// ``forEach(_:action:element:)-(_,(IdentifiedAction<Element.ID,ElementAction>)->Action,_)`` with
  /// an explicit ``ActionPath``.
  public func forEach<Element: Identifiable & Sendable, ElementAction, Child: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedElements<Element>>,
    action: ActionPath<Action, IdentifiedAction<Element.ID, ElementAction>>,
    @ReducerBuilder<Element, ElementAction> element: () -> Child
  ) -> ForEachReducer<Self, Element, Child>
  where Child.State == Element, Child.Action == ElementAction, Element.ID: Sendable {
    ForEachReducer(parent: self, elements: .plain(elements), action: action, element: element())
  }
}

/// The reducer built by
/// ``Reducer/forEach(_:action:element:)-(_,(IdentifiedAction<Element.ID,ElementAction>)->Action,_)``.
public struct ForEachReducer<Parent: Reducer, Element: Identifiable & Sendable, Child: Reducer>: Reducer
where Child.State == Element, Element.ID: Sendable {
  /// The parent's state, which holds the elements.
  public typealias State = Parent.State
  /// The parent's action, which embeds the elements' actions.
  public typealias Action = Parent.Action

  let parent: Parent
  let elements: ElementsPath<Parent.State, Element>
  let action: ActionPath<Parent.Action, IdentifiedAction<Element.ID, Child.Action>>
  let element: Child

  /// Runs the element's reducer for its actions, then the parent, then cancels the effects of the
  /// elements that left.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var effects: [Effect<Parent.Action>] = []
    if case .element(let id, let elementAction)? = self.action.extract(action) {
      if let effect = elements.modify(&state, id: id, { element.reduce(into: &$0, action: elementAction) }) {
        let embed = self.action.embed
        let namespace = ElementNamespace(elements: elements.id, id: id)
        effects.append(
          effect.map { embed(.element(id: id, action: $0)) }.cancellationIDsNamespaced(by: namespace)
            .cancellable(id: namespace))
      } else {
        RuntimeWarning.emit(
          "An action for the element \(id) of \(Element.self), which is not loaded; ignored: \(elementAction)")
      }
    }
    let before = elements.read(state)?.changeToken
    effects.append(parent.reduce(into: &state, action: action))
    let after = elements.read(state)
    if after?.changeToken != before {
      // The elements changed: the effects of those that left are cancelled. The copy lives until
      // the runtime has run this (at once, before the next action), so it copies nothing.
      let path = elements.id
      effects.append(
        Effect(
          .cancelMatching { id in
            guard let element = id.base as? ElementNamespace<Element.ID>, element.elements == path else { return false }
            return !(after?.contains(id: element.id) ?? false)
          }))
    }
    return .merge(effects)
  }
}

/// Where a ``ForEachReducer``'s elements are: at a key path, or inside an optional there.
struct ElementsPath<Root, Element: Identifiable> {
  /// The elements; nil when the optional is nil.
  let read: (Root) -> IdentifiedElements<Element>?
  /// Changes the element with the id in place; nil when it is not there.
  let modify: (inout Root, Element.ID, (inout Element) -> Void) -> Bool
  /// The key paths, as the identity of the elements' effects.
  let id: KeyPathID

  /// The elements at `path`.
  static func plain(_ path: WritableKeyPath<Root, IdentifiedElements<Element>>) -> Self {
    ElementsPath(
      read: { $0[keyPath: path] },
      modify: { root, id, body in root[keyPath: path].modify(id: id, body) != nil },
      id: KeyPathID(path))
  }

  /// The elements at `elements` of the optional at `parent`.
  static func inOptional<Parent>(
    _ parent: WritableKeyPath<Root, Parent?>, _ elements: WritableKeyPath<Parent, IdentifiedElements<Element>>
  ) -> Self {
    ElementsPath(
      read: { $0[keyPath: parent]?[keyPath: elements] },
      modify: { root, id, body in
        root[keyPath: parent].modifyIfPresent { $0[keyPath: elements].modify(id: id, body) != nil } ?? false
      },
      id: KeyPathID(parent, elements))
  }

  /// Changes the element with `id` in place; nil when it is not there.
  func modify<Result>(_ root: inout Root, id: Element.ID, _ body: (inout Element) -> Result) -> Result? {
    var result: Result?
    return modify(&root, id) { result = body(&$0) } ? result : nil
  }
}

/// Key paths as a sendable identity.
struct KeyPathID: Hashable, @unchecked Sendable {
  // Key paths are immutable values; they are safe to share across threads.
  let keyPaths: [AnyKeyPath]

  init(_ keyPaths: AnyKeyPath...) { self.keyPaths = keyPaths }
}

/// The cancellation id of the effects of one element of a ``ForEachReducer``: where the elements
/// are, and the element's id.
struct ElementNamespace<ID: Hashable & Sendable>: Hashable, Sendable {
  let elements: KeyPathID
  let id: ID
}
