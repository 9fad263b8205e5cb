import Pageflow
import Testing

/// Two loader errors are the same error when they are of one type and hold the same values,
/// whatever order a set in them iterates in.
struct LoadErrorTests {
  struct Rejected: Error {
    var ids: Set<Int>
    var reason: String
  }

  @Test func errorsHoldingEqualSetsAreEqualWhateverTheSetsOrder() {
    var roomy = Set<Int>(minimumCapacity: 4_096)
    roomy.formUnion(0..<40)
    let tight = Set(0..<40)
    // Equal sets of different capacities iterate in different orders, which Swift prints as it is.
    #expect(roomy == tight && String(reflecting: roomy) != String(reflecting: tight))
    #expect(LoadError(Rejected(ids: roomy, reason: "closed")) == LoadError(Rejected(ids: tight, reason: "closed")))
  }

  @Test func errorsThatDifferInAValueOrInTheirTypeDiffer() {
    struct Other: Error {
      var ids: Set<Int>
      var reason: String
    }
    #expect(LoadError(Rejected(ids: [1], reason: "closed")) != LoadError(Rejected(ids: [2], reason: "closed")))
    #expect(LoadError(Rejected(ids: [1], reason: "closed")) != LoadError(Rejected(ids: [1], reason: "gone")))
    #expect(LoadError(Rejected(ids: [1], reason: "closed")) != LoadError(Other(ids: [1], reason: "closed")))
  }
}
