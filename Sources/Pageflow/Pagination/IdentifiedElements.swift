/// The loaded elements of a paginated list: ordered, unique by id, with O(1) access by offset and
/// by id, and amortised O(1) per element appended or prepended.
///
/// An id is never present twice: adding an element whose id is already present keeps the first
/// copy where it is, unchanged, and says so in its result (`false`, or a smaller count).
///
/// Each element keeps an absolute position; prepending counts positions down, so neither appending
/// nor prepending touches the elements already loaded.
///
/// One element is changed in place through its id, as with a dictionary:
///
/// ```swift
/// state.list.elements[id: 42]?.isRead = true  // O(1); nothing happens when 42 is not loaded
/// ```
public struct IdentifiedElements<Element: Identifiable>: RandomAccessCollection {
  @usableFromInline var storage = EdgeBuffer<Element>()
  /// The absolute position of each element; its offset is its position minus `firstPosition`.
  @usableFromInline var positions: [Element.ID: Int] = [:]
  @usableFromInline var firstPosition = 0
  /// Changes with every change of the elements (``ChangeTracked``).
  @usableFromInline var stamp = ChangeStamp.initial
  /// Which collection this is: the stamp it was made with, kept through its changes and copies, so
  /// that a collection put in its place (another list) is told from the same one changed. Elements
  /// that leave it by being removed differ from elements that leave it by eviction
  /// (`removeFirst(_:)`, `removeLast(_:)`): see `wasRemoved(_:origin:)`.
  @usableFromInline var origin = ChangeStamp.next()
  /// The ids of the elements removed (``remove(at:)``) since a `forEach` began logging them for the
  /// action it runs (``logRemovals()``); nil while none does.
  @usableFromInline var removals: Set<Element.ID>?
  /// The last edits, for views that read what changed (``changes(since:)``); nil when they are not
  /// recorded.
  @usableFromInline var journal: ChangeJournal<Element.ID>? = ChangeJournal()

  /// An empty collection.
  @inlinable
  public init() {}

