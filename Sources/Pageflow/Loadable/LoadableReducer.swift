extension Reducer {
  /// Loads a ``LoadableState`` at `state` through `load`, and runs `child` on the loaded value.
  ///
  /// - `.load(request)` starts `load`, cancelling a load in flight.
  /// - `.refresh` reloads; the value stays visible (`isRefreshing`). A loaded value whose child
  ///   refreshes itself (its action type is ``RefreshableAction``) gets the child's `refresh`, so
  ///   it reloads its own, current filter and keeps its place; otherwise (no value, a load in
  ///   flight, a failed load, a child that cannot refresh) `load` runs again with the last request,
  ///   so a failed load of a new filter is retried.
  /// - `.retry` retries whatever failed: the state's own failed load, as it was
  ///   (``LoadableState/retry()``); otherwise a loaded value whose child can retry (its action type
  ///   is ``RetryableAction``) gets the child's `retryFailed`. When nothing failed, nothing loads.
  /// - `.cancel` cancels the load and restores the status before it; a refresh that the loaded
  ///   value runs itself (its action type is ``RefreshCancellingAction``) gets the child's
  ///   `cancelRefresh`.
  /// - `.dismissError` clears a failure: back to the value kept from before it, or to pending.
  /// - `.finished` for a request that is no longer the one in flight is ignored. A value that
  ///   arrives while the state knows the network is down (``LoadingAction/connectivityChanged(isOnline:)``
  ///   came first) is told so at once, when its child knows of the network (its action type is
  ///   ``ConnectivityAwareAction``): a list loaded from disk offline holds its retries until the
  ///   network is back, then loads what failed.
  /// - `.loaded(childAction)` runs `child` on the value; while there is no value it is ignored
  ///   (with a warning on standard error in debug builds). The cancellation ids of the child's
  ///   effects are its own, as with ``Scope``.
  ///
  /// This reducer handles the action first, then `self` sees it too, so a parent can react to
  /// `.finished`.
  ///
  /// ```swift
  /// Reduce { state, action in .none }
  ///   .loadable(\.$messages, action: Action.messages) {
  ///     PaginationFeature<Message> { request in try await api.page(request) }
  ///   } load: { request, state in
  ///     try await api.firstPage(request)
  ///   }
  /// ```
  public func loadable<Request: Equatable & Sendable, Value: Sendable, ChildAction, Child: Reducer>(
    _ state: WritableKeyPath<State, LoadableState<Request, Value>>,
    action: ActionPath<Action, LoadingAction<Request, Value, ChildAction>>,
    @ReducerBuilder<Value, ChildAction> child: () -> Child,
    load: @escaping @Sendable (_ request: Request, _ state: State) async throws -> Value
  ) -> LoadableReducer<Self, Request, Value, Child>
  where Child.State == Value, Child.Action == ChildAction, State: Sendable {
    LoadableReducer(parent: self, state: state, action: action, child: child(), load: load)
  }

  /// ``loadable(_:action:child:load:)-(_,ActionPath<Action,LoadingAction<Request,Value,ChildAction>>,_,_)``
  /// with the enum case of the loading action, e.g. `Action.messages`.
  public func loadable<Request: Equatable & Sendable, Value: Sendable, ChildAction, Child: Reducer>(
    _ state: WritableKeyPath<State, LoadableState<Request, Value>>,
    action: @escaping @Sendable (LoadingAction<Request, Value, ChildAction>) -> Action,
    @ReducerBuilder<Value, ChildAction> child: () -> Child,
    load: @escaping @Sendable (_ request: Request, _ state: State) async throws -> Value
  ) -> LoadableReducer<Self, Request, Value, Child>
  where Child.State == Value, Child.Action == ChildAction, State: Sendable {
    loadable(state, action: ActionPath(action), child: child, load: load)
  }

  /// ``loadable(_:action:child:load:)-(_,ActionPath<Action,LoadingAction<Request,Value,ChildAction>>,_,_)``
  /// for a value with no child feature.
  public func loadable<Request: Equatable & Sendable, Value: Sendable>(
    _ state: WritableKeyPath<State, LoadableState<Request, Value>>,
    action: @escaping @Sendable (LoadingAction<Request, Value, Never>) -> Action,
    load: @escaping @Sendable (_ request: Request, _ state: State) async throws -> Value
  ) -> LoadableReducer<Self, Request, Value, EmptyReducer<Value, Never>> where State: Sendable {
    loadable(state, action: ActionPath(action), child: { EmptyReducer() }, load: load)
  }

  /// ``loadable(_:action:child:load:)-(_,ActionPath<Action,LoadingAction<Request,Value,ChildAction>>,_,_)``
  /// for a load that needs no request, with a child feature.
  public func loadable<Value: Sendable, ChildAction, Child: Reducer>(
    _ state: WritableKeyPath<State, LoadableState<EmptyLoadRequest, Value>>,
    action: @escaping @Sendable (LoadingAction<EmptyLoadRequest, Value, ChildAction>) -> Action,
    @ReducerBuilder<Value, ChildAction> child: () -> Child,
    load: @escaping @Sendable (_ state: State) async throws -> Value
  ) -> LoadableReducer<Self, EmptyLoadRequest, Value, Child>
  where Child.State == Value, Child.Action == ChildAction, State: Sendable {
    loadable(state, action: ActionPath(action), child: child) { _, state in try await load(state) }
  }

  /// ``loadable(_:action:child:load:)-(_,ActionPath<Action,LoadingAction<Request,Value,ChildAction>>,_,_)``
  /// for a load that needs no request and has no child feature.
  public func loadable<Value: Sendable>(
    _ state: WritableKeyPath<State, LoadableState<EmptyLoadRequest, Value>>,
    action: @escaping @Sendable (LoadingAction<EmptyLoadRequest, Value, Never>) -> Action,
    load: @escaping @Sendable (_ state: State) async throws -> Value
  ) -> LoadableReducer<Self, EmptyLoadRequest, Value, EmptyReducer<Value, Never>> where State: Sendable {
    loadable(state, action: ActionPath(action), child: { EmptyReducer() }) { _, state in try await load(state) }
  }
}

