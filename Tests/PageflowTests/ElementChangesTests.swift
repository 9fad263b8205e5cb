import Testing

@testable import Pageflow

/// The changes a list's elements record as they are made, read as one change set a collection view
/// applies: coalesced, O(the change), told apart by id when a window is replaced, and refused by a
/// copy that is out of date.
struct ElementChangesTests {
  @Test func editsBetweenTwoReadsCoalesceIntoOneChangeSet() throws {
    var elements = IdentifiedElements((0..<10).map { Message($0) })
    let version = try #require(elements.changeVersion)
    elements.append(contentsOf: (10..<15).map { Message($0) })  // a page at the end
    elements.removeFirst(3)  // a page evicted at the start
    elements[id: 5]?.text = "edited"
    elements.insert(Message(100), at: 4)
    elements.remove(id: 12)
    let changes = try #require(elements.changes(since: version))
    #expect(changes.countBefore == 10 && changes.countAfter == 12)
    #expect(changes.removed == [0..<3])
    #expect(changes.removedIDs == [0, 1, 2])
    #expect(changes.inserted == [4..<5, 8..<12])
    #expect(changes.updated == [.init(before: 5, after: 2)])
    var mirror = (0..<10).map { Message($0) }
    try changes.apply(to: &mirror, from: elements)
    #expect(mirror == Array(elements))
  }

  @Test func anElementThatStaysIsFoundAfterTheChangesFromItsIndexBefore() throws {
    let changes = ElementChanges<Int>(
      countBefore: 10, countAfter: 12, removed: [0..<3], removedIDs: [0, 1, 2], inserted: [4..<5, 8..<12])
    #expect((0..<10).map { changes.indexAfter(before: $0) } == [nil, nil, nil, 0, 1, 2, 3, 5, 6, 7])
    #expect(changes.indexAfter(before: 10) == nil && changes.indexAfter(before: -1) == nil)
  }

  @Test func nothingChangedReadsAsNoChange() throws {
    let elements = IdentifiedElements((0..<4).map { Message($0) })
    let version = try #require(elements.changeVersion)
    #expect(elements.changes(since: version) == .none(count: 4))
  }

  @Test func anElementInsertedThenRemovedLeavesNoTrace() throws {
    var elements = IdentifiedElements((0..<4).map { Message($0) })
    let version = try #require(elements.changeVersion)
    elements.append(Message(9))
    elements[id: 9]?.text = "edited"
    elements.remove(id: 9)
    #expect(elements.changes(since: version)?.isEmpty == true)
  }

  @Test func aWindowReplacedIsToldApartById() throws {
    var old = IdentifiedElements((0..<10).map { Message($0) })
    let version = try #require(old.changeVersion)
    old.append(Message(10))
    var fresh = IdentifiedElements((5..<15).map { Message($0, $0 == 7 ? "edited" : nil) })
    fresh.continueChanges(of: old)
    let changes = try #require(fresh.changes(since: version))
    #expect(changes.removed == [0..<5])
    #expect(changes.inserted == [5..<10])  // 10 was appended, then came again: kept
    #expect(changes.updated == [.init(before: 7, after: 2)])
    var mirror = (0..<10).map { Message($0) }
    try changes.apply(to: &mirror, from: fresh)
    #expect(mirror == Array(fresh))
  }

  @Test func aWindowThatLosesMoreThanTheLimitAtOnceIsReloadedNotListed() throws {
    let limit = IdentifiedElements<Message>.replacedIDLimit
    let small = IdentifiedElements((0..<limit).map { Message($0) })
    let large = IdentifiedElements((0...limit + 1).map { Message($0) })
    for (old, reloads) in [(small, false), (large, true)] {
      let version = try #require(old.changeVersion)
      var fresh = IdentifiedElements([Message(1), Message(-1)])  // a jump: one row of the old stays
      fresh.continueChanges(of: old)
      let changes = fresh.changes(since: version)
      #expect((changes == nil) == reloads, "\(old.count) rows replaced")
      #expect(changes?.removedIDs.count ?? 0 == (reloads ? 0 : limit - 1))
    }
  }

