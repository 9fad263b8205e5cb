import Pageflow
import Testing

/// A diffable snapshot edited from a change set (what `PageflowUIKit` does with UIKit's and
/// AppKit's `NSDiffableDataSourceSnapshot`, through ``DiffableSnapshot``): inserted items land
/// before the item that follows them, or at the end of the list's own section when they end it,
/// whatever sections come after it.
struct SnapshotEditingTests {
  /// A snapshot of sections of items, with the calls of `NSDiffableDataSourceSnapshot`.
  struct SimulatedSnapshot: DiffableSnapshot {
    var sections: [(id: String, items: [Int])]
    var redrawn: [Int] = []

    var items: [String: [Int]] { Dictionary(uniqueKeysWithValues: sections.map { ($0.id, $0.items) }) }

    func indexOfItem(_ identifier: Int) -> Int? { sections.flatMap(\.items).firstIndex(of: identifier) }
    mutating func deleteItems(_ identifiers: [Int]) {
      for index in sections.indices { sections[index].items.removeAll { identifiers.contains($0) } }
    }
    mutating func insertItems(_ identifiers: [Int], beforeItem beforeIdentifier: Int) {
      for index in sections.indices {
        if let position = sections[index].items.firstIndex(of: beforeIdentifier) {
          sections[index].items.insert(contentsOf: identifiers, at: position)
        }
      }
    }
    mutating func appendItems(_ identifiers: [Int], toSection sectionIdentifier: String?) {
      let index = sectionIdentifier.flatMap { id in sections.firstIndex { $0.id == id } } ?? sections.count - 1
      sections[index].items += identifiers
    }
    mutating func redrawItems(_ identifiers: [Int]) { redrawn += identifiers }
  }

  /// The list (section "messages") had 1 2 3; now it has 0 1 2 3* 4 5: one item before the first,
  /// two at its end, and 3 changed in place. A section "footer" follows it.
  let edits = ElementChanges<Int>(
    countBefore: 3, countAfter: 6, inserted: [0..<1, 4..<6], updated: [.init(before: 2, after: 3)]
  )
  .snapshotEdits(in: IdentifiedElements((0...5).map(Item.init)))

  struct Item: Identifiable, Sendable { let id: Int }

  @Test func itemsThatEndTheListAreAppendedToItsSectionNotToTheLastOne() {
    var snapshot = SimulatedSnapshot(sections: [("messages", [1, 2, 3]), ("footer", [100])])
    edits.apply(to: &snapshot, appendingTo: "messages")
    #expect(snapshot.items == ["messages": [0, 1, 2, 3, 4, 5], "footer": [100]])
    #expect(snapshot.redrawn == [3])
  }

  @Test func withoutASectionTheyAreAppendedToTheLastOne() {
    var snapshot = SimulatedSnapshot(sections: [("messages", [1, 2, 3])])
    edits.apply(to: &snapshot, appendingTo: nil)
    #expect(snapshot.items == ["messages": [0, 1, 2, 3, 4, 5]])
  }
}