  /// The unique elements of `elements`, in order; the first copy of a repeated id wins.
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    _ = append(contentsOf: elements)
  }

  /// Zero.
  @inlinable
  public var startIndex: Int { 0 }
  /// The number of elements.
  @inlinable
  public var endIndex: Int { storage.count }

  /// The element at `offset`.
  @inlinable
  public subscript(offset: Int) -> Element { storage[offset] }

  /// The element with `id`, or nil: O(1) to read and to change in place.
  ///
  /// Setting it changes the collection as setting a dictionary's value does:
  /// - an element with this id replaces the loaded one in place, O(1)
  ///   (`elements[id: 42]?.isRead = true`);
  /// - an element with this id that is not loaded is appended (``append(_:)``);
  /// - nil removes the loaded element (``remove(id:)``), and does nothing when there is none;
  /// - an element with another id changes nothing, with a warning in debug builds: the id is what
  ///   the element is found by.
  ///
  /// In a paginated list, add and remove elements with the feature's `insert` and `remove` actions,
  /// which keep its pages, selection and the row on screen true; a membership change made here
  /// (as a test's expected state does, beside its pages) is the caller's to keep consistent.
  @inlinable
  public subscript(id id: Element.ID) -> Element? {
    get { index(id: id).map { storage[$0] } }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      guard newValue.id == id else {
        RuntimeWarning.emit("The element \(newValue.id) was set at the id \(id); nothing changed")
        return
      }
      if !replace(newValue) { append(newValue) }
    }
  }

  /// The offset of the element with `id`, or nil: O(1).
  @inlinable
  public func index(id: Element.ID) -> Int? {
    positions[id].map { $0 - firstPosition }
  }

  /// Whether an element with `id` is loaded: O(1).
  @inlinable
  public func contains(id: Element.ID) -> Bool { positions[id] != nil }

  /// The ids, in order.
  @inlinable
  public var ids: LazyMapSequence<Self, Element.ID> { lazy.map(\.id) }

  // MARK: - Adding and removing

  /// Sizes the index by id for a window that stays at about `count` elements (one whose limit
  /// evicts): room for twice as many, so that it stays under a third full. Removing an id from a
  /// hash table moves back the ids that collided after it; at that load a page of ids leaves the
  /// index for about half what it costs in a table sized only as it grew. Does nothing when the
  /// index has the room already (it never shrinks).
  @inlinable
  mutating func reserveIndex(for count: Int) {
    let room = count.multipliedReportingOverflow(by: 2)
    guard !room.overflow, positions.capacity < room.partialValue else { return }
    positions.reserveCapacity(room.partialValue)
  }

  /// Appends `element` unless its id is already present (the first copy stays); returns whether it
  /// was added. Amortised O(1).
  @discardableResult
  @inlinable
  public mutating func append(_ element: Element) -> Bool { insert(element, at: count) }

  /// Prepends `element` unless its id is already present (the first copy stays); returns whether it
  /// was added. Amortised O(1).
  @discardableResult
  @inlinable
  public mutating func prepend(_ element: Element) -> Bool { insert(element, at: 0) }

  /// Appends the elements whose ids are new; returns how many were appended.
  @discardableResult
  @inlinable
  public mutating func append(contentsOf elements: some Sequence<Element>) -> Int {
    let page = Array(elements)
    if appendIfAllNew(page) { return page.count }
    var added = 0
    let start = storage.count
    for element in page {
      if let loaded = positions.updateValue(firstPosition + storage.count, forKey: element.id) {
        positions[element.id] = loaded  // a repeated id: the first copy stays where it is
      } else {
        storage.append(element)
        added += 1
      }
    }
    if added > 0 {
      stamp = .next()
      journal?.record(.insert(at: start, count: added))
    }
    return added
  }

  /// Prepends the elements whose ids are new, keeping their order; returns how many.
  @discardableResult
  @inlinable
  public mutating func prepend(contentsOf elements: some Sequence<Element>) -> Int {
    let page = Array(elements)
    if prependIfAllNew(page) { return page.count }
    var seen = Set<Element.ID>()
    let fresh = page.filter { positions[$0.id] == nil && seen.insert($0.id).inserted }
    for element in fresh.reversed() {
      firstPosition -= 1
      positions[element.id] = firstPosition
      storage.prepend(element)
    }
    if !fresh.isEmpty {
      stamp = .next()
      journal?.record(.insert(at: 0, count: fresh.count))
    }
    return fresh.count
  }

  /// Appends `page` if none of its ids is loaded or repeated within it (the usual case), with one
  /// hash per element and the page stored in one pass; otherwise changes nothing and returns false.
  @inlinable
  mutating func appendIfAllNew(_ page: [Element]) -> Bool {
    guard indexAllNew(page, from: firstPosition + storage.count) else { return false }
    let offset = storage.count
    storage.append(contentsOf: page)
    if !page.isEmpty {
      stamp = .next()
      journal?.record(.insert(at: offset, count: page.count))
    }
    return true
  }

  /// Prepends `page` if none of its ids is loaded or repeated within it (the usual case), with one
  /// hash per element and the page stored in one pass; otherwise changes nothing and returns false.
  @inlinable
  mutating func prependIfAllNew(_ page: [Element]) -> Bool {
    let start = firstPosition - page.count
    guard indexAllNew(page, from: start) else { return false }
    firstPosition = start
    storage.prepend(contentsOf: page)
    if !page.isEmpty {
      stamp = .next()
      journal?.record(.insert(at: 0, count: page.count))
    }
    return true
  }

  /// Gives the elements of `page` the positions from `start` on in the index by id, if none of
  /// their ids is loaded or repeated within the page; otherwise leaves the index as it was and
  /// returns false.
  @inlinable
  mutating func indexAllNew(_ page: [Element], from start: Int) -> Bool {
    for offset in page.indices {
      let id = page[offset].id
      guard let loaded = positions.updateValue(start + offset, forKey: id) else { continue }
      positions[id] = loaded
      for earlier in page[..<offset] { positions[earlier.id] = nil }
      return false
    }
    return true
  }

  /// Removes `count` elements from the start (all of them when there are fewer): their ids leave
  /// the index, then the storage drops them at once.
  @inlinable
  mutating func removeFirst(_ count: Int) {
    let count = Swift.min(count, storage.count)
    guard count > 0 else { return }
    stamp = .next()
    forgetIDs(at: 0..<count)
    storage.removeFirst(count)
    firstPosition += count
  }

  /// Removes `count` elements from the end (all of them when there are fewer): their ids leave the
  /// index, then the storage drops them at once.
  @inlinable
  mutating func removeLast(_ count: Int) {
    let count = Swift.min(count, storage.count)
    guard count > 0 else { return }
    stamp = .next()
    forgetIDs(at: (storage.count - count)..<storage.count)
    storage.removeLast(count)
  }

  /// Takes the ids of the elements at `offsets`, which are being removed, out of the index, and
  /// records their removal in the journal, in one pass.
  @inlinable
  mutating func forgetIDs(at offsets: Range<Int>) {
    guard journal != nil else {
      storage.forEach(in: offsets) { positions[$0.id] = nil }
      return
    }
    var ids: [Element.ID] = []
    ids.reserveCapacity(offsets.count)
    storage.forEach(in: offsets) { element in
      positions[element.id] = nil
      ids.append(element.id)
    }
    journal?.record(.remove(at: offsets.lowerBound, ids: ids))
  }

  /// Inserts `element` at `offset` (`0...count`), renumbering the shorter side:
  /// O(min(offset, count - offset)). Returns whether it was inserted: an element whose id is
  /// already present is not (the first copy stays), nor one at an offset outside `0...count`.
  @discardableResult
  @inlinable
  public mutating func insert(_ element: Element, at offset: Int) -> Bool {
    guard positions[element.id] == nil, (0...storage.count).contains(offset) else { return false }
    stamp = .next()
    journal?.record(.insert(at: offset, count: 1))
    if offset < storage.count / 2 {
      for index in 0..<offset { positions[storage[index].id, default: 0] -= 1 }
      firstPosition -= 1
    } else {
      for index in offset..<storage.count { positions[storage[index].id, default: 0] += 1 }
    }
    positions[element.id] = firstPosition + offset
    storage.insert(element, at: offset)
    return true
  }

  /// Removes the element at `offset`, renumbering the shorter side.
  @discardableResult
  @inlinable
  mutating func remove(at offset: Int) -> Element {
    let element = storage.remove(at: offset)
    positions[element.id] = nil
    journal?.record(.remove(at: offset, ids: [element.id]))
    stamp = .next()
    removals?.insert(element.id)
    if offset < storage.count / 2 {
      for index in 0..<offset { positions[storage[index].id, default: 0] += 1 }
      firstPosition += 1
    } else {
      for index in offset..<storage.count { positions[storage[index].id, default: 0] -= 1 }
    }
    return element
  }

  /// Removes the element with `id` and returns it; nil (and no change) if there is none.
  /// O(min(offset, count - offset)).
  @discardableResult
  @inlinable
  public mutating func remove(id: Element.ID) -> Element? {
    index(id: id).map { remove(at: $0) }
  }

  /// Removes every element for which `shouldBeRemoved` is true, keeping the others in order: O(n).
  /// A reader of the changes (``changes(since:)``) reads it as one edit, however many rows it took.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var removed: [(offset: Int, ids: [Element.ID])] = []
    var kept: [Element] = []
    for (offset, element) in enumerated() {
      if try shouldBeRemoved(element) {
        if let last = removed.last, last.offset + last.ids.count == offset {
          removed[removed.count - 1].ids.append(element.id)
        } else {
          removed.append((offset, [element.id]))
        }
      } else {
        kept.append(element)
      }
    }
    guard !removed.isEmpty else { return }
    var journal = self.journal
    journal?.record(steps: removed.reversed().lazy.map { .remove(at: $0.offset, ids: $0.ids) })
    replaceAll(with: kept, journal: journal, removed: removed.lazy.flatMap(\.ids))
  }

  /// Makes `kept` the elements, as the same collection that lost `removed` (its record of edits
  /// `journal`): a `forEach` cancels the work of those rows, not of those that left before.
  @inlinable
  mutating func replaceAll(
    with kept: [Element], journal: ChangeJournal<Element.ID>?, removed: some Sequence<Element.ID>
  ) {
    var removals = self.removals
    if removals != nil { removals?.formUnion(removed) }
    let origin = self.origin
    self = IdentifiedElements(kept)
    self.journal = journal
    self.origin = origin
    self.removals = removals
  }

  /// Replaces the element with the same id as `element`; returns whether there was one. An equal
  /// element (of an `Equatable` type) changes nothing: no update for a reader of the changes.
  @inlinable
  mutating func replace(_ element: Element) -> Bool {
    guard let index = index(id: element.id) else { return false }
    guard !Self.areEqual(storage[index], element) else { return true }
    stamp = .next()
    storage[index] = element
    journal?.record(.update(at: index, count: 1))
    return true
  }

  /// Removes every element.
  @inlinable
  public mutating func removeAll() {
    guard !isEmpty else { return }
    var journal = self.journal
    if journal != nil { journal?.record(.remove(at: 0, ids: Array(ids))) }
    replaceAll(with: [], journal: journal, removed: removals == nil ? [] : Array(ids))
  }

  /// Changes the element with `id` in place and returns what `body` returns: O(1); nil, and no
  /// change, when there is none. A change of its id is undone, with a warning in debug builds: the
  /// id is what the element is found by. A `body` that leaves an element of an `Equatable` type
  /// equal to what it was changes nothing (no update for a reader of the changes).
  ///
  /// ```swift
  /// state.list.elements.modify(id: 42) { $0.isRead = true }
  /// ```
  @inlinable
  public mutating func modify<Result>(id: Element.ID, _ body: (inout Element) -> Result) -> Result? {
    guard let index = index(id: id) else { return nil }
    var element = storage[index]
    let result = body(&element)
    guard element.id == id else {
      RuntimeWarning.emit("A change of the element \(id) gave it another id, \(element.id); the change was undone")
      return result
    }
    guard !Self.areEqual(storage[index], element) else { return result }
    stamp = .next()
    storage[index] = element
    journal?.record(.update(at: index, count: 1))
    return result
  }
}