  @Test func editsAtTheEndsAloneComposeInOnePassAsTheyDoStretchByStretch() throws {
    var random = SeededGenerator(seed: 27)
    var composed = 0
    for run in 0..<2_000 {
      var elements = IdentifiedElements((0..<Int.random(in: 0...12, using: &random)).map { Message($0) })
      let version = try #require(elements.changeVersion)
      var next = 1_000
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let count = Int.random(in: 0...5, using: &random)
        let page = (next..<next + count).map { Message($0) }
        next += count
        switch Int.random(in: 0..<4, using: &random) {
        case 0: elements.append(contentsOf: page)
        case 1: elements.prepend(contentsOf: page)
        case 2: elements.removeFirst(count)
        default: elements.removeLast(count)
        }
      }
      let edits = try #require(elements.journal?.edits(since: version.edits))
      var countBefore = elements.count
      for edit in edits {
        if case .insert(_, let count) = edit { countBefore -= count }
        if case .remove(_, let ids) = edit { countBefore += ids.count }
      }
      // Nil only for a removal across the whole list, which the stretches take.
      guard let onePass = ElementChanges(atEnds: edits, countBefore: countBefore) else { continue }
      composed += 1
      #expect(onePass == ElementChanges(composing: edits, countBefore: countBefore), "run \(run)")
    }
    #expect(composed > 1_500)
  }

  @Test func elementsThatStopRecordingTellEveryReaderToReloadAndStartAnewWhenTheyResume() throws {
    var elements = IdentifiedElements((0..<4).map { Message($0) })
    let before = try #require(elements.changeVersion)
    elements.recordsChanges = false
    elements.append(Message(4))
    #expect(!elements.recordsChanges && elements.changeVersion == nil && elements.changes(since: before) == nil)
    elements.recordsChanges = true
    let resumed = try #require(elements.changeVersion)
    #expect(elements.changes(since: before) == nil)  // what happened meanwhile is not known
    elements.append(Message(5))
    #expect(elements.changes(since: resumed)?.inserted == [5..<6])
  }

  @Test func aWindowReplacedInAnotherOrderStillApplies() throws {
    let old = IdentifiedElements((0..<6).map { Message($0) })
    let version = try #require(old.changeVersion)
    var fresh = IdentifiedElements([5, 0, 1, 9, 3, 2].map { Message($0) })
    fresh.continueChanges(of: old)
    let changes = try #require(fresh.changes(since: version))
    var mirror = Array(old)
    try changes.apply(to: &mirror, from: fresh)
    #expect(mirror == Array(fresh))
  }

  @Test func aSnapshotIsEditedIntoTheNextWithoutEveryID() throws {
    var elements = IdentifiedElements((0..<6).map { Message($0) })
    let version = try #require(elements.changeVersion)
    elements.removeFirst(2)
    elements.append(contentsOf: [Message(6), Message(7)])
    elements.insert(Message(9), at: 0)
    elements[id: 4]?.text = "edited"
    let edits = try #require(elements.changes(since: version)).snapshotEdits(in: elements)
    #expect(
      edits.steps == [.delete([0, 1]), .insert([6, 7], before: nil), .insert([9], before: 2), .reconfigure([4])])
    var snapshot = Array(0..<6)
    edits.apply(to: &snapshot)
    #expect(snapshot == [9, 2, 3, 4, 5, 6, 7])
  }

  @Test func aCopyThatIsOutOfDateIsToldSoAndLeftAsItWas() throws {
    var elements = IdentifiedElements((0..<6).map { Message($0) })
    let version = try #require(elements.changeVersion)
    elements.removeFirst(2)
    let changes = try #require(elements.changes(since: version))
    var short = (0..<5).map { Message($0) }
    #expect(throws: ChangeApplicationError.wrongCount(count: 5, expected: 6)) {
      try changes.apply(to: &short, from: elements)
    }
    var shifted = (1..<7).map { Message($0) }
    #expect(throws: ChangeApplicationError.wrongElement(index: 0)) { try changes.apply(to: &shifted, from: elements) }
    #expect(shifted == (1..<7).map { Message($0) })
  }

  @Test func aCopyThatMissedAChangeIsToldSoWhateverTheChangeWas() throws {
    var list = IdentifiedElements((0..<6).map { Message($0) })
    var reader = ListChangeReader<Int>()
    var rows = ElementsCopy<Message>()
    try rows.apply(reader.read(list, onScreen: nil), from: list)  // the first read: a copy of the list
    list[id: 2]?.text = "edited"
    _ = reader.read(list, onScreen: nil)  // read, and never applied: the copy missed it
    list[id: 3]?.text = "edited too"
    let changes = reader.read(list, onScreen: nil)
    #expect(throws: ChangeApplicationError.wrongVersion) { try rows.apply(changes, from: list) }
    #expect(rows.elements == (0..<6).map { Message($0) })  // left as it was
    // The list the changes are applied from is the one they end at, not a later one.
    var fresh = ElementsCopy(list)
    list.append(Message(6))
    let later = reader.read(list, onScreen: nil)
    list.append(Message(7))
    #expect(throws: ChangeApplicationError.wrongVersion) { try fresh.apply(later, from: list) }
  }

  @Test func aCopyKeptFromEveryChangeSetEqualsTheList() throws {
    var list = IdentifiedElements((0..<6).map { Message($0) })
    var reader = ListChangeReader<Int>()
    var rows = ElementsCopy<Message>()
    try rows.apply(reader.read(list, onScreen: nil), from: list)
    list.removeFirst(2)
    list[id: 4]?.text = "edited"
    list.append(contentsOf: [Message(6), Message(7)])
    try rows.apply(reader.read(list, onScreen: nil), from: list)
    #expect(Array(rows) == Array(list) && rows.version == list.changeVersion)
  }

  @Test func aReaderTooFarBehindOrOfAnotherListReloads() throws {
    var elements = IdentifiedElements((0..<4).map { Message($0) })
    let version = try #require(elements.changeVersion)
    for index in 0..<(ChangeJournal<Int>.maxEdits + 1) { elements[id: index % 4]?.text = "edit \(index)" }
    #expect(elements.changes(since: version) == nil)  // its history is gone: reload
    let other = IdentifiedElements((0..<4).map { Message($0) })
    #expect(other.changes(since: try #require(elements.changeVersion)) == nil)
  }

  /// 20,000 random edits of every kind, read at random moments: a copy that applies each change set
  /// equals the elements every time.
  @Test func aCopyApplyingEachChangeSetEqualsTheElements() throws {
    let seed = SeededGenerator.seed(default: 27)
    var random = SeededGenerator(seed: seed)
    var elements = IdentifiedElements<Message>()
    var mirror: [Message] = []
    var version = try #require(elements.changeVersion)
    func message() -> Message {
      Message(Int.random(in: 0..<150, using: &random), "v\(Int.random(in: 0..<4, using: &random))")
    }
    for step in 0..<20_000 {
      switch Int.random(in: 0..<11, using: &random) {
      case 0: elements.append(contentsOf: (0..<Int.random(in: 0...5, using: &random)).map { _ in message() })
      case 1: elements.prepend(contentsOf: (0..<Int.random(in: 0...5, using: &random)).map { _ in message() })
      case 2: elements.removeFirst(Int.random(in: 0...4, using: &random))
      case 3: elements.removeLast(Int.random(in: 0...4, using: &random))
      case 4: elements.insert(message(), at: Int.random(in: 0...elements.count, using: &random))
      case 5: elements.remove(id: Int.random(in: 0..<150, using: &random))
      case 6: elements[id: Int.random(in: 0..<150, using: &random)]?.text += "!"
      case 7:
        let divisor = Int.random(in: 5...40, using: &random)
        elements.removeAll { $0.id.isMultiple(of: divisor) }
      case 8:
        if Int.random(in: 0..<20, using: &random) == 0 { elements.removeAll() }
      case 9:
        let start = Int.random(in: 0..<150, using: &random)
        var fresh = IdentifiedElements((start..<start + Int.random(in: 0...30, using: &random)).map { Message($0) })
        fresh.continueChanges(of: elements)
        elements = fresh
      default:
        let changes = try #require(elements.changes(since: version), "seed \(seed) step \(step)")
        let moved = mirror.indices.map { changes.indexAfter(before: $0) }
        let stayed = mirror.indices.map { index in
          changes.removed.contains { $0.contains(index) } ? nil : elements.index(id: mirror[index].id)
        }
        #expect(moved == stayed, "indexAfter: seed \(seed), step \(step)")
        #expect(
          moved.enumerated().allSatisfy { before, after in
            after.map { changes.indexBefore(after: $0) == before } ?? true
          })
        var snapshot = mirror.map(\.id)
        changes.snapshotEdits(in: elements).apply(to: &snapshot)
        try changes.apply(to: &mirror, from: elements)
        #expect(mirror == Array(elements), "seed \(seed) (PAGEFLOW_TEST_SEED=\(seed)), step \(step)")
        #expect(snapshot == Array(elements.ids), "snapshot: seed \(seed), step \(step)")
        guard mirror == Array(elements), snapshot == Array(elements.ids) else { return }
        version = try #require(elements.changeVersion)
      }
    }
  }
}
