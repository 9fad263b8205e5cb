import Observation

/// Holds a feature's state, runs its reducer for every action, and runs the effects it returns.
///
/// Lives on the main actor. A view reads the state through the store, one field at a time, and is
/// updated when a field it read changes, never because another one did:
///
/// ```swift
/// let store = Store(initialState: Feature.State()) { Feature() }
/// store.isRefreshing       // tracked: a change of `isRefreshing` updates the view that read it
/// store.elements           // tracked by its change stamp: O(1) to compare, no copy kept
/// store.read(\.elements[id: id])  // one element: updated when that element changes
/// await store.send(.refresh).finish()
/// ```
///
/// Each field a view reads (inside `withObservationTracking`, or a SwiftUI body) is compared after
/// every action with what it was when read: a ``ChangeTracked`` field by its token, another
/// `Equatable` field by its value, any other field as changed by every action. ``state`` reads the
/// whole state, for tests and code that is not a view: whoever observes it is told of every action.
///
/// A store of a part of the state (``scope(state:action:fileID:line:column:)-(KeyPath<State,ChildState>,_,_,_,_)``) is a view
/// of this one: it reads its state from here and sends its actions through here.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action>: Observable {
  /// Where the state lives: here (a root store), or in a parent store (a scoped one).
  @usableFromInline let core: Core
  /// The root of a root store (nil for a scoped one), where `send` reaches it: a field of its own,
  /// read without binding it, since binding the payload of `core` or of an optional retains and
  /// releases it around the reducer's access to the state (a send costs twice a direct call then).
  @usableFromInline let root: Root?
  @usableFromInline let registrar = ObservationRegistrar()
  /// The fields that views read, of this store and of the stores scoped from it: the root's.
  @usableFromInline let fields: ObservedFields
  /// What this store's fields are kept under among the root's: a number no other store of the
  /// process has, where an `ObjectIdentifier` is reused by the next object at the same address.
  let serial = StoreSerial.next()
  /// The key paths from this store that the registrar is told about, one per field read, made once
  /// each: a key path into a generic class is built anew each time it is written.
  private var observedKeyPaths: [AnyKeyPath: AnyKeyPath] = [:]
  /// The stores scoped from this one, kept while something else holds them, so that scoping the
  /// same part at the same place twice gives the same store.
  var children: [AnyHashable: WeakStore] = [:]
  private var childrenAtLastPurge = 0

  /// Where a store's state lives.
  @usableFromInline
  enum Core {
    /// In this store, which runs the reducer.
    case root(Root)
    /// In a parent store: this one reads it from there and sends its actions there.
    case scoped(Scoped)
  }

  /// The state of a root store, its reducer and its effects.
  @MainActor
  @usableFromInline
  final class Root {
    /// The state. Only ``reduce(_:)`` changes it, in place, on the main actor.
    ///
    /// Swift checks every access to a class's field for overlap at run time; for this field the
    /// check would cost more than the rest of `send`, and it is off. It could only ever catch a
    /// reducer that reads this store's `state` while changing it, which a reducer cannot do unless
    /// it captured its own store: such a read sees the state as the reducer has left it so far,
    /// instead of stopping the app.
    @exclusivity(unchecked) @usableFromInline var state: State
    @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
    @usableFromInline let runtime = EffectRuntime<Action>()
    @usableFromInline let fields: ObservedFields

    @usableFromInline
    init(state: State, reducer: @escaping (inout State, Action) -> Effect<Action>, fields: ObservedFields) {
      self.state = state
      self.reducer = reducer
      self.fields = fields
    }

    /// Processes `action`: the reducer, the effects, and the actions queued meanwhile.
    @inlinable
    func send(_ action: Action) -> [Task<Void, Never>] {
      // A closure over `self`, borrowed for the call, not the method itself: a method reference
      // would retain the root for every send.
      runtime.process(action) { self.reduce($0) }
    }

    /// Runs the reducer on the state, then tells the observers of the fields that changed.
    @inlinable
    func reduce(_ action: Action) -> Effect<Action> {
      let effect = reducer(&state, action)
      if !fields.isEmpty { fields.notifyChanges(in: &state) }
      return effect
    }
  }

  /// How a scoped store reads its state from its parent and sends its actions there.
  @MainActor
  @usableFromInline
  final class Scoped {
    /// How the state is read.
    enum Reader {
      /// A part that is always there (a field).
      case always(@MainActor () -> State)
      /// A part that can go (an optional that becomes nil, an enum that changes case, an element
      /// that leaves the list), and what the store shows then: its state when it was made.
      case whilePresent(@MainActor () -> State?, fallback: State)
    }

    let reader: Reader
    @usableFromInline let send: @MainActor (Action) -> StoreTask
    /// The parent store, kept alive while this one is.
    let parent: AnyObject

    init(reader: Reader, send: @escaping @MainActor (Action) -> StoreTask, parent: AnyObject) {
      self.reader = reader
      self.send = send
      self.parent = parent
    }

    /// The state now; nil when the part is gone.
    @usableFromInline
    var present: State? {
      switch reader {
      case .always(let read): read()
      case .whilePresent(let read, _): read()
      }
    }

    /// The state now, or the fallback when the part is gone.
    @usableFromInline
    var current: State {
      switch reader {
      case .always(let read): read()
      case .whilePresent(let read, let fallback): read() ?? fallback
      }
    }
  }

  /// Creates a store that runs `reducer` on `initialState`.
  ///
  /// Inlinable, so that the reducer is specialized for the app's types where the store is made.
  @inlinable
  public convenience init<R: Reducer>(initialState: State, reducer: R) where R.State == State, R.Action == Action {
    self.init(initialState: initialState, reduce: reducer.reduce(into:action:))
  }

  /// Creates a store that runs `reduce` on `initialState`.
  @usableFromInline
  convenience init(initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>) {
    let fields = ObservedFields()
    let root = Root(state: initialState, reducer: reduce, fields: fields)
    self.init(core: .root(root), fields: fields)
    // Weakly through the store, not the root: a weak reference gives its object a side table, which
    // makes every retain of it slow.
    root.runtime.reduce = { [weak self] action in self?.reduceInRoot(action) ?? .none }
    root.runtime.onUnhandledError = { error, origin in
      RuntimeWarning.emit(
        "An effect started by \(origin) threw \(error) and has no catch handler; the error was ignored.")
    }
  }

  /// Creates a store of `core`, whose observed fields are in `fields`.
  init(core: Core, fields: ObservedFields) {
    self.core = core
    if case .root(let root) = core { self.root = root } else { self.root = nil }
    self.fields = fields
  }

  /// Creates a store that runs the reducer built by `reducer` on `initialState`.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) where R.State == State, R.Action == Action {
    self.init(initialState: initialState, reducer: reducer())
  }

  // Not isolated to the main actor: below iOS 18.4 / macOS 15.4 a deinitializer isolated to an actor takes a
  // back-deployment path that optimized builds of a generic class are reported to crash on. A store is
  // released on whatever thread drops its last reference, and its cleanup is safe there: the root
  // cancels its effects through the runtime's lock; a scoped store leaves nothing to clean up, as
  // the fields it read are kept under its serial and dropped at the root's next action.
  deinit {
    root?.runtime.cancelAllFromAnyThread()
  }

  // MARK: - Reading

  /// The whole state. A view should read fields instead (`store.elements`, `store.read(_:)`): an
  /// observer of `state` is told of every action.
  public var state: State {
    let (key, notify) = access(\State.self, as: \Store.state)
    fields.track(key) { EveryActionField(key: key, notify: notify) }
    return currentState
  }

  /// A field of the state, tracked by its token: a view that reads it is updated when it changes.
  public subscript<Member: ChangeTracked>(dynamicMember keyPath: KeyPath<State, Member>) -> Member {
    read(keyPath)
  }

  /// A field of the state, tracked by its token: a view that reads it is updated when it changes.
  public subscript<Member: ChangeTracked & Equatable>(dynamicMember keyPath: KeyPath<State, Member>) -> Member {
    read(keyPath)
  }

  /// A field of the state, tracked by its value: a view that reads it is updated when it changes.
  public subscript<Member: Equatable>(dynamicMember keyPath: KeyPath<State, Member>) -> Member {
    read(keyPath)
  }

  /// A field of the state that is neither `Equatable` nor ``ChangeTracked``: a view that reads it
  /// is updated after every action.
  public subscript<Member>(dynamicMember keyPath: KeyPath<State, Member>) -> Member {
    read(keyPath)
  }

  /// The value at `keyPath`, tracked by its token (see ``ChangeTracked``): for a path through a
  /// subscript, such as one element of a list, `store.read(\.elements[id: id])`.
  public func read<Member: ChangeTracked>(_ keyPath: KeyPath<State, Member>) -> Member {
    readByToken(keyPath)
  }

  /// The value at `keyPath`, tracked by its token, which is cheaper to compare than its value.
  public func read<Member: ChangeTracked & Equatable>(_ keyPath: KeyPath<State, Member>) -> Member {
    readByToken(keyPath)
  }

  /// The value at `keyPath`, tracked by its value: `store.read(\.elements[id: id])` updates a view
  /// when that one element changes.
  public func read<Member: Equatable>(_ keyPath: KeyPath<State, Member>) -> Member {
    let value = currentState[keyPath: keyPath]
    let (key, notify) = access(keyPath)
    fields.track(key) {
      if let offset = offsetInRootState(keyPath) {
        return RootBitsField(key: key, offset: offset, current: value, notify: notify)
          ?? RootValueField(key: key, offset: offset, current: value, notify: notify)
      }
      return ReadField(
        key: key, store: self, fingerprint: { [weak self] in self?.presentState?[keyPath: keyPath] }, notify: notify)
    }
    return value
  }

  /// The value at `keyPath`, which is neither `Equatable` nor ``ChangeTracked``: a view that reads
  /// it is updated after every action.
  public func read<Member>(_ keyPath: KeyPath<State, Member>) -> Member {
    let (key, notify) = access(keyPath)
    fields.track(key) { EveryActionField(key: key, notify: notify) }
    return currentState[keyPath: keyPath]
  }

  /// The value at `keyPath`, tracked by its token.
  private func readByToken<Member: ChangeTracked>(_ keyPath: KeyPath<State, Member>) -> Member {
    let value = currentState[keyPath: keyPath]
    let (key, notify) = access(keyPath)
    fields.track(key) {
      if let offset = offsetInRootState(keyPath) {
        return RootTokenField(key: key, offset: offset, current: value, notify: notify)
      }
      return ReadField(
        key: key, store: self, fingerprint: { [weak self] in self?.presentState?[keyPath: keyPath].changeToken },
        notify: notify)
    }
    return value
  }

  /// The state, not tracked.
  @inlinable
  var currentState: State {
    switch core {
    case .root(let root): root.state
    case .scoped(let scoped): scoped.current
    }
  }

  /// The state, not tracked; nil when this store views a part of its parent that is gone.
  var presentState: State? {
    switch core {
    case .root(let root): root.state
    case .scoped(let scoped): scoped.present
    }
  }

  /// Tells the registrar that `keyPath` of the state was read; returns the key it is tracked under
  /// and how to tell its observers that it changed.
  private func access<Member>(
    _ keyPath: KeyPath<State, Member>, as observed: KeyPath<Store, Member>? = nil
  ) -> (key: ObservedFields.Key, notify: () -> Void) {
    let storeKeyPath = observed ?? observedKeyPath(keyPath)
    registrar.access(self, keyPath: storeKeyPath)
    let registrar = self.registrar
    return (
      ObservedFields.Key(store: serial, field: keyPath),
      { [weak self] in
        guard let self else { return }
        registrar.willSet(self, keyPath: storeKeyPath)
        registrar.didSet(self, keyPath: storeKeyPath)
      }
    )
  }

  /// The offset of `keyPath` in a root store's state, when it is a path of stored properties (read
  /// in place after each action); nil otherwise (read through its key path).
  private func offsetInRootState<Member>(_ keyPath: KeyPath<State, Member>) -> Int? {
    guard case .root = core else { return nil }
    return MemoryLayout<State>.offset(of: keyPath)
  }

  /// The key path from this store that stands for `keyPath` of its state in the registrar.
  private func observedKeyPath<Member>(_ keyPath: KeyPath<State, Member>) -> KeyPath<Store, Member> {
    if let made = observedKeyPaths[keyPath] as? KeyPath<Store, Member> { return made }
    let made = (\Store.untrackedState).appending(path: keyPath)
    observedKeyPaths[keyPath] = made
    return made
  }

  /// The state, not tracked: the root of the key paths the registrar is told about.
  var untrackedState: State { currentState }

  // MARK: - Sending

  /// Runs the reducer for `action` and starts the effects it returns.
  ///
  /// Actions sent synchronously by ``Effect/send(_:)`` are processed, in order, before this
  /// returns. The returned task waits for the async effects.
  ///
  /// Called while the store is processing another action (from an observer of ``state``, say),
  /// `action` is queued and runs once that action and those queued before it have run; the
  /// returned task then waits for, or cancels, the effects it starts.
  ///
  /// A scoped store sends the action through its parent.
  @discardableResult
  @inlinable
  public func send(_ action: Action) -> StoreTask {
    // Checked just before: `unsafelyUnwrapped` only skips binding (and retaining) it.
    if root != nil { return StoreTask(root.unsafelyUnwrapped.send(action)) }
    guard case .scoped(let scoped) = core else { return StoreTask([]) }
    return scoped.send(action)
  }

  /// Reduces `action` in the root store (an action an effect sent, or one queued).
  private func reduceInRoot(_ action: Action) -> Effect<Action> {
    guard case .root(let root) = core else { return .none }
    return root.reduce(action)
  }

  /// The number of effects still running (of the root store, for a scoped one).
  public var runningEffectCount: Int {
    switch core {
    case .root(let root): root.runtime.inFlight.count
    case .scoped(let scoped): (scoped.parent as? any RunningEffectCounting)?.runningEffectCount ?? 0
    }
  }

  /// The number of task handles the store holds for effects (for tests of its memory).
  package var retainedTaskCount: Int {
    switch core {
    case .root(let root): root.runtime.retainedTaskCount
    case .scoped: 0
    }
  }

  /// The number of fields views have read that the store still compares after each action (for
  /// tests of its memory).
  package var trackedFieldCount: Int { fields.fields.count }

  // MARK: - Scoped stores

  /// The store scoped at `id`, made by `make` unless one is alive already.
  func child<ChildState, ChildAction>(
    _ id: AnyHashable, make: () -> Store<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    if let alive = children[id]?.store as? Store<ChildState, ChildAction> { return alive }
    let child = make()
    children[id] = WeakStore(child)
    if children.count > 2 * Swift.max(16, childrenAtLastPurge) {
      children = children.filter { $0.value.store != nil }
      childrenAtLastPurge = children.count
    }
    return child
  }
}

/// A store's count of running effects, whatever its types.
@MainActor
protocol RunningEffectCounting: AnyObject {
  var runningEffectCount: Int { get }
}

extension Store: RunningEffectCounting {}

/// The serial numbers of stores, in the order they were made.
@MainActor
enum StoreSerial {
  private static var last: UInt64 = 0

  /// A number no store had before.
  static func next() -> UInt64 {
    last += 1
    return last
  }
}

/// A store held without keeping it alive.
@MainActor
struct WeakStore {
  weak var store: AnyObject?

  init(_ store: AnyObject) { self.store = store }
}

/// A store of a feature: `StoreOf<Feature>` is `Store<Feature.State, Feature.Action>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
