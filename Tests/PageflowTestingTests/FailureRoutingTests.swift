import Pageflow
import PageflowTesting
import Testing
import XCTest

/// Failures go to the framework that runs the test.
struct FailureRoutingTests {
  @Test func insideASwiftTestingTestFailuresAreRecordedAsIssues() {
    #expect(FailureReporter.destination == .swiftTesting)
  }
}

/// The package's only XCTest test, run by `swift test` before the Swift Testing suite (so XCTest's
/// "Executed 1 test" counts this one alone): a test store failing inside an `XCTestCase` fails that
/// test case through XCTest.
final class XCTestReceivesTestStoreFailures: XCTestCase {
  /// Failures taken instead of failing the test case, while ``isTaking`` is set.
  private var taken: [String] = []
  private var isTaking = false

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      guard isTaking else { return super.record(issue) }
      taken.append(issue.compactDescription)
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
      guard isTaking else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      taken.append(description)
    }
  #endif

  @MainActor
  func testAFailingTestStoreFailsTheXCTestCase() async {
    XCTAssertEqual(FailureReporter.destination, .xcTest)
    let store = TestStore(initialState: 0) {
      Reduce<Int, Void> { count, _ in
        count += 1
        return .none
      }
    }
    isTaking = true
    await store.send(())  // the change is not described
    isTaking = false
    XCTAssertEqual(taken.count, 1)
    XCTAssertTrue(taken.first?.contains("State after send(()) is not what was expected") == true, "\(taken)")
  }
}
