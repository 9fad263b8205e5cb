/// What changed in a list between two reads, as a view applies it: the change set of its elements,
/// or ``elements`` nil when the view must reload everything (it read too long ago for the record of
/// edits, which is bounded, or the list is another one), and the row the user is looking at, so
/// that the view keeps it where it is on screen when rows arrive or leave above it.
///
/// Read with ``PaginationFeature/State/changes(since:)``, or a ``ListChangeReader``, which keeps
/// the version from one read to the next.
public struct ListChanges<ID: Hashable> {
  /// The row on screen (``PaginationFeature/State/lastVisible``), when it is there before and after
  /// the changes: its index before and after them.
  public struct Anchor: Hashable {
    /// The element.
    public var id: ID
    /// Its index before the changes.
    public var before: Int
    /// Its index after them.
    public var after: Int

    /// How many rows were inserted (positive) or removed (negative) above it: how far a view moves
    /// its content offset, in rows, to keep it where it is on screen.
    public var shift: Int { after - before }

    /// The row `id`, at `before` before the changes and at `after` after them.
    public init(id: ID, before: Int, after: Int) {
      self.id = id
      self.before = before
      self.after = after
    }
  }

  /// The change set of the elements; nil when the view reloads everything instead.
  public var elements: ElementChanges<ID>?
  /// The row on screen, kept through the changes; nil when there is none, when it arrived or left
  /// with them, or when the view reloads.
  public var anchor: Anchor?
  /// Where the next read starts: the version of the list the changes end at.
  public var version: ChangeVersion?
  /// The version of the list the changes start from (the read before); nil when the view reloads
  /// everything. An ``ElementsCopy`` at another version refuses them.
  public var since: ChangeVersion?
  /// Live inserts above the row on screen that the user has not reached, as the read found them
  /// (``PaginationFeature/State/unseenAboveScreen``; 0 when read from the elements alone, with
  /// ``ListChangeReader/read(_:onScreen:)``).
  public var unseenAboveScreen: Int
  /// Live inserts below the row on screen that the user has not reached: the "3 new messages"
  /// pill (``PaginationFeature/State/unseenBelowScreen``; 0 when read from the elements alone, with
  /// ``ListChangeReader/read(_:onScreen:)``).
  public var unseenBelowScreen: Int

  /// Changes made of these parts.
  public init(
    elements: ElementChanges<ID>?, anchor: Anchor?, version: ChangeVersion?, since: ChangeVersion? = nil,
    unseenAboveScreen: Int = 0, unseenBelowScreen: Int = 0
  ) {
    self.elements = elements
    self.anchor = anchor
    self.version = version
    self.since = since
    self.unseenAboveScreen = unseenAboveScreen
    self.unseenBelowScreen = unseenBelowScreen
  }

  /// Whether the view reloads everything instead of applying changes.
  public var reloadsEverything: Bool { elements == nil }
}

extension ListChanges: Equatable {}
extension ListChanges: Sendable where ID: Sendable {}
extension ListChanges.Anchor: Sendable where ID: Sendable {}

extension ElementChanges {
  /// The index, before the changes, of the element at `after` after them; nil when it was
  /// inserted by them (or is out of bounds). O(the change).
  public func indexBefore(after index: Int) -> Int? {
    guard (0..<countAfter).contains(index), !inserted.contains(where: { $0.contains(index) }) else { return nil }
    return Self.index(ofKept: index - inserted(before: index), amid: removed)
  }

  /// The index, after the changes, of the element at `before` before them; nil when it was
  /// removed by them (or is out of bounds). O(the change).
  public func indexAfter(before index: Int) -> Int? {
    guard (0..<countBefore).contains(index), !removed.contains(where: { $0.contains(index) }) else { return nil }
    return Self.index(ofKept: index - removed(before: index), amid: inserted)
  }

  /// The index of the `kept`th element that stayed (from 0), in a list where those that did not
  /// stay are at `ranges` (ascending).
  static func index(ofKept kept: Int, amid ranges: [Range<Int>]) -> Int {
    var index = kept
    for range in ranges {
      guard range.lowerBound <= index else { break }
      index += range.count
    }
    return index
  }
}

