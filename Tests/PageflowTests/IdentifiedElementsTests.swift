import Testing

@testable import Pageflow

/// The element store: order, uniqueness, lookups and positions through appends, prepends, inserts
/// and removals at both ends.
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