/// The reducer built by
/// ``Reducer/loadable(_:action:child:load:)-(_,ActionPath<Action,LoadingAction<Request,Value,ChildAction>>,_,_)``.
public struct LoadableReducer<Parent: Reducer, Request: Equatable & Sendable, Value: Sendable, Child: Reducer>: Reducer
where Child.State == Value, Parent.State: Sendable {
  /// The parent's state, which holds the loadable value.
  public typealias State = Parent.State
  /// The parent's action, which embeds the loading actions.
  public typealias Action = Parent.Action
  typealias Loading = LoadingAction<Request, Value, Child.Action>

  let parent: Parent
  let state: WritableKeyPath<State, LoadableState<Request, Value>>
  let action: ActionPath<Action, Loading>
  let child: Child
  let load: @Sendable (Request, State) async throws -> Value
  /// When a failed load runs again on its own.
  var retryPolicy = RetryPolicy.default
  /// Waits a retry's delay on the reducer's clock (by default the continuous clock).
  var sleep: @Sendable (Duration) async throws -> Void = {
    try await ContinuousClock().sleep(for: $0.clampedToLongestSleep)
  }

  /// This reducer with failed loads retried as `policy` says, the delays passing on `clock` (a test
  /// clock in tests). Without it, ``RetryPolicy/default`` applies, on the continuous clock.
  ///
  /// ```swift
  /// EmptyReducer()
  ///   .loadable(\.$profile, action: Action.profile) { request, _ in try await api.profile(request) }
  ///   .retrying(RetryPolicy(maxRetries: 5), clock: clock)
  /// ```
  public func retrying<C: Clock>(_ policy: RetryPolicy, clock: C) -> Self where C.Duration == Duration {
    var reducer = self
    reducer.retryPolicy = policy
    reducer.sleep = { try await clock.sleep(until: clock.now.advanced(by: $0.clampedToLongestSleep), tolerance: nil) }
    return reducer
  }

  /// Handles the loading action, then runs the parent.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let effect = self.action.extract(action).map { reduce(into: &state, loading: $0) } ?? .none
    return effect.merge(with: parent.reduce(into: &state, action: action))
  }

  private func reduce(into state: inout State, loading: Loading) -> Effect<Action> {
    switch loading {
    case .load(let request):
      let stopped = stopRetry(&state)
      state[keyPath: self.state].becomeActive(request)
      return stopped.merge(with: loadEffect(request, didRefresh: false, state: state))
    case .refresh:
      // Read in place: a copy of the state kept alive here would make the child copy its value.
      if let refresh = Self.childRefresh, state[keyPath: self.state].isSuccess,
        state[keyPath: self.state].wrappedValue != nil
      {
        return reduce(into: &state, loading: .loaded(refresh))
      }
      guard let request = state[keyPath: self.state].request else {
        RuntimeWarning.emit("refresh of \(Value.self) before any load; ignored")
        return .none
      }
      let stopped = stopRetry(&state)
      state[keyPath: self.state].becomeActive(request, isRefresh: true)
      return stopped.merge(with: loadEffect(request, didRefresh: true, state: state))
    case .retry:
      if state[keyPath: self.state].isFailure {
        return stopRetry(&state).merge(with: retryNow(&state))
      }
      // Read in place, as for `.refresh`.
      guard let retry = Self.childRetry, state[keyPath: self.state].isSuccess,
        state[keyPath: self.state].wrappedValue != nil
      else { return .none }
      return reduce(into: &state, loading: .loaded(retry))
    case .cancel:
      var effects = [stopRetry(&state)]
      if let cancelRefresh = Self.childCancelRefresh,
        (state[keyPath: self.state].wrappedValue as? any RefreshReporting)?.isRefreshing == true
      {
        effects.append(reduce(into: &state, loading: .loaded(cancelRefresh)))
      }
      if state[keyPath: self.state].isActive || effects.count == 1 {
        state[keyPath: self.state].cancel()
        effects.append(.cancel(id: cancelID))
      }
      return .merge(effects)
    case .dismissError:
      let stopped = stopRetry(&state)
      state[keyPath: self.state].dismissError()
      return stopped
    case .finished(let request, _, let result):
      guard case .active(let current, _) = state[keyPath: self.state].status, current == request else {
        return .none
      }
      state[keyPath: self.state].finish(request, result: result)
      guard case .failure(let error) = result else {
        state[keyPath: self.state].failures = 0
        return tellArrivedValueItIsOffline(&state)
      }
      return scheduleRetry(&state, after: error)
    case .retryTimerFired:
      guard var retry = state[keyPath: self.state].scheduledRetry, !retry.isWaitingForNetwork else { return .none }
      if state[keyPath: self.state].isOffline {
        retry.isWaitingForNetwork = true
        state[keyPath: self.state].scheduledRetry = retry
        return .none
      }
      state[keyPath: self.state].scheduledRetry = nil
      return retryNow(&state)
    case .connectivityChanged(let isOnline):
      guard state[keyPath: self.state].isOffline == isOnline else { return .none }
      state[keyPath: self.state].isOffline = !isOnline
      var effects: [Effect<Action>] = []
      if let told = Self.childConnectivity(isOnline: isOnline), state[keyPath: self.state].wrappedValue != nil {
        effects.append(reduce(into: &state, loading: .loaded(told)))
      }
      if isOnline, state[keyPath: self.state].isFailure {
        effects += [stopRetry(&state), retryNow(&state)]
      }
      return .merge(effects)
    case .loaded(let childAction):
      let embed = self.action.embed
      guard
        let effect = state[keyPath: self.state].wrappedValue.modifyIfPresent({
          child.reduce(into: &$0, action: childAction)
        })
      else {
        RuntimeWarning.emit("An action for \(Value.self) arrived before it was loaded; ignored: \(childAction)")
        return .none
      }
      return effect.map { embed(.loaded($0)) }.cancellationIDsNamespaced(by: self.state)
    }
  }

  /// The child's `connectivityChanged(isOnline:)`, when its action type has one
  /// (``ConnectivityAwareAction``).
  private static func childConnectivity(isOnline: Bool) -> Child.Action? {
    (Child.Action.self as? any ConnectivityAwareAction.Type)?.connectivityChanged(isOnline: isOnline) as? Child.Action
  }

  /// A value that has just arrived while the network is known to be down learns it, as a value that
  /// was there when it went down did: its retries wait, and the network coming back reaches it.
  private func tellArrivedValueItIsOffline(_ state: inout State) -> Effect<Action> {
    guard state[keyPath: self.state].isOffline, let told = Self.childConnectivity(isOnline: false) else {
      return .none
    }
    return reduce(into: &state, loading: .loaded(told))
  }

  /// The child's `refresh`, when its action type has one (``RefreshableAction``).
  private static var childRefresh: Child.Action? {
    (Child.Action.self as? any RefreshableAction.Type)?.refresh as? Child.Action
  }

  /// The child's `retryFailed`, when its action type has one (``RetryableAction``).
  private static var childRetry: Child.Action? {
    (Child.Action.self as? any RetryableAction.Type)?.retryFailed as? Child.Action
  }

  /// The child's `cancelRefresh`, when its action type has one (``RefreshCancellingAction``).
  private static var childCancelRefresh: Child.Action? {
    (Child.Action.self as? any RefreshCancellingAction.Type)?.cancelRefresh as? Child.Action
  }

  private var cancelID: LoadCancelID { LoadCancelID(keyPath: state) }

  /// The cancellation id of the timer of the retry scheduled after a failed load.
  private var retryTimerID: LoadRetryTimerID { LoadRetryTimerID(keyPath: state) }

  /// After a failed load: schedules the next retry when the policy allows one.
  private func scheduleRetry(_ state: inout State, after error: LoadError) -> Effect<Action> {
    state[keyPath: self.state].failures += 1
    let attempt = state[keyPath: self.state].failures
    guard let delay = retryPolicy.delay(beforeRetry: attempt, after: error) else { return .none }
    state[keyPath: self.state].scheduledRetry = ScheduledRetry(attempt: attempt, delay: delay)
    let (sleep, embed) = (self.sleep, self.action.embed)
    return Effect<Action>.run { send in
      try await sleep(delay)
      send(embed(.retryTimerFired))
    }
    .cancellable(id: retryTimerID, cancelInFlight: true)
  }

  /// Forgets the scheduled retry and the failures before it (a new load, or the user's retry), and
  /// stops its timer.
  private func stopRetry(_ state: inout State) -> Effect<Action> {
    state[keyPath: self.state].failures = 0
    guard state[keyPath: self.state].scheduledRetry != nil else { return .none }
    state[keyPath: self.state].scheduledRetry = nil
    return .cancel(id: retryTimerID)
  }

  /// Runs the failed load again, as it was sent.
  private func retryNow(_ state: inout State) -> Effect<Action> {
    state[keyPath: self.state].retry()
    guard case .active(let request, let isRefresh) = state[keyPath: self.state].status else { return .none }
    return loadEffect(request, didRefresh: isRefresh, state: state)
  }

  private func loadEffect(_ request: Request, didRefresh: Bool, state: State) -> Effect<Action> {
    let load = self.load
    let embed = self.action.embed
    return Effect<Action>.run { send in
      let value = try await load(request, state)
      send(embed(.finished(request, didRefresh: didRefresh, .success(value))))
    } catch: { error, send in
      send(embed(.finished(request, didRefresh: didRefresh, .failure(LoadError(error)))))
    }
    .cancellable(id: cancelID, cancelInFlight: true)
  }
}

/// The cancellation id of the timer of a ``LoadableState``'s retry: its key path in the parent state.
struct LoadRetryTimerID: Hashable, @unchecked Sendable {
  // Key paths are immutable values; they are safe to share across threads.
  let keyPath: AnyKeyPath
}

/// The cancellation id of the load of one ``LoadableState``: its key path in the parent state.
struct LoadCancelID: Hashable, @unchecked Sendable {
  // Key paths are immutable values; they are safe to share across threads.
  let keyPath: AnyKeyPath
}