extension IdentifiedElements {
  /// The elements as an optional: for a key path that reads elements that may not be there and
  /// elements that are the same way.
  @inlinable
  var optional: Self? { self }

  /// Whether the element with `id`, which this collection does not hold, left it by being removed,
  /// as opposed to by eviction or never having been here: a removal took it out (``remove(id:)``,
  /// nil set through its id, ``removeAll()``, ``removeAll(where:)``) since removals are logged
  /// (``logRemovals()``), or this is another collection than the one whose `origin` was `before`
  /// (a new value assigned).
  @inlinable
  func wasRemoved(_ id: Element.ID, origin before: ChangeStamp) -> Bool {
    guard !contains(id: id) else { return false }
    return origin != before || removals?.contains(id) == true
  }

  /// Starts logging the ids of the elements removed, for the action a `forEach` runs; returns
  /// false, and changes nothing, when they are logged already (an enclosing `forEach` of the same
  /// elements ends the log).
  @inlinable
  mutating func logRemovals() -> Bool {
    guard removals == nil else { return false }
    removals = []
    return true
  }

  /// Makes this collection the continuation of `other`: elements of `other` that are not here
  /// left by eviction, not by removal (a reload of the same list that replaced its window), and
  /// those removed from `other` meanwhile stay removed.
  @inlinable
  mutating func continues(_ other: Self) {
    origin = other.origin
    removals = other.removals
  }
}

