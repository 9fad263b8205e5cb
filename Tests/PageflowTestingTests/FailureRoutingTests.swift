import PageflowTesting
import Testing
import XCTest

@testable import PageflowTesting

/// Failures go to the framework that runs the test.
struct FailureRoutingTests {
  @Test func insideASwiftTestingTestFailuresAreRecordedAsIssues() {
    #expect(FailureReporter.destination == .swiftTesting)
  }
}

/// The XCTest side of the routing.
final class FailureRoutingXCTests: XCTestCase {
  func testInsideAnXCTestCaseFailuresGoToXCTest() {
    XCTAssertEqual(FailureReporter.destination, .xcTest)
  }
}
