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
  /// The element's reducer runs first, on the element in place, then this reducer. An element that
  /// leaves memory is not an element deleted: the work its feature started (a write the user asked
  /// for) runs to completion when the element is evicted from a list's window, when a reload of the
  /// same list replaces the window, and when the list is reset to another context (the user
  /// switched filters, not their mind), and the actions that work sends reach this reducer (the
  /// parent), not the element's, while the element is not loaded. The effects of an element are
  /// cancelled when it is removed (a live `remove`, nil set through its id, ``IdentifiedElements/removeAll(where:)``),
  /// whatever else the same action changed, when the collection is replaced by another (a new
  /// value assigned, a new load of a ``LoadableState``), and when the elements go away (their
  /// optional part becomes nil, or the store ends). Work worth doing only while the element is in
  /// memory (an image download) says so with ``Effect/cancelledOnEviction()``: it ends whenever the
  /// element leaves memory, a reset included.
  ///
  /// Apply `forEach` to every reducer that changes the elements, as above, not to a sibling of the
  /// one that does. Its cancellation ids are its own, as with ``Scope``. An action for an element
  /// that is not loaded reaches only the parent; it never crashes. An element's reducer that
  /// changes the element's id has that change undone.
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
  /// elements that were removed (and those of the elements that left marked
  /// ``Effect/cancelledOnEviction()``).
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var effects: [Effect<Parent.Action>] = []
    if case .element(let id, let elementAction)? = self.action.extract(action),
      let effect = elements.modify(&state, id: id, { element.reduce(into: &$0, action: elementAction) })
    {
      let embed = self.action.embed
      let namespace = ElementNamespace(elements: elements.id, id: id)
      effects.append(
        effect.map { embed(.element(id: id, action: $0)) }.cancellationIDsNamespaced(by: namespace)
          .cancellable(id: namespace))
    }
    let before = elements.read(state).map { (token: $0.changeToken, origin: $0.origin) }
    let logsRemovals = elements.logRemovals(&state)
    effects.append(parent.reduce(into: &state, action: action))
    let after = elements.read(state)
    if logsRemovals { elements.endRemovalLog(&state) }
    if after?.changeToken != before?.token || after?.origin != before?.origin {
      effects.append(cancelEffects(ofElementsThatLeft: after, origin: before?.origin))
    }
    return .merge(effects)
  }

  /// Cancels the effects of the elements that are not in `after`: all of them for an element that
  /// was removed (or when the elements went away, or another collection took their place), the
  /// ones marked ``Effect/cancelledOnEviction()`` for an element that left memory otherwise.
  ///
  /// The copy of the elements lives until the runtime has run this (at once, before the next
  /// action), so it copies nothing.
  func cancelEffects(ofElementsThatLeft after: IdentifiedElements<Element>?, origin: ChangeStamp?) -> Effect<Action> {
    let path = elements.id
    return Effect(
      .cancelMatching { id in
        if let element = id.base as? ElementNamespace<Element.ID>, element.elements == path {
          guard let after, let origin else { return true }
          return after.wasRemoved(element.id, origin: origin)
        }
        guard let marked = id.base as? NamespacedCancelID, marked.marksEviction,
          let element = marked.namespace.base as? ElementNamespace<Element.ID>, element.elements == path
        else { return false }
        return !(after?.contains(id: element.id) ?? false)
      })
  }
}

/// Where a ``ForEachReducer``'s elements are: at a key path, or inside an optional there.
struct ElementsPath<Root, Element: Identifiable> {
  /// The elements; nil when the optional is nil.
  let read: (Root) -> IdentifiedElements<Element>?
  /// Changes the element with the id in place; nil when it is not there.
  let modify: (inout Root, Element.ID, (inout Element) -> Void) -> Bool
  /// Starts logging the ids of the elements removed (``IdentifiedElements/logRemovals()``); false
  /// when they are logged already, or there are no elements.
  let logRemovals: (inout Root) -> Bool
  /// Stops logging them.
  let endRemovalLog: (inout Root) -> Void
  /// The key paths, as the identity of the elements' effects.
  let id: KeyPathID

  /// The elements at `path`.
  static func plain(_ path: WritableKeyPath<Root, IdentifiedElements<Element>>) -> Self {
    ElementsPath(
      read: { $0[keyPath: path] },
      modify: { root, id, body in root[keyPath: path].modify(id: id, body) != nil },
      logRemovals: { $0[keyPath: path].logRemovals() },
      endRemovalLog: { $0[keyPath: path].removals = nil },
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
      logRemovals: { root in root[keyPath: parent].modifyIfPresent { $0[keyPath: elements].logRemovals() } ?? false },
      endRemovalLog: { root in _ = root[keyPath: parent].modifyIfPresent { $0[keyPath: elements].removals = nil } },
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
