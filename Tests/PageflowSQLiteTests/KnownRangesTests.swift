import PageflowSQLite
import Testing
import pageflow_sqlite_writer

/// Known ranges: sorted, merged where they overlap or meet, never where a key (or the dense
/// stretch between two keys) is missing; gaps between them.
struct KnownRangesTests {
  typealias Range = KeyRange<Int>

  static func range(_ lower: Range.Bound, _ upper: Range.Bound) -> Range { Range(lower: lower, upper: upper) }

  @Test func rangesThatMeetAtAKeyHeldByOneOfThemMerge() {
    var known = KnownRanges<Int>()
    known.insert(Self.range(.included(1), .included(3)))
    known.insert(Self.range(.excluded(3), .included(6)))
    #expect(known.ranges == [Self.range(.included(1), .included(6))])
    known.insert(Self.range(.included(-2), .excluded(1)))
    #expect(known.ranges == [Self.range(.included(-2), .included(6))])
  }

  @Test func rangesThatBothExcludeTheKeyBetweenThemStaySeparate() {
    let known = KnownRanges([Self.range(.included(1), .excluded(3)), Self.range(.excluded(3), .included(6))])
    #expect(known.ranges.count == 2)
    #expect(
      known.gaps == [
        Self.range(.open, .excluded(1)), Self.range(.included(3), .included(3)), Self.range(.excluded(6), .open),
      ])
  }

  @Test func adjacentKeysDoNotTouchBecauseRowsMayLieBetweenThem() {
    let known = KnownRanges([Self.range(.included(1), .included(3)), Self.range(.included(4), .included(6))])
    #expect(known.ranges.count == 2)
    #expect(known.gaps[1] == Self.range(.excluded(3), .excluded(4)))
  }

  @Test func overlappingAndContainedRangesBecomeTheirUnion() {
    var known = KnownRanges([Self.range(.included(10), .included(20)), Self.range(.included(30), .excluded(40))])
    known.insert(Self.range(.included(12), .included(14)))
    #expect(known.ranges.count == 2)
    known.insert(Self.range(.included(15), .included(35)))
    #expect(known.ranges == [Self.range(.included(10), .excluded(40))])
  }

  @Test func openEndsReachTheListsEndsAndLeaveNoGapThere() {
    let known = KnownRanges([Self.range(.open, .included(5)), Self.range(.excluded(9), .open)])
    #expect(known.gaps == [Self.range(.excluded(5), .included(9))])
    #expect(known.range(containing: -1_000) == Self.range(.open, .included(5)))
    #expect(known.range(containing: 7) == nil)
    #expect(KnownRanges([Self.range(.open, .open)]).gaps.isEmpty)
    #expect(KnownRanges<Int>().gaps == [Range.all])
  }

  @Test func emptyRangesAreIgnored() {
    let known = KnownRanges([
      Self.range(.excluded(3), .excluded(3)), Self.range(.excluded(3), .included(3)),
      Self.range(.included(5), .included(4)),
    ])
    #expect(known.ranges.isEmpty)
    #expect(KnownRanges([Self.range(.included(3), .included(3))]).ranges.count == 1)
  }

  /// Random ranges over keys 0...20, inserted one by one, against a brute-force model: every place
  /// of the key order (below, at and above each key, and the two open ends) marked covered or not,
  /// the ranges read back as the runs of covered places.
  @Test func randomInsertionsMatchABruteForceModel() {
    let seed = testSeed("KnownRangesTests.randomInsertionsMatchABruteForceModel")
    var random = SeededRandom(seed: seed)
    let keys = 0...20
    // Place 0 is the open start; key k has places 3k+1 (below), 3k+2 (at), 3k+3 (above); then the open end.
    let end = 3 * (keys.upperBound + 1) + 1
    func places(_ range: Range) -> ClosedRange<Int>? {
      let low =
        switch range.lower {
        case .open: 0
        case .included(let key): 3 * key + 2
        case .excluded(let key): 3 * key + 3
        }
      let high =
        switch range.upper {
        case .open: end
        case .included(let key): 3 * key + 2
        case .excluded(let key): 3 * key + 1
        }
      return low <= high ? low...high : nil
    }
    func bound(_ key: Int, randomly random: inout SeededRandom) -> Range.Bound {
      switch Int.random(in: 0..<9, using: &random) {
      case 0: .open
      case 1...4: .included(key)
      default: .excluded(key)
      }
    }
    for round in 0..<300 {
      var known = KnownRanges<Int>()
      var covered = Array(repeating: false, count: end + 1)
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let a = Int.random(in: keys, using: &random)
        let b = Int.random(in: a...keys.upperBound, using: &random)
        let range = Self.range(bound(a, randomly: &random), bound(b, randomly: &random))
        known.insert(range)
        for place in places(range).map(Array.init) ?? [] { covered[place] = true }
        // Above key k and below key k+1 are the same stretch (the rows between them): one run.
        let model = runs(of: covered)
        let actual = known.ranges.compactMap(places)
        #expect(actual == model, "seed \(seed), round \(round): \(known) after inserting \(range)")
        if actual != model { return }
      }
    }
  }

  /// The runs of consecutive covered places.
  private func runs(of covered: [Bool]) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    var start: Int?
    for (place, isCovered) in covered.enumerated() {
      if isCovered, start == nil { start = place }
      if !isCovered, let first = start {
        runs.append(first...(place - 1))
        start = nil
      }
    }
    if let first = start { runs.append(first...(covered.count - 1)) }
    return runs
  }
}
