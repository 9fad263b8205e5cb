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
  /// How many rows a request asks for: the page size, or what the measured scroll needs.
  var loadSize = LoadSize.fixed
  /// Whether the app tells the list where each fling lands as the finger lifts
  /// (`.scrollWillLand`), and that the landing no longer holds when it touches the list again
  /// (`.landingCancelled`), as a scroll view's delegate can; a landing beyond reach is named with
  /// ``KeysetServer/offsetCursor(_:_:)``.
  var reportsLandings = false
  /// Whether the app finds each landing in points, as a SwiftUI list does
  /// (`PaginationScrollTargetBehavior`): rows of their own heights (``RowHeights``) measured as they
  /// lay out (`RowLayout.laidOut`), and the landing from where the scroll comes to rest, in points,
  /// and its velocity (`RowLayout.landing`); else it counts the rows a fling covers.
  var landsInPoints = false

  /// The feature with these settings, measuring time on `clock`, its retries' jitter drawn from a
  /// seed (the same delays in every run). Its loader is never called: the simulation answers the
  /// requests it sees in the state.
  func feature(on clock: VirtualClock) -> PaginationFeature<BenchRow> {
    var feature = PaginationFeature<BenchRow>(
      prefetchDistance: prefetchDistance, maxElements: maxElements, retry: retry.seeded(), clock: clock
    ) { _ in throw CancellationError() }
    feature.loadSize = loadSize
    if reportsLandings { feature.offsetCursor = KeysetServer.offsetCursor }
    return feature
  }

  /// The window's limit in the eviction policy.
  static let windowLimit = 10_000

  /// The policies side by side, for pages of `pageSize` rows:
  ///
  /// - "last row": the common hand-written trigger, a load when the last loaded row appears;
  /// - "Paging 3-like": a prefetch distance of one page size, as Paging 3's default, no limit;
  /// - Pageflow with fixed load sizes (a prefetch distance of one page: the largest page
  ///   received), no limit;
  /// - the same with eviction at ``windowLimit`` elements;
  /// - Pageflow's default, adaptive load sizes, with eviction at ``windowLimit`` elements;
  /// - the same, told where each fling lands.
  static func all(pageSize: Int) -> [ScrollPolicy] {
    [
      ScrollPolicy(name: "last row", key: "last_row", prefetchDistance: 0, maxElements: nil),
      paging3Like(pageSize: pageSize),
      pageflowDefault,
      evicting,
      adaptive,
      fling,
    ]
  }

  /// Paging 3's default: a prefetch distance of one page size, no limit.
  static func paging3Like(pageSize: Int) -> ScrollPolicy {
    ScrollPolicy(name: "Paging 3-like", key: "paging3_like", prefetchDistance: pageSize, maxElements: nil)
  }

  /// Pageflow with fixed load sizes: a prefetch distance of one page, no limit.
  static let pageflowDefault = ScrollPolicy(
    name: "Pageflow fixed size", key: "pageflow_fixed", prefetchDistance: nil, maxElements: nil)

  /// Pageflow with fixed load sizes and eviction at ``windowLimit`` elements.
  static let evicting = ScrollPolicy(
    name: "Pageflow fixed, evicting", key: "pageflow_fixed_evicting", prefetchDistance: nil, maxElements: windowLimit)

  /// Pageflow's default: adaptive load sizes (up to 200 rows a request), with eviction at
  /// ``windowLimit`` elements.
  static let adaptive = ScrollPolicy(
    name: "Pageflow adaptive, evicting", key: "pageflow_adaptive", prefetchDistance: nil, maxElements: windowLimit,
    loadSize: .adaptive())

  /// Pageflow's default with eviction (``adaptive``), told at each lift of the finger where the
  /// fling comes to rest (`.scrollWillLand`), the list's server naming a place some rows from a row.
  static let fling = ScrollPolicy(
    name: "Pageflow fling", key: "pageflow_fling", prefetchDistance: nil, maxElements: windowLimit,
    loadSize: .adaptive(), reportsLandings: true)

  /// The fling policy (``fling``), its app finding each landing in points as a SwiftUI list does.
  static let flingInPoints = ScrollPolicy(
    name: "Pageflow fling, SwiftUI", key: "pageflow_fling_swiftui", prefetchDistance: nil, maxElements: windowLimit,
    loadSize: .adaptive(), reportsLandings: true, landsInPoints: true)

  /// The retry policies over a flaky network, all with Pageflow's default prefetch: by hand only (a
  /// retry button, no automatic retry, an app that does not watch the network), Pageflow's default
  /// policy, and TanStack Query's settings (3 retries after `min(1000 × 2ⁿ, 30000)` ms, no jitter,
  /// every error retried).
  static let flaky = [
    ScrollPolicy(
      name: "retry by hand", key: "retry_by_hand", prefetchDistance: nil, maxElements: nil, retry: .never,
      watchesNetwork: false),
    defaultRetry,
    ScrollPolicy(
      name: "TanStack-like retry", key: "tanstack_like", prefetchDistance: nil, maxElements: nil,
      retry: RetryPolicy(
        maxRetries: 3, baseDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0, retries: { _ in true })),
  ]

  /// Pageflow's default retry policy, over the flaky network.
  static let defaultRetry = ScrollPolicy(
    name: "Pageflow default retry", key: "pageflow_default", prefetchDistance: nil, maxElements: nil)
}
