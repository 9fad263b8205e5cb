import Testing

@testable import Pageflow

/// The element store: order, uniqueness, lookups and positions through appends, prepends, inserts
/// and removals at both ends, one element or a page at a time.
struct IdentifiedElementsTests {
  @Test func appendAndPrependKeepOrderAndIndexById() {
    var elements = IdentifiedElements<Message>()
    let appended = elements.append(contentsOf: [Message(3), Message(4)])
    let prepended = elements.prepend(contentsOf: [Message(1), Message(2), Message(1)])
    #expect(appended == 2)
    #expect(prepended == 2)
    #expect(elements.map(\.id) == [1, 2, 3, 4])
    for (offset, element) in elements.enumerated() {
      #expect(elements.index(id: element.id) == offset)
    }
    #expect(elements[id: 3] == Message(3))
    #expect(elements[id: 9] == nil)
  }

  @Test func removingFromBothEndsKeepsIndicesRight() {
    var elements = IdentifiedElements((0..<100).map { Message($0) })
    elements.prepend(contentsOf: (-50..<0).map { Message($0) })
    elements.removeFirst(70)
    elements.removeLast(10)
    #expect(elements.map(\.id) == Array(20..<90))
    #expect(elements.index(id: 20) == 0)
    #expect(elements.index(id: 89) == 69)
    #expect(!elements.contains(id: 19))
    #expect(!elements.contains(id: 95))
  }

