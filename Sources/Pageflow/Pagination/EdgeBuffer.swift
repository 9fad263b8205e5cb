/// A sequence that grows and shrinks at both ends in amortised O(1) per element, with O(1) access
/// by offset: the storage of ``IdentifiedElements`` and ``PageList``.
///
/// The front part is kept reversed in one array (so prepending is an append), the back part in
/// another. Removing from the far end of either array only advances a "dead" counter; the dead
/// slots are compacted once they outnumber the live ones.
@usableFromInline
struct EdgeBuffer<Element> {
  @usableFromInline var front: [Element] = []
  @usableFromInline var frontDead = 0
  @usableFromInline var back: [Element] = []
  @usableFromInline var backDead = 0

  @inlinable
  init() {}

  @inlinable
  init(_ elements: [Element]) { back = elements }

  @inlinable
  var count: Int { front.count - frontDead + back.count - backDead }
  @inlinable
  var isEmpty: Bool { count == 0 }
  @inlinable
  var frontCount: Int { front.count - frontDead }

  @inlinable
  subscript(offset: Int) -> Element {
    get {
      offset < frontCount ? front[front.count - 1 - offset] : back[backDead + offset - frontCount]
    }
    set {
      if offset < frontCount {
        front[front.count - 1 - offset] = newValue
      } else {
        back[backDead + offset - frontCount] = newValue
      }
    }
  }

  @inlinable
  var first: Element? { isEmpty ? nil : self[0] }
  @inlinable
  var last: Element? { isEmpty ? nil : self[count - 1] }

  @inlinable
  mutating func append(_ element: Element) {
    if back.count == backDead, frontDead > 0 {
      // The back is empty and the front's far end has dead slots: reuse them.
      frontDead -= 1
      front[frontDead] = element
    } else {
      back.append(element)
    }
  }

  @inlinable
  mutating func prepend(_ element: Element) {
    if front.count == frontDead, backDead > 0 {
      backDead -= 1
      back[backDead] = element
    } else {
      front.append(element)
    }
  }

  /// Appends `elements`, in order, deciding once where they go: into the back (or into the front's
  /// dead slots first, as ``append(_:)`` does). The back grows one element at a time, as an array
  /// appended to grows, so that it holds the same room as one.
  @inlinable
  mutating func append(contentsOf elements: [Element]) {
    guard back.count > backDead || frontDead == 0 else {
      for element in elements { append(element) }
      return
    }
    for element in elements { back.append(element) }
  }

  /// Prepends `elements`, keeping their order (the first ends up first), deciding once where they
  /// go: into the front, which holds them reversed (or into the back's dead slots first, as
  /// ``prepend(_:)`` does).
  @inlinable
  mutating func prepend(contentsOf elements: [Element]) {
    guard front.count > frontDead || backDead == 0 else {
      for element in elements.reversed() { prepend(element) }
      return
    }
    for offset in elements.indices.reversed() { front.append(elements[offset]) }
  }

  /// Removes and returns the first element.
  @inlinable
  mutating func removeFirst() -> Element? {
    guard !isEmpty else { return nil }
    if frontCount > 0 {
      let element = front.removeLast()
      if front.count == frontDead { front.removeAll(keepingCapacity: true); frontDead = 0 }
      return element
    }
    let element = back[backDead]
    backDead += 1
    compactBack()
    return element
  }

  /// Removes and returns the last element.
  @inlinable
  mutating func removeLast() -> Element? {
    guard !isEmpty else { return nil }
    if back.count > backDead {
      let element = back.removeLast()
      if back.count == backDead { back.removeAll(keepingCapacity: true); backDead = 0 }
      return element
    }
    let element = front[frontDead]
    frontDead += 1
    compactFront()
    return element
  }

  /// Removes the first `count` elements (all of them when there are fewer) at once: O(1) but for
  /// the compaction that the dead slots may call for, amortised O(1) per element.
  @inlinable
  mutating func removeFirst(_ count: Int) {
    var count = Swift.min(Swift.max(0, count), self.count)
    guard count > 0 else { return }
    let fromFront = Swift.min(count, frontCount)
    if fromFront > 0 {
      front.removeLast(fromFront)
      if front.count == frontDead { front.removeAll(keepingCapacity: true); frontDead = 0 }
      count -= fromFront
    }
    guard count > 0 else { return }
    backDead += count
    compactBack()
  }

  /// Removes the last `count` elements (all of them when there are fewer) at once: O(1) but for
  /// the compaction that the dead slots may call for, amortised O(1) per element.
  @inlinable
  mutating func removeLast(_ count: Int) {
    var count = Swift.min(Swift.max(0, count), self.count)
    guard count > 0 else { return }
    let fromBack = Swift.min(count, back.count - backDead)
    if fromBack > 0 {
      back.removeLast(fromBack)
      if back.count == backDead { back.removeAll(keepingCapacity: true); backDead = 0 }
      count -= fromBack
    }
    guard count > 0 else { return }
    frontDead += count
    compactFront()
  }

  /// Calls `body` with the elements at `offsets`, in order, read in place (clamped to the
  /// elements).
  @inlinable
  func forEach(in offsets: Range<Int>, _ body: (Element) -> Void) {
    let offsets = offsets.clamped(to: 0..<count)
    let frontCount = frontCount
    let frontEnd = Swift.min(offsets.upperBound, frontCount)
    for offset in Swift.min(offsets.lowerBound, frontEnd)..<frontEnd {
      body(front[front.count - 1 - offset])
    }
    for offset in Swift.max(offsets.lowerBound, frontCount)..<Swift.max(offsets.upperBound, frontCount) {
      body(back[backDead + offset - frontCount])
    }
  }

  /// Inserts `element` so that it ends up at `offset`: O(distance to the nearer end of its part).
  @inlinable
  mutating func insert(_ element: Element, at offset: Int) {
    if offset == 0 { prepend(element); return }
    if offset == count { append(element); return }
    if offset < frontCount {
      front.insert(element, at: front.count - offset)
    } else {
      back.insert(element, at: backDead + offset - frontCount)
    }
  }

  /// Removes the element at `offset`.
  @discardableResult
  @inlinable
  mutating func remove(at offset: Int) -> Element {
    if offset == 0, let first = removeFirst() { return first }
    if offset == count - 1, let last = removeLast() { return last }
    if offset < frontCount {
      return front.remove(at: front.count - 1 - offset)
    }
    return back.remove(at: backDead + offset - frontCount)
  }

  @inlinable
  mutating func removeAll() { self = EdgeBuffer() }

  @inlinable
  mutating func compactBack() {
    if back.count == backDead {
      back.removeAll(keepingCapacity: true)
      backDead = 0
    } else if backDead > 32, backDead * 2 > back.count {
      back.removeFirst(backDead)
      backDead = 0
    }
  }

  @inlinable
  mutating func compactFront() {
    if front.count == frontDead {
      front.removeAll(keepingCapacity: true)
      frontDead = 0
    } else if frontDead > 32, frontDead * 2 > front.count {
      front.removeFirst(frontDead)
      frontDead = 0
    }
  }
}

extension EdgeBuffer: Sendable where Element: Sendable {}
