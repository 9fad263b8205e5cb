import Observation

/// The fields of a store's state that views have read, by store and key path, each with what it was
/// when read; after every action the store compares each with what it is now and tells the
/// Observation registrar of the stores whose fields changed, and of those only.
///
/// One per root store, shared by the stores scoped from it. A field is forgotten once it has changed
/// and its observers have been told (an observer reads it again when it is redrawn, which tracks it
/// anew), and with the store that read it: so it holds what is on screen now, not what ever was.
@MainActor
@usableFromInline
final class ObservedFields {
  /// A field: the store whose state it is in, and its key path from that state.
  struct Key: Hashable {
    let store: ObjectIdentifier
    let field: AnyKeyPath
  }

  private var fields: [Key: any ObservedField] = [:]

  @usableFromInline
  init() {}

  /// Whether no field is tracked: then an action needs no comparison.
  @usableFromInline
  var isEmpty: Bool { fields.isEmpty }

  /// Tracks the field at `key` unless it is tracked already; `make` builds its comparison with what
  /// it is now.
  func track(_ key: Key, _ make: () -> any ObservedField) {
    guard fields[key] == nil else { return }
    fields[key] = make()
  }

  /// Compares every tracked field with what it is now and tells the observers of those that changed
  /// (after they are forgotten, so that an observer that reads one again tracks it anew).
  @usableFromInline
  func notifyChanges() {
    var changed: [any ObservedField] = []
    for (key, field) in fields where field.hasChanged() {
      changed.append(field)
      fields[key] = nil
    }
    for field in changed { field.notify() }
  }

  /// Forgets the fields of `store` (which went away).
  func forget(_ store: ObjectIdentifier) {
    fields = fields.filter { $0.key.store != store }
  }
}

/// One field that a view read: whether it has changed since, and how to tell its observers.
@MainActor
protocol ObservedField {
  /// Whether the field differs from what it was when read (or its store went away).
  func hasChanged() -> Bool
  /// Tells the Observation registrar of the field's store that it changed.
  func notify()
}

/// A field compared by something small derived from it (its value, or its ``ChangeTracked`` token),
/// never by a copy of a collection.
@MainActor
final class ComparedField<Subject: Observable & AnyObject, Member, Fingerprint>: ObservedField {
  private weak var subject: Subject?
  private let keyPath: KeyPath<Subject, Member>
  private let registrar: ObservationRegistrar
  private let fingerprint: (Subject) -> Fingerprint?
  private let isEqual: (Fingerprint, Fingerprint) -> Bool
  private let last: Fingerprint?

  /// Compares `subject`'s field at `keyPath` through `fingerprint` (nil: the field is gone, as the
  /// row of a removed element) with `isEqual`.
  init(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, registrar: ObservationRegistrar,
    fingerprint: @escaping (Subject) -> Fingerprint?, isEqual: @escaping (Fingerprint, Fingerprint) -> Bool
  ) {
    self.subject = subject
    self.keyPath = keyPath
    self.registrar = registrar
    self.fingerprint = fingerprint
    self.isEqual = isEqual
    self.last = fingerprint(subject)
  }

  func hasChanged() -> Bool {
    guard let subject else { return true }
    switch (last, fingerprint(subject)) {
    case (let last?, let now?): return !isEqual(last, now)
    case (nil, nil): return false
    default: return true
    }
  }

  func notify() {
    guard let subject else { return }
    registrar.willSet(subject, keyPath: keyPath)
    registrar.didSet(subject, keyPath: keyPath)
  }
}