  @Test func insertAndRemoveInTheMiddleRenumberCorrectly() {
    var elements = IdentifiedElements((0..<10).map { Message($0 * 10) })
    let inserted = [elements.insert(Message(15), at: 2), elements.insert(Message(85), at: 10)]
    let duplicate = elements.insert(Message(15), at: 0)
    #expect(inserted == [true, true])
    #expect(!duplicate)
    elements.remove(at: 5)
    let ids = elements.map(\.id)
    #expect(ids == [0, 10, 15, 20, 30, 50, 60, 70, 80, 85, 90])
    for (offset, id) in ids.enumerated() { #expect(elements.index(id: id) == offset) }
  }

  @Test func singleElementsKeepTheFirstCopyOfAnIdAndSayWhetherTheyWereAdded() {
    var elements = IdentifiedElements([Message(1, "first")])
    let added = [
      elements.append(Message(2)),
      elements.append(Message(1, "second")),
      elements.prepend(Message(0)),
      elements.prepend(Message(2, "second")),
      elements.insert(Message(5), at: 3),
      elements.insert(Message(6), at: 5),  // past the end: nothing inserted
      elements.insert(Message(6), at: -1),
    ]
    #expect(added == [true, false, true, false, true, false, false])
    #expect(Array(elements) == [Message(0), Message(1, "first"), Message(2), Message(5)])
    #expect(elements.index(id: 5) == 3)
  }

  @Test func removeByIdAndByPredicateKeepTheOrderOfTheRest() {
    var elements = IdentifiedElements((0..<10).map { Message($0) })
    let removed = [elements.remove(id: 4), elements.remove(id: 4)]
    #expect(removed == [Message(4), nil])
    elements.removeAll { $0.id.isMultiple(of: 3) }
    #expect(elements.map(\.id) == [1, 2, 5, 7, 8])
    for (offset, element) in elements.enumerated() { #expect(elements.index(id: element.id) == offset) }
    let readded = elements.append(Message(3))  // a removed id can come back
    #expect(readded && elements.index(id: 3) == 5)
    elements.removeAll()
    #expect(elements.isEmpty && !elements.contains(id: 1))
  }

  @Test func anElementIsChangedInPlaceThroughItsId() {
    var elements = IdentifiedElements((0..<5).map { Message($0) })
    let before = elements.changeToken
    elements[id: 2]?.text = "edited"
    #expect(elements.map(\.id) == [0, 1, 2, 3, 4])
    #expect(elements[id: 2] == Message(2, "edited"))
    #expect(elements.index(id: 2) == 2)
    #expect(elements.changeToken != before)
    let result = elements.modify(id: 3) { message -> Int in
      message.text = "modified"
      return message.id * 10
    }
    #expect(result == 30)
    #expect(elements[id: 3] == Message(3, "modified"))
  }

  @Test func changingAnElementThatIsNotThereChangesNothing() {
    var elements = IdentifiedElements((0..<3).map { Message($0) })
    let before = elements.changeToken
    elements[id: 9]?.text = "edited"
    let result = elements.modify(id: 9) { $0.id }
    #expect(result == nil)
    #expect(elements.changeToken == before)
    #expect(elements.map(\.id) == [0, 1, 2])
  }

  @Test func settingThroughAnIdAddsAndRemovesAsADictionaryDoes() async {
    var elements = IdentifiedElements((0..<3).map { Message($0) })
    elements[id: 1] = nil
    #expect(elements.map(\.id) == [0, 2])
    elements[id: 7] = Message(7)
    #expect(elements.map(\.id) == [0, 2, 7])
    #expect(elements.index(id: 7) == 2)
    let warnings = await RuntimeWarning.$sink.collecting {
      elements[id: 0] = Message(8)  // another id: nothing changes
    }
    #expect(elements.map(\.id) == [0, 2, 7])
    #expect(warnings.count == 1)
  }

  @Test func anElementRemovedIsToldFromOneEvicted() {
    var elements = IdentifiedElements((0..<10).map { Message($0) })
    let origin = elements.origin
    let logs = elements.logRemovals()  // as a forEach does for the action it runs
    let logsAgain = elements.logRemovals()
    #expect(logs && !logsAgain)
    elements.removeFirst(2)  // evicted
    elements.remove(id: 5)
    #expect(elements.wasRemoved(5, origin: origin))
    #expect(!elements.wasRemoved(0, origin: origin))
    elements[id: 8]?.text = "changed"  // another change in the same action: the removal stays told
    elements[id: 6] = nil
    elements.removeLast(1)  // and an eviction after it
    #expect(elements.wasRemoved(5, origin: origin) && elements.wasRemoved(6, origin: origin))
    #expect(!elements.wasRemoved(9, origin: origin))
    elements.removeAll { $0.id == 7 }  // the same collection, which lost 7 too
    #expect(elements.wasRemoved(7, origin: origin) && elements.wasRemoved(5, origin: origin))
    #expect(!elements.wasRemoved(0, origin: origin) && !elements.wasRemoved(9, origin: origin))
    #expect(IdentifiedElements([Message(8)]).wasRemoved(0, origin: origin))  // another: everything gone was
    var reloaded = IdentifiedElements([Message(30)])
    reloaded.continues(elements)  // the same list, its window replaced
    #expect(!reloaded.wasRemoved(8, origin: elements.origin))
  }

  /// 100,000 random operations, every kind, checked against an array holding the same elements:
  /// the results, the order, and every element's offset by id.
  @Test func randomOperationsMatchAPlainArray() {
    let seed = SeededGenerator.seed(default: 16)
    var random = SeededGenerator(seed: seed)
    var elements = IdentifiedElements<Message>()
    var model: [Message] = []
    func message() -> Message {
      Message(Int.random(in: 0..<120, using: &random), "v\(Int.random(in: 0..<4, using: &random))")
    }
    func isNew(_ id: Int) -> Bool { !model.contains { $0.id == id } }
    func page() -> [Message] { (0..<Int.random(in: 0...4, using: &random)).map { _ in message() } }
    func fresh(_ page: [Message]) -> [Message] {
      var seen = Set(model.map(\.id))
      return page.filter { seen.insert($0.id).inserted }
    }
    for step in 0..<100_000 {
      let operation = Int.random(in: 0..<100, using: &random)
      let expected: String
      let actual: String
      switch operation {
      case 0..<14:
        let element = message()
        expected = "\(isNew(element.id))"
        if isNew(element.id) { model.append(element) }
        actual = "\(elements.append(element))"
      case 14..<28:
        let element = message()
        expected = "\(isNew(element.id))"
        if isNew(element.id) { model.insert(element, at: 0) }
        actual = "\(elements.prepend(element))"
      case 28..<42:
        let element = message()
        let offset = Int.random(in: -1...(model.count + 1), using: &random)
        let inserts = isNew(element.id) && (0...model.count).contains(offset)
        expected = "\(inserts)"
        if inserts { model.insert(element, at: offset) }
        actual = "\(elements.insert(element, at: offset))"
      case 42..<62:
        let id = Int.random(in: 0..<120, using: &random)
        expected = "\(model.firstIndex { $0.id == id }.map { model.remove(at: $0) } as Any)"
        actual = "\(elements.remove(id: id) as Any)"
      case 62..<64:
        let divisor = Int.random(in: 2...7, using: &random)
        model.removeAll { $0.id.isMultiple(of: divisor) }
        elements.removeAll { $0.id.isMultiple(of: divisor) }
        (expected, actual) = ("", "")
      case 64..<74:
        let page = page()
        let added = fresh(page)
        model += added
        expected = "\(added.count)"
        actual = "\(elements.append(contentsOf: page))"
      case 74..<84:
        let page = page()
        let added = fresh(page)
        model.insert(contentsOf: added, at: 0)
        expected = "\(added.count)"
        actual = "\(elements.prepend(contentsOf: page))"
      case 84..<88:
        let count = Int.random(in: 0...3, using: &random)
        model.removeFirst(min(count, model.count))
        elements.removeFirst(count)
        (expected, actual) = ("", "")
      case 88..<92:
        let count = Int.random(in: 0...3, using: &random)
        model.removeLast(min(count, model.count))
        elements.removeLast(count)
        (expected, actual) = ("", "")
      case 92..<96:
        guard !model.isEmpty else { continue }
        let offset = Int.random(in: 0..<model.count, using: &random)
        expected = "\(model.remove(at: offset))"
        actual = "\(elements.remove(at: offset))"
      case 96..<98:
        let element = message()
        let index = model.firstIndex { $0.id == element.id }
        if let index { model[index] = element }
        expected = "\(index != nil)"
        actual = "\(elements.replace(element))"
      default:
        let id = Int.random(in: 0..<120, using: &random)
        let index = model.firstIndex { $0.id == id }
        if let index { model[index].text += "!" }
        elements[id: id]?.text += "!"
        (expected, actual) = ("", "")
      }
      let probe = Int.random(in: 0..<120, using: &random)
      let matches =
        expected == actual && elements.count == model.count
        && elements.index(id: probe) == model.firstIndex { $0.id == probe }
        && (!step.isMultiple(of: 64)
          || Array(elements) == model && model.indices.allSatisfy { elements.index(id: model[$0].id) == $0 })
      guard matches else {
        Issue.record(
          "seed \(seed) (PAGEFLOW_TEST_SEED=\(seed)), step \(step), operation \(operation): \(actual) for \(expected); \(Array(elements)) for \(model)"
        )
        return
      }
    }
    #expect(Array(elements) == model)
    #expect(model.indices.allSatisfy { elements.index(id: model[$0].id) == $0 })
  }

  @Test func theBufferSurvivesLongAlternatingUse() {
    var buffer = EdgeBuffer<Int>()
    var model: [Int] = []
    var next = 0
    for step in 0..<5_000 {
      switch step % 7 {
      case 0, 1: buffer.append(next); model.append(next)
      case 2, 3: buffer.prepend(next); model.insert(next, at: 0)
      case 4:
        let removed = buffer.removeFirst()
        #expect(removed == (model.isEmpty ? nil : model.removeFirst()))
      case 5:
        let removed = buffer.removeLast()
        #expect(removed == model.popLast())
      default:
        if !model.isEmpty {
          let offset = next % model.count
          let removed = buffer.remove(at: offset)
          #expect(removed == model.remove(at: offset))
        }
      }
      next += 1
    }
    #expect((0..<buffer.count).map { buffer[$0] } == model)
  }

  /// A window's storage: pages appended at one end and evicted at the other, many times over (the
  /// dead slots compacted again and again), then pages prepended and evicted at the end, with
  /// removals across the boundary of the two parts, more than there are, and from an empty buffer.
  @Test func bulkRemovalsAtBothEndsMatchAPlainArray() {
    var buffer = EdgeBuffer<Int>()
    var model: [Int] = []
    func check(_ comment: Comment) {
      #expect(buffer.count == model.count, comment)
      #expect((0..<buffer.count).map { buffer[$0] } == model, comment)
      var read: [Int] = []
      buffer.forEach(in: 0..<buffer.count) { read.append($0) }
      #expect(read == model, comment)
    }
    buffer.removeFirst(3)
    buffer.removeLast(3)
    check("nothing to remove")
    var next = 0
    for _ in 0..<2_000 {  // 100,000 elements through a window of 1,000
      for _ in 0..<50 {
        buffer.append(next)
        model.append(next)
        next += 1
      }
      if model.count > 1_000 {
        buffer.removeFirst(50)
        model.removeFirst(50)
      }
    }
    check("after scrolling down")
    for _ in 0..<100 {
      for _ in 0..<30 {
        buffer.prepend(next)
        model.insert(next, at: 0)
        next += 1
      }
      buffer.removeLast(30)
      model.removeLast(30)
    }
    check("after scrolling up")
    for (count, slice) in [(0, 10..<10), (5, 3..<9), (2, 995..<1_005), (7, -3..<4)] {
      var read: [Int] = []
      buffer.forEach(in: slice) { read.append($0) }
      let expected = slice.clamped(to: model.indices).map { model[$0] }
      #expect(read == expected, "forEach(in: \(slice))")
      buffer.removeFirst(count)
      model.removeFirst(count)
      buffer.removeLast(count)
      model.removeLast(count)
    }
    check("after small removals at both ends")
    buffer.prepend(-1)
    model.insert(-1, at: 0)
    buffer.removeFirst(model.count / 2)  // across the front part into the back
    model.removeFirst(model.count / 2)
    check("after removing across the two parts at the start")
    buffer.prepend(-2)
    buffer.prepend(-3)
    model.insert(contentsOf: [-3, -2], at: 0)
    buffer.removeLast(model.count - 1)  // across the back part into the front
    model.removeLast(model.count - 1)
    check("after removing across the two parts at the end")
    buffer.removeFirst(10)
    model.removeAll()
    check("after removing more than there is")
    buffer.append(1)
    buffer.prepend(0)
    model = [0, 1]
    check("reused after emptying")
  }
}

/// Pages with repeated ids, at either end, keep the first copy and leave every offset right.
struct IdentifiedElementsDuplicateTests {
  @Test(arguments: [
    [5, 6, 7],  // all new
    [5, 6, 5],  // repeated within the page
    [5, 1, 6],  // one already loaded
    [1, 2, 3],  // all already loaded
    [5, 5, 5],  // one id three times
  ])
  func aPrependedPageKeepsTheFirstCopyOfEachId(page: [Int]) {
    var elements = IdentifiedElements((0..<4).map { Message($0) })
    let added = elements.prepend(contentsOf: page.map { Message($0) })
    var seen = Set(0..<4)
    let fresh = page.filter { seen.insert($0).inserted }
    #expect(added == fresh.count)
    #expect(elements.map(\.id) == fresh + Array(0..<4))
    for (offset, element) in elements.enumerated() {
      #expect(elements.index(id: element.id) == offset)
    }
  }

  @Test(arguments: [[5, 6, 5], [5, 1, 6], [1, 2, 3]])
  func anAppendedPageKeepsTheFirstCopyOfEachId(page: [Int]) {
    var elements = IdentifiedElements((0..<4).map { Message($0) })
    let added = elements.append(contentsOf: page.map { Message($0) })
    var seen = Set(0..<4)
    let fresh = page.filter { seen.insert($0).inserted }
    #expect(added == fresh.count)
    #expect(elements.map(\.id) == Array(0..<4) + fresh)
    for (offset, element) in elements.enumerated() {
      #expect(elements.index(id: element.id) == offset)
    }
  }
}
