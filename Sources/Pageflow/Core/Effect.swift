/// Work that a reducer asks the runtime to do after it has changed the state: send another action,
/// run an async operation that sends actions back, cancel such work, or a combination.
///
/// Async work runs in a task on the main actor; what it awaits (a page loader, a network call)
/// runs wherever that code runs. Actions it sends go back through the reducer in order.
public struct Effect<Action> {
  /// Boxed, so that an effect is one pointer: `.none`, which most actions return, is then free to
  /// make, copy and drop.
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(Effect, id: AnyHashable, cancelInFlight: Bool)
    case cancel(id: AnyHashable)
    /// Cancels the effects with an id that `matches` accepts (those of elements that left a list).
    case cancelMatching(@Sendable (AnyHashable) -> Bool)
  }

  /// An async operation and its error handler.
  @usableFromInline
  struct Run {
    let priority: TaskPriority?
    let operation: @MainActor @Sendable (Send<Action>) async throws -> Void
    let handler: (@MainActor @Sendable (any Error, Send<Action>) async -> Void)?

    func map<NewAction>(_ transform: @escaping @Sendable (Action) -> NewAction) -> Effect<NewAction>.Run {
      let operation = self.operation
      let mappedHandler: (@MainActor @Sendable (any Error, Send<NewAction>) async -> Void)?
      if let handler = self.handler {
        mappedHandler = { error, send in await handler(error, send.map(transform)) }
      } else {
        mappedHandler = nil
      }
      return Effect<NewAction>.Run(
        priority: priority,
        operation: { send in try await operation(send.map(transform)) },
        handler: mappedHandler
      )
    }
  }

  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(_ operation: Operation) { self.operation = operation }

  /// No work.
  public static var none: Self { Self(.none) }

  /// Sends `action` back into the reducer right away, before ``Store/send(_:)`` returns.
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs `operation` in a task; it may send any number of actions through `send`.
  ///
  /// An error thrown by `operation` goes to `handler`. Without a handler it is ignored by
  /// ``Store`` (with a warning on standard error in debug builds) and fails the test in
  /// `TestStore`. Errors thrown because the effect was cancelled are never reported; a
  /// `CancellationError` from an effect that was not cancelled is reported like any error.
  ///
  /// ```swift
  /// return .run { send in
  ///   let page = try await api.page(after: cursor)
  ///   send(.pageLoaded(page))
  /// } catch: { error, send in
  ///   send(.pageFailed(error.localizedDescription))
  /// }
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @MainActor @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@MainActor @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil
  ) -> Self {
    Self(.run(Run(priority: priority, operation: operation, handler: handler)))
  }

  /// Runs all `effects` at once.
  public static func merge(_ effects: Effect...) -> Self { merge(effects) }

  /// Runs all `effects` at once. One pass: `.none` is left out and a merge's effects join the
  /// others, in order (what merging them two by two gives, without an array per pair).
  @inlinable
  public static func merge(_ effects: [Effect]) -> Self {
    var work: [Effect] = []
    work.reserveCapacity(effects.count)
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case .merge(let nested): work += nested
      default: work.append(effect)
      }
    }
    switch work.count {
    case 0: return .none
    case 1: return work[0]
    default: return Self(.merge(work))
    }
  }

  /// Runs `effects` one after the other: each starts when the previous one, and the effects of the
  /// actions it sent, have finished.
  public static func concatenate(_ effects: Effect...) -> Self { concatenate(effects) }

  /// Runs `effects` one after the other.
  public static func concatenate(_ effects: [Effect]) -> Self {
    let work = effects.filter { if case .none = $0.operation { false } else { true } }
    switch work.count {
    case 0: return .none
    case 1: return work[0]
    default: return Self(.concatenate(work))
    }
  }

  /// Cancels every running effect that was marked ``cancellable(id:cancelInFlight:)`` with `id`.
  ///
  /// Cancelling an id that has nothing running is a no-op.
  public static func cancel<ID: Hashable & Sendable>(id: ID) -> Self {
    Self(.cancel(id: AnyHashable(id)))
  }

  /// Marks this effect as cancellable through ``cancel(id:)``; with `cancelInFlight`, first
  /// cancels whatever is still running under the same id.
  public func cancellable<ID: Hashable & Sendable>(id: ID, cancelInFlight: Bool = false) -> Self {
    if case .none = operation, !cancelInFlight { return self }
    return Self(.cancellable(self, id: AnyHashable(id), cancelInFlight: cancelInFlight))
  }

  /// Marks this effect of an element's feature as worth running only while the element is in
  /// memory: ``Reducer/forEach(_:action:element:)-(_,(IdentifiedAction<Element.ID,ElementAction>)->Action,_)``
  /// cancels it when the element leaves, evicted included, where the element's other work runs to
  /// completion (a write the user asked for). For work whose result only a visible row uses: an
  /// image download, a preview.
  ///
  /// ```swift
  /// case .appeared:
  ///   return .run { send in send(.thumbnail(try await api.thumbnail(message.id))) }
  ///     .cancelledOnEviction()
  /// ```
  ///
  /// Outside a `forEach` it changes nothing.
  public func cancelledOnEviction() -> Self {
    cancellable(id: EvictionCancelID())
  }

  /// This effect and `other`, run at once.
  @inlinable
  public func merge(with other: Effect) -> Effect {
    switch (operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    case (.merge(let lhs), .merge(let rhs)): return Self(.merge(lhs + rhs))
    case (.merge(let lhs), _): return Self(.merge(lhs + [other]))
    case (_, .merge(let rhs)): return Self(.merge([self] + rhs))
    default: return Self(.merge([self, other]))
    }
  }

  /// This effect with the cancellation ids it marks and cancels (its own, and those of the effects
  /// it combines) put under `namespace`: how ``Scope``, ``Reducer/ifLet(_:action:then:)`` and
  /// ``Reducer/loadable(_:action:child:load:)`` keep the ids of a child at one place of the state
  /// apart from those of the same child at another place.
  @usableFromInline
  func cancellationIDsNamespaced(by namespace: AnyHashable) -> Effect {
    switch operation {
    case .none, .send, .run:
      return self
    case .merge(let effects):
      return Self(.merge(effects.map { $0.cancellationIDsNamespaced(by: namespace) }))
    case .concatenate(let effects):
      return Self(.concatenate(effects.map { $0.cancellationIDsNamespaced(by: namespace) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Self(
        .cancellable(
          effect.cancellationIDsNamespaced(by: namespace),
          id: NamespacedCancelID(namespace: namespace, id: id),
          cancelInFlight: cancelInFlight))
    case .cancel(let id):
      return Self(.cancel(id: NamespacedCancelID(namespace: namespace, id: id)))
    case .cancelMatching(let matches):
      // A namespace is an immutable value (a key path, a case name): safe to share.
      nonisolated(unsafe) let namespace = namespace
      return Self(
        .cancelMatching { id in
          guard let namespaced = id.base as? NamespacedCancelID, namespaced.namespace == namespace else { return false }
          return matches(namespaced.id)
        })
    }
  }

  /// This effect with every action it sends transformed by `transform` (how a child's effects
  /// become the parent's).
  public func map<NewAction>(_ transform: @escaping @Sendable (Action) -> NewAction) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let run):
      return Effect<NewAction>(.run(run.map(transform)))
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<NewAction>(.cancellable(effect.map(transform), id: id, cancelInFlight: cancelInFlight))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id: id))
    case .cancelMatching(let matches):
      return Effect<NewAction>(.cancelMatching(matches))
    }
  }
}

/// The cancellation id of the effects of an element that end when it leaves memory
/// (``Effect/cancelledOnEviction()``).
struct EvictionCancelID: Hashable, Sendable {}

/// A cancellation id under a namespace (the place of a child feature in its parent's state).
struct NamespacedCancelID: Hashable {
  let namespace: AnyHashable
  let id: AnyHashable

  /// Whether the id, under this namespace and any nested in it, is ``EvictionCancelID``.
  var marksEviction: Bool {
    if id.base is EvictionCancelID { return true }
    return (id.base as? NamespacedCancelID)?.marksEviction ?? false
  }
}
