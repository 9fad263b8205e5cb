import Pageflow

/// The effects started by one ``TestStore/send(_:assert:fileID:filePath:line:column:)``.
@MainActor
public struct TestStoreTask: Sendable {
  /// The underlying store task.
  public let rawValue: StoreTask
  let signal: Signal

  init(_ rawValue: StoreTask, signal: Signal) {
    self.rawValue = rawValue
    self.signal = signal
  }

  /// Waits for those effects to finish; fails the test if they are still running after `timeout`.
  public func finish(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let done = Flag()
    let task = rawValue
    let signal = self.signal
    Task { @MainActor in
      await task.finish()
      done.isSet = true
      signal.notify()
    }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    if await !signal.wait(until: deadline, for: { done.isSet }) {
      SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        .fail("The effects of this action were still running after \(timeout).")
    }
  }

  /// Cancels those effects.
  public func cancel() { rawValue.cancel() }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { rawValue.isCancelled }
}

@MainActor
final class Flag {
  var isSet = false
}
