import Pageflow
import Testing
import XCTest

/// Where a failing assertion is reported: Swift Testing inside a `@Test`, XCTest otherwise.
///
/// The package's own tests of failure messages take them instead, to check them exactly without
/// failing: `let failures = await FailureReporter.$capture.collecting { … }`.
package enum FailureReporter {
  /// Where failures go instead of a test framework while it is set (for this task and the tasks it
  /// starts).
  @TaskLocal package static var capture: Collected?

  /// The test framework a failure goes to.
  package enum Destination: Equatable {
    /// Swift Testing's `Issue.record`, inside a `@Test`.
    case swiftTesting
    /// `XCTFail`, inside an `XCTestCase`.
    case xcTest
  }

  /// Where a failure reported now would go.
  package static var destination: Destination {
    Test.current != nil ? .swiftTesting : .xcTest
  }

  /// Reports `message` as a test failure at the given source location.
  static func fail(
    _ message: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    if let capture {
      capture.append(message)
      return
    }
    switch destination {
    case .swiftTesting:
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: String(describing: fileID),
          filePath: String(describing: filePath),
          line: Int(line),
          column: Int(column)
        )
      )
    case .xcTest:
      XCTFail(message, file: filePath, line: line)
    }
  }
}

/// The place in a test that an assertion is attributed to.
struct SourcePosition: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func fail(_ message: String) {
    FailureReporter.fail(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
