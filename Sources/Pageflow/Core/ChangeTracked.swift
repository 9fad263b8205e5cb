import Synchronization

/// A value that tells in O(1) whether it changed: a small token that differs whenever the value
/// does. A ``Store`` tracks a field of this type that a view reads by its token, where it would
/// otherwise keep a copy of the field and compare it (for a collection, a copy that the next change
/// of the field would have to copy again).
///
/// ``IdentifiedElements``, ``PageList``, `PaginationFeature.State`, ``LoadableState`` of such a
/// value, and `Optional` of such a value are change-tracked. Two values with equal tokens are
/// equal; equal values may have different tokens (one was changed and changed back), which costs an
/// update of a view, never a missed one.
public protocol ChangeTracked {
  /// The token's type: a stamp, or a few small values and stamps.
  associatedtype ChangeToken: Equatable

  /// The token of this value: equal for a copy, different after any change.
  var changeToken: ChangeToken { get }
}

/// A stamp that a value takes on at each change, unique in the process: two values with the same
/// stamp are copies of one another, unchanged since.
public struct ChangeStamp: Hashable, Sendable {
  @usableFromInline let value: UInt64

  @inlinable
  init(value: UInt64) { self.value = value }

  /// The stamp of a value never changed since it was made empty: every such value is equal.
  @inlinable
  static var initial: ChangeStamp { ChangeStamp(value: 0) }

  /// A stamp no value has had yet.
  @usableFromInline
  static func next() -> ChangeStamp {
    ChangeStamp(value: changeStamps.add(1, ordering: .relaxed).newValue)
  }
}

/// The last stamp handed out.
private let changeStamps = Atomic<UInt64>(0)

extension Optional: ChangeTracked where Wrapped: ChangeTracked {
  /// The wrapped value's token, or nil.
  public var changeToken: Wrapped.ChangeToken? { self?.changeToken }
}
