/// How many elements a page request asks for (``PageRequest/count``): the page size the feature
/// has seen, or as many as the measured scroll needs per round trip (the default).
///
/// ```swift
/// var feature = PaginationFeature<Message> { request in try await api.page(request) }
/// feature.loadSize = .adaptive(maxCount: 100)  // the server's limit
/// feature.loadSize = .fixed  // always the page size
/// ```
///
/// Adaptive, the feature measures on its clock how fast the user scrolls toward each edge (rows
/// reported by ``PaginationFeature/Action/elementAppeared(_:)``, the estimate fading when the
/// scroll stops; while a fling told with ``PaginationFeature/Action/scrollWillLand(_:)`` goes on,
/// at least its rows over its arrival time, since the rows it passes before they load are not
/// reported) and how long the loader takes to answer (the median of the last answers, so one
/// slow answer does not count). A request then asks for what the scroll covers in one round trip,
/// with a margin, and starts that many rows before the edge, so that its answer arrives before the
/// user gets there. It never asks for less than the page size seen, nor for more than
/// ``maxCount``; with ``PaginationFeature/maxElements`` set, the count and the prefetch distance
/// also stay within a fifth of it each, so that the window holds what the faster scroll needs (3
/// pages and the prefetch distance on both sides) within its limit. A scroll at reading speed, a
/// loader that answers in a few milliseconds, or a test clock that does not move asks for the page
/// size, as ``fixed`` does.
public struct LoadSize: Hashable, Sendable, CustomStringConvertible {
  /// Whether requests follow the measured scroll.
  public let isAdaptive: Bool
  /// The most elements an adaptive request asks for (at least 1); never less than the page size
  /// seen, whatever this says.
  public let maxCount: Int

  /// Every request asks for the page size the feature has seen, and the prefetch distance stays
  /// as configured: the feature's behaviour without adaptive load sizes.
  public static let fixed = LoadSize(isAdaptive: false, maxCount: 1)

  /// Requests ask for what the measured scroll needs over a round trip, up to `maxCount` elements
  /// (below 1 counts as 1).
  ///
  /// The default, 200, lets a request of 20-row pages grow tenfold: enough to feed a scroll of
  /// about 400 rows a second over 300 ms of latency, past what a fling keeps up for, while one
  /// answer stays small (a round trip of 200 rows costs little more than one of 20 on a mobile
  /// link) and within what HTTP APIs usually accept as a limit (a server that sends fewer is
  /// fine: a short page is taken as it comes).
  public static func adaptive(maxCount: Int = 200) -> LoadSize {
    LoadSize(isAdaptive: true, maxCount: maxCount)
  }

  private init(isAdaptive: Bool, maxCount: Int) {
    self.isAdaptive = isAdaptive
    self.maxCount = Swift.max(1, maxCount)
  }

  /// `fixed`, or `adaptive(maxCount: 200)`.
  public var description: String {
    isAdaptive ? "adaptive(maxCount: \(maxCount))" : "fixed"
  }
}