extension IdentifiedElements {
  /// Whether the elements record their edits for readers of their changes (``changes(since:)``,
  /// ``ListChangeReader``): on by default. A list that no view reads changes from (a SwiftUI
  /// list, which compares rows by id itself) may turn it off and save the recording's small cost;
  /// every read then says to reload everything. Turned on again, the record starts anew.
  @inlinable
  public var recordsChanges: Bool {
    get { journal != nil }
    set {
      guard newValue != (journal != nil) else { return }
      journal = newValue ? ChangeJournal() : nil
    }
  }

  /// The version of the elements as a reader of changes sees it: give it to ``changes(since:)``
  /// later to learn what changed meanwhile. Nil when the elements do not record their edits.
  @inlinable
  public var changeVersion: ChangeVersion? {
    journal.map { ChangeVersion(lineage: $0.lineage, edits: $0.version) }
  }

  /// What changed since `version`, in O(the change): nil when that cannot be told (the elements
  /// are another collection than the one `version` was read from, or the edits since are no longer
  /// all kept: the record is bounded), and a view reloads everything instead.
  @inlinable
  public func changes(since version: ChangeVersion) -> ElementChanges<Element.ID>? {
    guard let journal, journal.lineage == version.lineage, let edits = journal.edits(since: version.edits) else {
      return nil
    }
    var countBefore = count
    for edit in edits {
      switch edit {
      case .insert(_, let count): countBefore -= count
      case .remove(_, let ids): countBefore += ids.count
      case .update, .reload: break
      }
    }
    guard countBefore >= 0 else { return nil }
    return ElementChanges(atEnds: edits, countBefore: countBefore)
      ?? ElementChanges(composing: edits, countBefore: countBefore)
  }

