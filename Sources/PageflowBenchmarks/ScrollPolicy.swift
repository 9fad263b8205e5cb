import Pageflow

/// When a list loads its next page, and how much it keeps: the settings of `PaginationFeature` that
/// the scroll simulation compares.
struct ScrollPolicy {
  /// The name the table prints.
  let name: String
  /// The name in JSON.
  let key: String
  /// How far from the end a visible row starts the next page (nil: Pageflow's default, one page).
  let prefetchDistance: Int?
  /// The most elements the window holds (nil: no limit).
  let maxElements: Int?

  /// The feature with these settings. Its loader is never called: the simulation answers the
  /// requests it sees in the state.
  var feature: PaginationFeature<BenchRow> {
    PaginationFeature(prefetchDistance: prefetchDistance, maxElements: maxElements) { _ in throw CancellationError() }
  }

  /// The window's limit in the eviction policy.
  static let windowLimit = 10_000

  /// The policies side by side, for pages of `pageSize` rows:
  ///
  /// - "last row": the common hand-written trigger, a load when the last loaded row appears;
  /// - "Paging 3-like": a prefetch distance of one page size, as Paging 3's default, no limit;
  /// - Pageflow's default (one page: the largest page received), no limit;
  /// - Pageflow's default with eviction at ``windowLimit`` elements.
  static func all(pageSize: Int) -> [ScrollPolicy] {
    [
      ScrollPolicy(name: "last row", key: "last_row", prefetchDistance: 0, maxElements: nil),
      ScrollPolicy(name: "Paging 3-like", key: "paging3_like", prefetchDistance: pageSize, maxElements: nil),
      pageflowDefault,
      evicting,
    ]
  }

  /// Pageflow's default: a prefetch distance of one page, no limit.
  static let pageflowDefault = ScrollPolicy(
    name: "Pageflow default", key: "pageflow_default", prefetchDistance: nil, maxElements: nil)

  /// Pageflow's default with eviction at ``windowLimit`` elements.
  static let evicting = ScrollPolicy(
    name: "Pageflow default, evicting", key: "pageflow_evicting", prefetchDistance: nil, maxElements: windowLimit)
}
