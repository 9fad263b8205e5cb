/// Runs actions and effects for a store: decides the order in which actions are reduced, starts
/// effects' tasks on the main actor, tracks what is in flight, and keeps the cancellation ids of one
/// store (never a process-wide table).
///
/// Shared by ``Store`` and `TestStore`, which differ only in what reducing one action does
/// (`reduce`) and in what they do with an error no effect handles (`onUnhandledError`).
///
/// The order: an action sent while another is being processed (by a `.send` effect, or by a
/// `send` from inside a reducer or an observer) is queued, and runs once the action being processed
/// and those queued before it have run and started their effects.
///
/// The waiting: an effect ends when its own work has ended and every effect started by the actions
/// it sent has ended. It keeps a count of those, not their tasks, so an effect that runs for hours
/// and sends an action a second holds no more memory at the end than at the start.
@MainActor
@usableFromInline
package final class EffectRuntime<Action> {
  /// Reduces one action (sent by an effect, or queued) and returns the effect it asks for.
  package var reduce: @MainActor (Action) -> Effect<Action> = { _ in .none }
  /// Called with an error thrown by an effect that has no `catch` handler.
  package var onUnhandledError: @MainActor (any Error, Action) -> Void = { _, _ in }
  /// Called whenever an effect starts or finishes.
  package var onEffectsChanged: @MainActor () -> Void = {}

  /// An effect that has started and not finished, with the action that started it.
  @MainActor
  @usableFromInline
  package final class InFlight {
    /// The action whose reduction returned the effect.
    package let origin: Action
    /// The effect's task; it ends once the effect has finished.
    package fileprivate(set) var task: Task<Void, Never>?
    /// True while the effect's own work runs; false once it only waits for the effects of the
    /// actions it sent.
    package fileprivate(set) var isRunning = true
    /// A step of a concatenation, whose own work it is: the concatenation stands for it.
    package let isStep: Bool
    fileprivate let id: Int
    fileprivate let cancelIDs: [AnyHashable]
    /// The effect that waits for this one: the one that sent the action that started it.
    fileprivate let parent: InFlight?
    /// The effects this one waits for that have not finished.
    fileprivate var children = 0
    fileprivate var waiter: CheckedContinuation<Void, Never>?

    fileprivate init(id: Int, origin: Action, cancelIDs: [AnyHashable], parent: InFlight?, isStep: Bool) {
      self.id = id
      self.origin = origin
      self.cancelIDs = cancelIDs
      self.parent = parent
      self.isStep = isStep
    }
  }

  /// Who waits for the effects that an action starts.
  @usableFromInline
  enum Owner {
    /// The caller of ``process(_:reduce:)``, which gets their tasks.
    case caller
    /// The effect that sent the action; it counts them and ends after them.
    case effect(InFlight)
    /// A concatenation running the effect as one of its steps; it counts it and waits for it
    /// before the next step. Actions the step sends are the concatenation's (``effect(_:)``).
    case step(of: InFlight)
    /// A `send` made while another action was being processed; it gets their tasks once its
    /// action has run.
    case queuedSend(QueuedSend)
  }

  /// What a `send` made while another action was being processed returns: the tasks its action
  /// (and the actions it sent at once) started, once they have run.
  @MainActor
  @usableFromInline
  final class QueuedSend {
    private var tasks: [Task<Void, Never>] = []
    private var hasRun = false
    private var waiter: CheckedContinuation<[Task<Void, Never>], Never>?

    /// Adds tasks started for this send.
    func add(_ started: [Task<Void, Never>]) { tasks += started }

    /// Marks its actions as run and hands their tasks to the waiter.
    func finish() {
      hasRun = true
      waiter?.resume(returning: tasks)
      waiter = nil
    }

    /// The tasks, once its actions have run.
    func started() async -> [Task<Void, Never>] {
      if hasRun { return tasks }
      return await withCheckedContinuation { waiter = $0 }
    }
  }

  /// The effects whose own work is still running (a concatenation counts once, whatever step it
  /// is on).
  package var running: [InFlight] { inFlight.values.filter { $0.isRunning && !$0.isStep } }

  package private(set) var inFlight: [Int: InFlight] = [:]
  /// The number of task handles held for effects: one per effect in flight, whatever it sent.
  package var retainedTaskCount: Int { inFlight.count }
  private var cancellables: [AnyHashable: Set<Int>] = [:]
  private var nextID = 0
  /// The tasks of the effects in flight, by id, where the owner's deinit can cancel them from
  /// whatever thread it runs on (``cancelAllFromAnyThread()``); and whether it has.
  private nonisolated let releasable = Lock<(tasks: [Int: Task<Void, Never>], isReleased: Bool)>(([:], false))

  // Swift checks every access to a class's field for overlap at run time, which would cost more
  // than the rest of `Store.send`. These two are read and written only on the main actor, each in
  // one access that calls nothing else, so no two accesses can overlap: the check is off.

  /// An action is being processed: actions sent now are queued.
  @exclusivity(unchecked) @usableFromInline var isSending = false
  /// Actions sent while another was being processed, in the order they were sent.
  @exclusivity(unchecked) @usableFromInline var queue: [(action: Action, owner: Owner)] = []

  package init() {}

  /// Reduces `action` with `first` and starts its effect, then reduces the actions queued meanwhile
  /// with ``reduce``, in order; returns the tasks their effects started.
  ///
  /// The exception: while another action is being processed, `action` is queued, and the one task
  /// returned waits for (and, cancelled, cancels) the effects it starts once it has run.
  @inlinable
  package func process(_ action: Action, reduce first: (Action) -> Effect<Action>) -> [Task<Void, Never>] {
    guard !isSending else { return enqueueSend(action) }
    return process(action, owner: .caller, reduce: first)
  }

  /// Queues `action`, sent while another is being processed; returns a task standing for it.
  @usableFromInline
  func enqueueSend(_ action: Action) -> [Task<Void, Never>] {
    let send = QueuedSend()
    queue.append((action, .queuedSend(send)))
    return [Task { await waitForAll(await send.started()) }]
  }

  /// ``process(_:reduce:)`` for the effects of `action` waited for by `owner`; returns the tasks
  /// started for the caller.
  @inlinable
  func process(_ action: Action, owner: Owner, reduce first: (Action) -> Effect<Action>) -> [Task<Void, Never>] {
    guard !isSending else {
      queue.append((action, owner))
      return []
    }
    isSending = true
    var tasks = run(first(action), origin: action, owner: owner)
    if case .caller = owner {} else { tasks = [] }
    if !queue.isEmpty { tasks += processQueue() }
    isSending = false
    return tasks
  }

  /// Processes the queued actions, including those they queue in turn; returns the tasks started
  /// for the caller.
  @usableFromInline
  func processQueue() -> [Task<Void, Never>] {
    var tasks: [Task<Void, Never>] = []
    var sends: [QueuedSend] = []
    var index = 0
    while index < queue.count {
      let (action, owner) = queue[index]
      let started = run(reduce(action), origin: action, owner: owner)
      switch owner {
      case .caller: tasks += started
      case .effect, .step: break
      case .queuedSend(let send):
        send.add(started)
        sends.append(send)
      }
      index += 1
    }
    queue.removeAll(keepingCapacity: true)
    for send in sends { send.finish() }
    return tasks
  }

  /// Starts `effect`, which `origin` produced, for `owner`; returns the tasks it started.
  @inlinable
  func run(_ effect: Effect<Action>, origin: Action, owner: Owner) -> [Task<Void, Never>] {
    if case .none = effect.operation { return [] }
    return run(effect, origin: origin, cancelIDs: [], owner: owner)
  }

  /// Cancels everything in flight and forgets it.
  package func cancelAll() {
    for effect in inFlight.values { effect.task?.cancel() }
    inFlight = [:]
    cancellables = [:]
  }

  /// Cancels every effect in flight, and every effect started from now on, from any thread: what
  /// the owner's deinit does, wherever its last reference was dropped. The effects end on the main
  /// actor as cancelled effects do, and forget themselves there.
  package nonisolated func cancelAllFromAnyThread() {
    let tasks = releasable.withLock { state in
      state.isReleased = true
      defer { state.tasks = [:] }
      return Array(state.tasks.values)
    }
    for task in tasks { task.cancel() }
  }

  /// Starts `effect`; returns the tasks of the effects it started itself (the effects of the
  /// actions it sends go to `owner`, and are returned only when that is the caller).
  @usableFromInline
  func run(_ effect: Effect<Action>, origin: Action, cancelIDs: [AnyHashable], owner: Owner) -> [Task<Void, Never>] {
    switch effect.operation {
    case .none:
      return []
    case .send(let action):
      guard case .step(let concatenation) = owner else { return process(action, owner: owner, reduce: reduce) }
      return process(action, owner: .effect(concatenation), reduce: reduce)
    case .run(let run):
      return [
        start(origin: origin, cancelIDs: cancelIDs, owner: owner, priority: run.priority) { effect in
          let send = self.send(for: effect)
          do {
            try await run.operation(send)
          } catch {
            // An error thrown because the effect was cancelled is not reported; a `CancellationError`
            // thrown by an effect that was not cancelled is a failure like any other.
            guard !Task.isCancelled else { return }
            if let handler = run.handler {
              await handler(error, send)
            } else {
              self.onUnhandledError(error, origin)
            }
          }
        }
      ]
    case .merge(let effects):
      return effects.flatMap { run($0, origin: origin, cancelIDs: cancelIDs, owner: owner) }
    case .concatenate(let effects):
      return [
        start(origin: origin, cancelIDs: cancelIDs, owner: owner, priority: nil) { concatenation in
          // Each step is a child of the concatenation, which waits for it (and the effects of the
          // actions it sent) before the next; cancelling the concatenation cancels the step running.
          for effect in effects {
            guard !Task.isCancelled else { return }
            let step = self.run(effect, origin: origin, cancelIDs: cancelIDs, owner: .step(of: concatenation))
            await self.waitForChildren(of: concatenation, cancelling: step)
          }
        }
      ]
    case .cancellable(let inner, let id, let cancelInFlight):
      if cancelInFlight { cancel(id: id) }
      return run(inner, origin: origin, cancelIDs: cancelIDs + [id], owner: owner)
    case .cancel(let id):
      cancel(id: id)
      return []
    case .cancelMatching(let matches):
      for id in cancellables.keys.filter(matches) { cancel(id: id) }
      return []
    }
  }

  /// Delivers the actions `effect` sends: their effects are its children.
  private func send(for effect: InFlight) -> Send<Action> {
    Send { [weak self] action in
      guard let self else { return }
      _ = self.process(action, owner: .effect(effect), reduce: self.reduce)
    }
  }

  /// Starts `body` in a main-actor task at `priority` that is tracked until it, and the effects it
  /// waits for, have finished.
  private func start(
    origin: Action,
    cancelIDs: [AnyHashable],
    owner: Owner,
    priority: TaskPriority?,
    _ body: @escaping @MainActor (InFlight) async -> Void
  ) -> Task<Void, Never> {
    let parent: InFlight?
    switch owner {
    case .caller, .queuedSend: parent = nil
    case .effect(let sender): parent = sender
    case .step(let concatenation): parent = concatenation
    }
    let isStep = if case .step = owner { true } else { false }
    let effect = InFlight(id: nextID, origin: origin, cancelIDs: cancelIDs, parent: parent, isStep: isStep)
    nextID += 1
    parent?.children += 1
    let task = Task(priority: priority) { @MainActor in
      await body(effect)
      effect.isRunning = false
      // Wait (for StoreTask.finish) but do not pass cancellation on: the effects of the actions
      // this effect sent are independent effects, cancelled only by their own ids.
      await self.waitForChildren(of: effect, cancelling: [])
      self.finish(effect)
    }
    effect.task = task
    let isReleased = releasable.withLock { state in
      if !state.isReleased { state.tasks[effect.id] = task }
      return state.isReleased
    }
    if isReleased { task.cancel() }
    inFlight[effect.id] = effect
    for cancelID in cancelIDs { cancellables[cancelID, default: []].insert(effect.id) }
    onEffectsChanged()
    return task
  }

  /// Returns once `effect` has no unfinished children; if the waiting task is cancelled meanwhile,
  /// cancels `tasks`.
  private func waitForChildren(of effect: InFlight, cancelling tasks: [Task<Void, Never>]) async {
    guard effect.children > 0 else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { effect.waiter = $0 }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  private func finish(_ effect: InFlight) {
    releasable.withLock { _ = $0.tasks.removeValue(forKey: effect.id) }
    inFlight[effect.id] = nil
    effect.task = nil
    for cancelID in effect.cancelIDs {
      cancellables[cancelID]?.remove(effect.id)
      if cancellables[cancelID]?.isEmpty == true { cancellables[cancelID] = nil }
    }
    if let parent = effect.parent {
      parent.children -= 1
      if parent.children == 0, let waiter = parent.waiter {
        parent.waiter = nil
        waiter.resume()
      }
    }
    onEffectsChanged()
  }

  private func cancel(id: AnyHashable) {
    guard let ids = cancellables[id] else { return }
    for id in ids { inFlight[id]?.task?.cancel() }
  }
}
