/// Sends actions from an effect back into the store, on the main actor.
///
/// Actions sent after the effect was cancelled are dropped, so a cancelled load never lands.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// Wraps a function that delivers actions.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action`, unless the current task has been cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }

  /// A `Send` for child actions that wraps them with `transform` first.
  func map<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let send = self.send
    return Send<Child> { send(transform($0)) }
  }
}
