/// Stores of a part of a store's state: a child feature's view of the parent's state and its way to
/// send actions through the parent. The parent's reducer stays the one that runs: a scoped store
/// holds no state of its own (it reads it from the parent, never a copy), and sending to it is
/// sending the embedded action to the parent.
///
/// A scoped store is kept while something holds it, and scoping again gives it back: the store of
/// the same part (the key path; for an enum, the case the state is in) with the same action
/// embedding. Swift cannot compare closures, so the embedding is known by where it is written: the
/// file, line and column of the `scope` call. The same call, evaluated again (a view's body), gives
/// the same store; a call elsewhere gives a store of its own, which reads and sends the same. A
/// helper that scopes with an embedding its caller passes should pass its caller's place too
/// (`fileID:line:column:`), or each of its callers would share one store and its embedding.
extension Store {
  /// A store of the part of the state at `state`, whose actions reach this store through `action`.
  ///
  /// ```swift
  /// let list = store.scope(state: \.list, action: Action.list)  // StoreOf<PaginationFeature<Message>>
  /// list.isRefreshing  // tracked on the list's store: a change elsewhere does not update its view
  /// list.send(.refresh)  // store.send(.list(.refresh))
  /// ```
  ///
  /// Scoping the same part again, at the same place in the code, gives the same store while it is
  /// alive.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>, action: @escaping @Sendable (ChildAction) -> Action,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> Store<ChildState, ChildAction> {
    child(ScopeID(state: state, action: ChildAction.self, at: ScopeSite(fileID, line, column))) {
      scoped(.always { self.currentState[keyPath: state] }, action: action)
    }
  }

  /// A store of the optional part of the state at `state` while it is there; nil while it is not.
  ///
  /// ```swift
  /// if let list = store.scope(state: \.messages, action: { .messages(.loaded($0)) }) {
  ///   MessageList(store: list)  // the loaded list of a LoadableState
  /// }
  /// ```
  ///
  /// A view that still reads the child store after the part went away sees the state the store
  /// was made with; its actions reach the parent's reducer, which ignores them with a warning.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>, action: @escaping @Sendable (ChildAction) -> Action,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = currentState[keyPath: state] else { return nil }
    return child(ScopeID(state: state, action: ChildAction.self, at: ScopeSite(fileID, line, column))) {
      scoped(.whilePresent({ self.presentState?[keyPath: state] ?? nil }, fallback: initial), action: action)
    }
  }

  /// A store of one case of an enum state while the state is that case; nil while it is not.
  ///
  /// ```swift
  /// switch store.state {
  /// case .empty: EmptyView()
  /// case .list: store.scope(state: Screen.State.list, action: Screen.Action.list).map(MessageList.init)
  /// }
  /// ```
  public func scope<ChildState, ChildAction>(
    state: @escaping @Sendable (ChildState) -> State, action: @escaping @Sendable (ChildAction) -> Action,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(state: ActionPath(state), action: action, fileID: fileID, line: line, column: column)
  }

  /// A store of one case of an enum state, found with an explicit ``ActionPath``; nil while the
  /// state is another case. Two cases with the same payload type (`.member(Profile.State)`,
  /// `.guest(Profile.State)`) have stores of their own.
  public func scope<ChildState, ChildAction>(
    state: ActionPath<State, ChildState>, action: @escaping @Sendable (ChildAction) -> Action,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    let current = currentState
    guard let initial = state.extract(current) else { return nil }
    let id = ScopeID(
      case: EnumCase.tags(of: current, downTo: ChildState.self), action: ChildAction.self,
      at: ScopeSite(fileID, line, column))
    return child(id) {
      scoped(.whilePresent({ self.presentState.flatMap(state.extract) }, fallback: initial), action: action)
    }
  }

  /// A store of each element of the ``IdentifiedElements`` at `state`, whose actions reach this
  /// store as `action(.element(id:action:))`: the rows of a list, each a feature of its own.
  ///
  /// ```swift
  /// ForEach(store.scope(state: \.list.elements, action: Action.rows)) { row in
  ///   MessageRow(store: row)  // reads row.isLiked: updated when that message changes, only
  /// }
  /// ```
  ///
  /// Reading the collection tracks the elements (a view over it is updated when they change); each
  /// row store tracks the fields its own view reads.
  public func scope<Element: Identifiable, ElementAction>(
    state: KeyPath<State, IdentifiedElements<Element>>,
    action: @escaping @Sendable (IdentifiedAction<Element.ID, ElementAction>) -> Action,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> ScopedElements<State, Action, Element, ElementAction> {
    ScopedElements(
      parent: self, elements: read(state), path: state.appending(path: \.optional), action: action,
      site: ScopeSite(fileID, line, column))
  }

  /// A store of each element of the ``IdentifiedElements`` at `state` while they are there (the
  /// elements of a list a ``LoadableState`` has loaded: `\.messages?.elements`); none while they
  /// are not.
  public func scope<Element: Identifiable, ElementAction>(
    state: KeyPath<State, IdentifiedElements<Element>?>,
    action: @escaping @Sendable (IdentifiedAction<Element.ID, ElementAction>) -> Action,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> ScopedElements<State, Action, Element, ElementAction> {
    ScopedElements(
      parent: self, elements: read(state) ?? [], path: state, action: action, site: ScopeSite(fileID, line, column))
  }

  /// The store of the element with `id` of the elements at `path`, whose actions are embedded as
  /// the scope at `site` says; nil when it is not there.
  func element<Element: Identifiable, ElementAction>(
    _ id: Element.ID, of path: KeyPath<State, IdentifiedElements<Element>?>,
    action: @escaping @Sendable (IdentifiedAction<Element.ID, ElementAction>) -> Action, site: ScopeSite
  ) -> Store<Element, ElementAction>? {
    guard let initial = currentState[keyPath: path]?[id: id] else { return nil }
    return child(ScopeID(state: path, action: ElementAction.self, at: site, id: id)) {
      scoped(
        .whilePresent({ self.presentState?[keyPath: path]?[id: id] }, fallback: initial),
        action: { action(.element(id: id, action: $0)) })
    }
  }

  /// A store that reads its state with `reader` and sends its actions here through `action`.
  private func scoped<ChildState, ChildAction>(
    _ reader: Store<ChildState, ChildAction>.Scoped.Reader, action: @escaping @MainActor (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let scoped = Store<ChildState, ChildAction>.Scoped(reader: reader, send: { self.send(action($0)) }, parent: self)
    return Store<ChildState, ChildAction>(core: .scoped(scoped), fields: fields)
  }
}

/// What a scoped store is scoped to: a key path or the cases down to an enum's payload, the child's
/// action type and where its embedding is written, and for an element its id.
struct ScopeID: Hashable {
  let state: AnyHashable
  let action: ObjectIdentifier
  let site: ScopeSite
  let id: AnyHashable?

  init<ChildAction>(state: AnyKeyPath, action: ChildAction.Type, at site: ScopeSite, id: AnyHashable? = nil) {
    self.state = state
    self.action = ObjectIdentifier(action)
    self.site = site
    self.id = id
  }

  init<ChildAction>(case tags: [String], action: ChildAction.Type, at site: ScopeSite) {
    self.state = tags
    self.action = ObjectIdentifier(action)
    self.site = site
    self.id = nil
  }
}

/// Where a `scope` call is written: it stands for the action embedding written there, since
/// closures cannot be compared.
struct ScopeSite: Hashable {
  let file: String
  let line: UInt
  let column: UInt

  init(_ file: StaticString, _ line: UInt, _ column: UInt) {
    self.file = file.description
    self.line = line
    self.column = column
  }
}