extension PaginationFeature.State {
  /// The version of the list as a reader of its changes sees it now (nil when its elements do not
  /// record their edits).
  public var changeVersion: ChangeVersion? { elements.changeVersion }

  /// What changed since `version` (nil: the view has read nothing yet, and loads everything), with
  /// the row on screen; O(the change).
  ///
  /// ```swift
  /// var version = list.changeVersion          // when the view loads the rows
  /// …
  /// let changes = list.changes(since: version)  // at the next frame: every action since
  /// version = changes.version
  /// ```
  @inlinable
  public func changes(since version: ChangeVersion?) -> ListChanges<Element.ID> {
    var changes = ListChanges(elements, since: version, onScreen: lastVisible)
    changes.unseenAboveScreen = unseenAboveScreen
    changes.unseenBelowScreen = unseenBelowScreen
    return changes
  }
}

extension ListChanges {
  /// What changed in `elements` since `version`, with `onScreen` as the row to keep.
  @inlinable
  public init<Element: Identifiable>(
    _ elements: IdentifiedElements<Element>, since version: ChangeVersion?, onScreen: ID?
  ) where Element.ID == ID {
    guard let version, let changes = elements.changes(since: version) else {
      self.init(elements: nil, anchor: nil, version: elements.changeVersion)
      return
    }
    let anchor = onScreen.flatMap { id in
      elements.index(id: id).flatMap { after in
        changes.indexBefore(after: after).map { Anchor(id: id, before: $0, after: after) }
      }
    }
    self.init(elements: changes, anchor: anchor, version: elements.changeVersion, since: version)
  }
}

/// A view's reader of a list's changes: each read gives what changed since the one before, however
/// many actions ran in between (a frame's worth coalesce into one change set), or tells the view to
/// reload everything when that cannot be told.
///
/// ```swift
/// var reader = ListChangeReader<Message.ID>()
/// func render() {  // once per frame, when the list's elements changed
///   let changes = reader.read(store)  // tracked: the elements, the row on screen, the unseen counts
///   if let elements = changes.elements { apply(elements, keeping: changes.anchor) } else { reloadData() }
///   pill.count = changes.unseenBelowScreen
/// }
/// ```
public struct ListChangeReader<ID: Hashable> {
  /// Where the next read starts; nil before the first.
  public var version: ChangeVersion? { lastVersion }
  /// Where the next read starts; nil before the first.
  @usableFromInline var lastVersion: ChangeVersion?

  /// A reader that has read nothing: its first read reloads everything.
  @inlinable
  public init() {}

  /// What changed in `list` since the last read (everything, at the first); the next read starts
  /// from now.
  @inlinable
  public mutating func read<Element>(_ list: PaginationFeature<Element>.State) -> ListChanges<ID>
  where Element.ID == ID {
    let changes = list.changes(since: version)
    lastVersion = changes.version
    return changes
  }

  /// What changed in the list that `store` holds since the last read, with the row on screen and
  /// the unseen counts, as a read of its state gives them. It reads them
  /// through the store, field by field: a view that renders inside `withObservationTracking` renders
  /// again when the elements, the row on screen or the counts change, not at every action.
  @MainActor
  public mutating func read<Element, Action>(_ store: Store<PaginationFeature<Element>.State, Action>)
    -> ListChanges<ID> where Element.ID == ID
  {
    var changes = read(store.elements, onScreen: store.lastVisible)
    changes.unseenAboveScreen = store.unseenAboveScreen
    changes.unseenBelowScreen = store.unseenBelowScreen
    return changes
  }

  /// What changed in `elements` since the last read, with `onScreen` (the row the view keeps still:
  /// the list's ``PaginationFeature/State/lastVisible``) as the anchor. The elements alone know no
  /// unseen counts: the changes carry 0 for them (read the list, or its store, for the pill).
  @inlinable
  public mutating func read<Element: Identifiable>(_ elements: IdentifiedElements<Element>, onScreen: ID?)
    -> ListChanges<ID> where Element.ID == ID
  {
    let changes = ListChanges(elements, since: version, onScreen: onScreen)
    lastVersion = changes.version
    return changes
  }
}

extension ListChangeReader: Sendable {}
