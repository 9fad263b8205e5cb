import Observation

/// The fields of a store's state that views have read, by store and key path, each with what it was
/// when read; after every action the root store compares each with what it is now and tells the
/// Observation registrar of the stores whose fields changed, and of those only.
///
/// One per root store, shared by the stores scoped from it. A field is forgotten once it has changed
/// and its observers have been told (an observer reads it again when it is redrawn, which tracks it
/// anew), and at the first action after the store that read it went away (whatever thread released
/// it): so it holds what is on screen now, not what ever was.
///
/// A stored property of the root's state (a path of stored properties, as `\.isRefreshing` or
/// `\.list.elements`) is read at its offset in the state, in place: a few nanoseconds. Another field
/// (a computed property, a subscript, a field of a scoped store) is read through its key path.
///
/// Only the main actor uses it (it belongs to stores), but it is not isolated to it: its loop runs
/// after every action, and the main actor's isolation would be checked at run time in each closure.
@usableFromInline
final class ObservedFields {
  /// A field: the store whose state it is in (its serial), and its key path from that state.
  @usableFromInline
  struct Key: Hashable {
    let store: UInt64
    let field: AnyKeyPath
  }

  /// The tracked fields, in the order they were read. (Not checked for overlapping access at run
  /// time: the check would cost more than the comparisons; only this class's methods touch it, on
  /// the main actor, and none of them while another runs.)
  @exclusivity(unchecked) @usableFromInline var fields: [any ObservedField] = []
  private var keys: Set<Key> = []

  @usableFromInline
  init() {}

  /// Whether no field is tracked: then an action needs no comparison.
  @inlinable
  var isEmpty: Bool { fields.isEmpty }

  /// Tracks the field at `key` unless it is tracked already; `make` builds its comparison with what
  /// it is now.
  func track(_ key: Key, _ make: () -> any ObservedField) {
    guard keys.insert(key).inserted else { return }
    fields.append(make())
  }

  /// Compares every tracked field with what it is now, `root` being the root store's state, and
  /// tells the observers of those that changed (once they are forgotten, so that an observer that
  /// reads one again tracks it anew, and once nothing points into the state any more).
  @usableFromInline
  func notifyChanges<RootState>(in root: inout RootState) {
    let changed = withUnsafeMutablePointer(to: &root) { pointer -> [Int] in
      let state = UnsafeRawPointer(pointer)
      var changed: [Int] = []
      for index in fields.indices where fields[index].hasChanged(rootState: state) { changed.append(index) }
      return changed
    }
    guard !changed.isEmpty else { return }
    let fired = changed.map { fields[$0] }
    for index in changed.reversed() { fields.remove(at: index) }
    for field in fired { keys.remove(field.key) }
    for field in fired { field.notify() }
  }

}

/// One field that a view read: whether it has changed since, and how to tell its observers.
///
/// Not isolated to the main actor, though only the main actor uses it: its comparisons run for each
/// tracked field after every action, and calls into the main actor's isolation would be checked at
/// run time each time.
@usableFromInline
protocol ObservedField: AnyObject {
  /// The store and key path it is tracked under.
  var key: ObservedFields.Key { get }
  /// Whether the field differs from what it was when read (or its store went away); `rootState`
  /// points to the root store's state, for a field read in place.
  func hasChanged(rootState: UnsafeRawPointer) -> Bool
  /// Tells the Observation registrar of the field's store that it changed.
  var notify: () -> Void { get }
}

/// A stored property of the root store's state, compared by value: read in place at its offset.
final class RootValueField<Member: Equatable>: ObservedField {
  let key: ObservedFields.Key
  let notify: () -> Void
  private let offset: Int
  private let last: Member

  init(key: ObservedFields.Key, offset: Int, current: Member, notify: @escaping () -> Void) {
    self.key = key
    self.offset = offset
    self.last = current
    self.notify = notify
  }

  func hasChanged(rootState: UnsafeRawPointer) -> Bool {
    rootState.load(fromByteOffset: offset, as: Member.self) != last
  }
}

/// A stored property of the root store's state of a plain type of 1, 2, 4 or 8 bytes (a `Bool`, an
/// `Int`, an id, an enum without payloads), compared by its bits in place: equal bits are an equal
/// value (two equal values of other bits, as `0.0` and `-0.0`, cost an update of a view, never a
/// missed one).
final class RootBitsField: ObservedField {
  let key: ObservedFields.Key
  let notify: () -> Void
  private let offset: Int
  private let size: Int
  private let last: UInt64

  /// Nil when `Member` is not a plain type of such a size.
  init?<Member>(key: ObservedFields.Key, offset: Int, current: Member, notify: @escaping () -> Void) {
    guard _isPOD(Member.self), [1, 2, 4, 8].contains(MemoryLayout<Member>.size) else { return nil }
    self.key = key
    self.offset = offset
    self.size = MemoryLayout<Member>.size
    self.notify = notify
    self.last = withUnsafeBytes(of: current) { Self.bits($0.baseAddress, size: MemoryLayout<Member>.size) }
  }

  func hasChanged(rootState: UnsafeRawPointer) -> Bool {
    Self.bits(rootState + offset, size: size) != last
  }

  /// The `size` bytes at `pointer`, as a number.
  private static func bits(_ pointer: UnsafeRawPointer?, size: Int) -> UInt64 {
    guard let pointer else { return 0 }
    switch size {
    case 1: return UInt64(pointer.load(as: UInt8.self))
    case 2: return UInt64(pointer.loadUnaligned(as: UInt16.self))
    case 4: return UInt64(pointer.loadUnaligned(as: UInt32.self))
    default: return pointer.loadUnaligned(as: UInt64.self)
    }
  }
}

/// A stored property of the root store's state, compared by its ``ChangeTracked`` token: read in
/// place at its offset, and no copy of a collection kept.
final class RootTokenField<Member: ChangeTracked>: ObservedField {
  let key: ObservedFields.Key
  let notify: () -> Void
  private let offset: Int
  private let last: Member.ChangeToken

  init(key: ObservedFields.Key, offset: Int, current: Member, notify: @escaping () -> Void) {
    self.key = key
    self.offset = offset
    self.last = current.changeToken
    self.notify = notify
  }

  func hasChanged(rootState: UnsafeRawPointer) -> Bool {
    rootState.load(fromByteOffset: offset, as: Member.self).changeToken != last
  }
}

/// Another field (a computed property, a subscript, a field of a scoped store), read through its
/// store, and compared by what `fingerprint` makes of it: its value or its token. Nil when it is
/// gone (the row of a removed element). Changed, and so forgotten, once its store has gone away.
final class ReadField<Fingerprint: Equatable>: ObservedField {
  let key: ObservedFields.Key
  let notify: () -> Void
  private weak var store: AnyObject?
  private let fingerprint: () -> Fingerprint?
  private let last: Fingerprint?

  init(
    key: ObservedFields.Key, store: AnyObject, fingerprint: @escaping () -> Fingerprint?,
    notify: @escaping () -> Void
  ) {
    self.key = key
    self.store = store
    self.fingerprint = fingerprint
    self.last = fingerprint()
    self.notify = notify
  }

  func hasChanged(rootState: UnsafeRawPointer) -> Bool { store == nil || fingerprint() != last }
}

/// A field that is neither `Equatable` nor ``ChangeTracked``: changed by every action.
final class EveryActionField: ObservedField {
  let key: ObservedFields.Key
  let notify: () -> Void

  init(key: ObservedFields.Key, notify: @escaping () -> Void) {
    self.key = key
    self.notify = notify
  }

  func hasChanged(rootState: UnsafeRawPointer) -> Bool { true }
}
