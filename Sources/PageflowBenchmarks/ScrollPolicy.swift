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
  /// When a failed page is tried again on its own.
  var retry = RetryPolicy.default
  /// Whether the app tells the list when the network goes down and comes back.
  var watchesNetwork = true

  /// The feature with these settings, its retries' jitter drawn from a seed (the same delays in
  /// every run). Its loader is never called: the simulation answers the requests it sees in the
  /// state.
  var feature: PaginationFeature<BenchRow> {
    PaginationFeature(prefetchDistance: prefetchDistance, maxElements: maxElements, retry: retry.seeded()) { _ in
      throw CancellationError()
    }
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

  /// The retry policies over a flaky network, all with Pageflow's default prefetch: by hand only (a
  /// retry button, no automatic retry, an app that does not watch the network), Pageflow's default
  /// policy, and TanStack Query's settings (3 retries after `min(1000 × 2ⁿ, 30000)` ms, no jitter,
  /// every error retried).
  static let flaky = [
    ScrollPolicy(
      name: "retry by hand", key: "retry_by_hand", prefetchDistance: nil, maxElements: nil, retry: .never,
      watchesNetwork: false),
    ScrollPolicy(name: "Pageflow default retry", key: "pageflow_default", prefetchDistance: nil, maxElements: nil),
    ScrollPolicy(
      name: "TanStack-like retry", key: "tanstack_like", prefetchDistance: nil, maxElements: nil,
      retry: RetryPolicy(
        maxRetries: 3, baseDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0, retries: { _ in true })),
  ]
}