  /// Makes these elements, which replace `old` (a reload of the window), continue `old`'s record of
  /// edits: what changed between them, told apart by id in O(these + what `old` loses): the
  /// elements of `old` not here removed, those here not in `old` inserted, those in both kept where
  /// their order allows (else removed and inserted again) and, unless equal, changed in place. When
  /// more than ``replacedIDLimit`` elements go (a jump away from a long window), the record says to
  /// reload instead: a view redraws a jump whole, and the replacement stays O(these).
  @inlinable
  mutating func continueChanges(of old: Self) {
    guard var journal = old.journal else {
      self.journal = nil
      return
    }
    defer { self.journal = journal }
    // The elements of both, by index before and after, in order: O(these).
    var kept: [(before: Int, after: Int)] = []
    var last = -1
    for after in indices {
      guard let before = old.index(id: self[after].id), before > last else { continue }
      kept.append((before, after))
      last = before
    }
    guard old.count - kept.count <= Self.replacedIDLimit else { return journal.record(.reload) }
    // One edit for the reader, in steps: removals from the end (the gaps between what stays), so
    // that each is at the indices it had.
    var steps: [ChangeJournal<Element.ID>.Edit] = []
    var nextBefore = old.count
    for (before, _) in kept.reversed() + [(-1, -1)] {
      if before + 1 < nextBefore {
        steps.append(.remove(at: before + 1, ids: (before + 1..<nextBefore).map { old[$0].id }))
      }
      nextBefore = before
    }
    // Insertions from the start, each at its index here.
    var nextAfter = 0
    for (_, after) in kept + [(count, count)] {
      if after > nextAfter { steps.append(.insert(at: nextAfter, count: after - nextAfter)) }
      nextAfter = after + 1
    }
    // Changes in place, in runs.
    var updates: Range<Int>?
    for (before, after) in kept where !Self.areEqual(old[before], self[after]) {
      if let current = updates, current.upperBound == after {
        updates = current.lowerBound..<after + 1
      } else {
        if let current = updates { steps.append(.update(at: current.lowerBound, count: current.count)) }
        updates = after..<after + 1
      }
    }
    if let current = updates { steps.append(.update(at: current.lowerBound, count: current.count)) }
    journal.record(steps: steps)
  }

  /// The most elements a replacement of the window records as removed, one by one; past it, the
  /// record says to reload.
  @usableFromInline static var replacedIDLimit: Int { 8_192 }

  /// Whether `lhs` and `rhs` are equal: false when the element type is not `Equatable`.
  @usableFromInline
  static func areEqual(_ lhs: Element, _ rhs: Element) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  @usableFromInline
  func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}

extension IdentifiedElements: ChangeTracked {
  /// A stamp that changes with every change of the elements: O(1) to compare.
  @inlinable
  public var changeToken: ChangeStamp { stamp }
}

extension IdentifiedElements: Equatable where Element: Equatable {
  /// Same elements in the same order: O(1) for a copy of the same value, O(n) otherwise.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.stamp == rhs.stamp || (lhs.count == rhs.count && lhs.elementsEqual(rhs))
  }
}

extension IdentifiedElements: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedElements: ExpressibleByArrayLiteral {
  /// The unique elements of the literal, in order.
  @inlinable
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension IdentifiedElements: CustomReflectable {
  /// Reflects as the list of elements (the storage layout is not shown).
  @inlinable
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}

extension IdentifiedElements: CustomStringConvertible {
  /// The elements, like an array's description.
  @inlinable
  public var description: String { Array(self).description }
}
