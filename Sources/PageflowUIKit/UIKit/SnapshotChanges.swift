// UIKit's diffable data sources: iOS, iPadOS, Mac Catalyst, tvOS, visionOS (not watchOS).
#if canImport(UIKit) && !os(watchOS)
  import Pageflow
  import UIKit

  extension NSDiffableDataSourceSnapshot {
    /// Applies `edits` (``ElementChanges/snapshotEdits(in:)``) to the list's items in `section`:
    /// the next snapshot, built from the last in O(the change) instead of from every id. Items
    /// changed in place are reconfigured; items inserted at the end of the list are appended to
    /// `section`, whatever sections follow it.
    ///
    /// ```swift
    /// guard let changes = reader.read(store.state).elements else { return reload() }
    /// var snapshot = dataSource.snapshot()
    /// snapshot.apply(changes.snapshotEdits(in: store.state.elements), toSection: .messages)
    /// dataSource.apply(snapshot, animatingDifferences: true)
    /// ```
    public mutating func apply(_ edits: SnapshotEdits<ItemIdentifierType>, toSection section: SectionIdentifierType) {
      edits.apply(to: &self, appendingTo: section)
    }

    /// Applies `edits` to a snapshot whose list is its last section (items inserted at the end of
    /// the list are appended there); ``apply(_:toSection:)`` names the list's section.
    public mutating func apply(_ edits: SnapshotEdits<ItemIdentifierType>) {
      edits.apply(to: &self, appendingTo: nil)
    }
  }

  extension NSDiffableDataSourceSnapshot: DiffableSnapshot {
    package mutating func redrawItems(_ identifiers: [ItemIdentifierType]) { reconfigureItems(identifiers) }
  }
#endif
