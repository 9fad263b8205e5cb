/// Why changes could not be applied to a copy of a list: it is not the list they were read from.
public enum ChangeApplicationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The copy holds `count` elements where the changes start from `expected`.
  case wrongCount(count: Int, expected: Int)
  /// The element the changes remove at `index` is not the one the copy holds there.
  case wrongElement(index: Int)
  /// The copy is of another version of the list than the changes start from (it missed a change),
  /// or the list given is not the one they end at.
  case wrongVersion

  /// What went wrong, in a sentence.
  public var description: String {
    switch self {
    case .wrongCount(let count, let expected):
      "the copy holds \(count) elements, the changes start from \(expected): it is out of date; reload it"
    case .wrongElement(let index):
      "the copy holds another element at \(index) than the changes remove: it is out of date; reload it"
    case .wrongVersion:
      "the copy is of another version of the list than the changes start from: it is out of date; reload it"
    }
  }
}

extension ElementChanges {
  /// Applies the changes to `copy`, a copy of the list's elements as they were before them (a
  /// view's own array, a test's mirror), taking what was inserted or changed from `elements`, the
  /// list now: removals, then insertions, then changes in place, as a collection view's batch
  /// update does. O(the change) in time, plus the array's own shifting.
  ///
  /// Throws, and leaves `copy` as it was, when it is not the list the changes start from as far as
  /// an array can tell: another count, or another element where one is removed. A copy that missed
  /// a change that kept the count and removed nothing it holds otherwise (an element changed in
  /// place, one removed and another inserted) is not told: an ``ElementsCopy``, which carries the
  /// version of the list it copies, is, whatever it missed.
  public func apply<Element: Identifiable>(
    to copy: inout [Element], from elements: IdentifiedElements<Element>
  ) throws(ChangeApplicationError) where Element.ID == ID {
    try check(copy.count, id: { copy[$0].id })
    guard elements.count == countAfter else { throw .wrongCount(count: elements.count, expected: countAfter) }
    for range in removed.reversed() { copy.removeSubrange(range) }
    for range in inserted { copy.insert(contentsOf: elements[range], at: range.lowerBound) }
    for update in updated { copy[update.after] = elements[update.after] }
  }

  /// Applies the changes to `ids`, the ids of the list's elements as they were before them, taking
  /// the ids of what was inserted from `elements`, the list now; throws as
  /// ``apply(to:from:)`` does.
  public func apply<Element: Identifiable>(
    toIDs ids: inout [ID], from elements: IdentifiedElements<Element>
  ) throws(ChangeApplicationError) where Element.ID == ID {
    try check(ids.count, id: { ids[$0] })
    guard elements.count == countAfter else { throw .wrongCount(count: elements.count, expected: countAfter) }
    for range in removed.reversed() { ids.removeSubrange(range) }
    for range in inserted { ids.insert(contentsOf: elements[range].map(\.id), at: range.lowerBound) }
  }

  /// Throws unless a copy of `count` elements, whose element at an index has the id `id(index)`,
  /// is the list the changes start from.
  private func check(_ count: Int, id: (Int) -> ID) throws(ChangeApplicationError) {
    guard count == countBefore else { throw .wrongCount(count: count, expected: countBefore) }
    var removal = removedIDs.makeIterator()
    for range in removed {
      for index in range where removal.next() != id(index) { throw .wrongElement(index: index) }
    }
  }
}
