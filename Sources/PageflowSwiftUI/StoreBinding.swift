#if canImport(SwiftUI)
  import Pageflow
  import SwiftUI

  extension Store {
    /// A binding to a field of the state that sends an action when it is set: a filter picker, a
    /// search field. Reading it tracks the field (the view is redrawn when it changes); setting it
    /// sends `action` with the new value, and the reducer decides what the field becomes.
    ///
    /// ```swift
    /// Picker("Filter", selection: store.binding(\.filter, send: Screen.Action.filterChanged)) { … }
    /// ```
    public func binding<Value: Equatable & Sendable>(
      _ keyPath: KeyPath<State, Value> & Sendable, send action: @escaping @Sendable (Value) -> Action
    ) -> Binding<Value> {
      Binding(
        get: { @MainActor in self.read(keyPath) },
        set: { @MainActor newValue in self.send(action(newValue)) })
    }
  }

  extension PaginationLoadMore {
    /// The footer of the edge `direction` loads at, read from `store` (tracked: the footer is redrawn
    /// when what it shows changes, not as the list scrolls), whose actions go to `store`.
    ///
    /// ```swift
    /// List {
    ///   ForEach(list.elements) { MessageRow($0) }
    ///   PaginationLoadMore(list, .bottom)
    /// }
    /// ```
    public init(
      _ store: Store<PaginationFeature<Element>.State, PaginationFeature<Element>.Action>,
      _ direction: PaginationDirection
    ) {
      self.init(store.loadMore(direction)) { store.send($0) }
    }
  }
#endif
