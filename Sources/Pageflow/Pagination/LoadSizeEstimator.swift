import Foundation

/// What adaptive load sizes measure and decide (``LoadSize``): how fast the user scrolls toward
/// each edge and how long the loader takes to answer, both on the feature's clock, and from them
/// how many elements a request at an edge asks for and how far before the edge it starts.
///
/// **The scroll rate** toward an edge is the rows the reported element moved that way, summed with
/// weights that fade with a time constant of half a second, divided by the time they cover: it
/// follows a scroll within a few rows of its start, and fades once the scroll stops. A pause of a
/// quarter second starts a new estimate; what moves in its first 20 ms is a screen filling, not a
/// scroll, and none is made over less than 50 ms. Time spent at an edge of the window waiting for the
/// page that is loading there, beyond the time a row takes at the measured rate, is neither a pause
/// nor a stop: the user is held up, and the estimate stays as it was. While a fling the view told of
/// goes on (a landing with its arrival time), the rate toward its edge is at least its rows over
/// that time: the rows it passes before they load are never reported.
///
/// **The latency** of a request of `n` elements is fitted to the last five answers at the edges as a
/// fixed part and a part per element (a larger answer takes longer to send): the slope is the
/// median of the slopes between pairs of answers of different sizes (Theil–Sen), the fixed part the
/// median of what each answer leaves for it. Medians, so that one slow answer does not count.
///
/// **The decision**: over one round trip, a scroll of `v` rows per second covers `v × L(n)` rows. A
/// request asks for the page size while that is no more than a page (one page per round trip keeps
/// up), else for `n = 1.5 × v × L(n)`; it starts `1.5 × v × L(n)` rows before the edge, so that its
/// answer arrives before the user does. Both stay between the page size seen (or the configured
/// prefetch distance) and their limits.
@usableFromInline
struct LoadSizeEstimator: Sendable {
  /// The time constant of the scroll rate's average, in seconds.
  static let smoothing = 0.5
  /// A pause that starts a new estimate of the scroll rate, in seconds.
  static let pause = 0.25
  /// How long after a new estimate starts the rows reported are a screen filling, in seconds.
  static let screenFill = 0.02
  /// The shortest stretch of time a scroll rate is estimated over, in seconds.
  static let shortestSpan = 0.05
  /// How many answers the latency is fitted to.
  static let latencySamples = 5
  /// How many round trips' worth of rows a request asks for and starts ahead of the edge: a margin
  /// for a scroll that speeds up, and an answer slower than the median.
  static let margin = 1.5

  /// The size of the pages received: the first page, and answers to requests that asked for no
  /// more than this (an answer to a larger, adaptive request does not make the page larger).
  @usableFromInline var basePage: Int

  // The settings and the time, as of the current action (adaptive only).
  @usableFromInline private(set) var isAdaptive = false
  private var maxCount = 1
  private var maxElements: Int?
  private var configuredPrefetch: Int?
  /// Seconds since the clock's origin.
  private var now = -Double.infinity

  // The scroll: rows moved toward each edge, weighted by how recent they are, since `burstStart`,
  // less the time `held` at an edge waiting for a page.
  private var burstStart = 0.0
  private var held = 0.0
  /// When the scroll last moved (or a page it waited for arrived).
  private var lastMotion = -Double.infinity
  private var towardEnd = 0.0
  private var towardStart = 0.0
  /// The edge of the window the last element reported was at: the user waits there while a page
  /// loads at it.
  private var atEdge: PaginationEdge?

  /// The fling the view said is under way (``flung(_:toward:over:)``): toward which edge, at what
  /// rate, and until when.
  private var fling: (edge: PaginationEdge, rate: Double, until: Double)?

  // The latency: when each edge's request in flight was sent (and for how many elements), the last
  // answers' sizes and latencies, and the fit: `fixedLatency + perElement × n` seconds for `n`.
  private var sentAtStart: (time: Double, count: Int)?
  private var sentAtEnd: (time: Double, count: Int)?
  private var answers: [(count: Double, latency: Double)] = []
  private var nextAnswer = 0
  /// The values a median is taken of, kept from one fit to the next so that a fit allocates
  /// nothing.
  private var scratch: [Double] = []
  private var fixedLatency: Double?
  private var perElement = 0.0

  /// The prefetch distance toward each edge, as decided when an element was last reported or a
  /// page last arrived.
  @usableFromInline private(set) var prefetchEnd = 1
  @usableFromInline private(set) var prefetchStart = 1

  /// An estimator that has seen pages of `basePage` elements and nothing else.
  @usableFromInline
  init(basePage: Int) {
    self.basePage = Swift.max(0, basePage)
  }

  // MARK: - Observations

  /// Starts an action: takes the settings, and the time from `clock` when `loadSize` adapts.
  @usableFromInline
  mutating func begin(_ loadSize: LoadSize, clock: FeatureClock, maxElements: Int?, prefetchDistance: Int?) {
    isAdaptive = loadSize.isAdaptive
    guard isAdaptive else { return }
    maxCount = loadSize.maxCount
    self.maxElements = maxElements
    configuredPrefetch = prefetchDistance
    // Time only moves forward (a clock that goes back, or a feature moved to another clock, waits
    // until it has caught up).
    now = Swift.max(now, clock.now())
  }

  /// The element at `offset` of a window of `count` was reported on screen, after the one at
  /// `previous` (nil: none, or no longer in the window).
  @usableFromInline
  mutating func appeared(at offset: Int, after previous: Int?, of count: Int) {
    guard isAdaptive else { return }
    defer {
      lastMotion = now
      atEdge = offset == count - 1 ? .end : (offset == 0 ? .start : nil)
      decide()
    }
    guard let previous, now - lastMotion <= Self.pause else {
      (burstStart, held, towardEnd, towardStart) = (now, 0, 0, 0)
      return
    }
    guard now - burstStart > Self.screenFill else { return }
    let fade = exp(-(now - lastMotion) / Self.smoothing)
    towardEnd *= fade
    towardStart *= fade
    // The rows moved since the last element were moved over that time: on average half of it ago.
    let moved = Double(offset - previous) * fade.squareRoot()
    if moved > 0 { towardEnd += moved } else { towardStart -= moved }
  }

  /// The view said a fling goes `rows` rows toward `edge` over `duration` (a landing): until it
  /// comes to rest, the scroll toward that edge goes at least at that rate, even where it passes
  /// rows it cannot report (not loaded yet).
  @usableFromInline
  mutating func flung(_ rows: Int, toward edge: PaginationEdge, over duration: Duration) {
    guard isAdaptive else { return }
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    guard rows > 0, seconds > 0, seconds.isFinite else { return }
    fling = (edge, Double(rows) / seconds, now + seconds)
    decide()
  }

  /// A request for `count` elements (nil: the page size) was sent at `edge`.
  @usableFromInline
  mutating func sent(at edge: PaginationEdge, count: Int?) {
    guard isAdaptive else { return }
    let sent = (now, count ?? basePage)
    if edge == .start { sentAtStart = sent } else { sentAtEnd = sent }
  }

  /// A page of `count` elements arrived for a request that asked for `asked` (nil: the page size),
  /// at `edge` (nil: a reload).
  @usableFromInline
  mutating func received(_ count: Int, asked: Int?, at edge: PaginationEdge?) {
    if asked.map({ $0 <= basePage }) ?? true { basePage = Swift.max(basePage, count) }
    guard isAdaptive, let edge else { return }
    defer { decide() }
    if atEdge == edge, isWaiting, lastMotion > -.infinity {
      // The user was held up at this edge until now, beyond a row's time: the scroll goes on as if
      // it had not been.
      let rate = rate(toward: edge) ?? 0
      let wait = now - lastMotion - (rate > 0 ? 1 / rate : 0)
      if wait > 0 {
        held += wait
        lastMotion += wait
      }
      atEdge = nil
    }
    guard let sent = edge == .start ? sentAtStart : sentAtEnd else { return }
    if edge == .start { sentAtStart = nil } else { sentAtEnd = nil }
    let answer = (Double(sent.count), now - sent.time)
    if answers.count < Self.latencySamples {
      answers.append(answer)
    } else {
      answers[nextAnswer] = answer
      nextAnswer = (nextAnswer + 1) % Self.latencySamples
    }
    fitLatency()
  }

  /// Fits the latency to the last answers: the median of the slopes between answers of different
  /// sizes (none below zero), then the median of the fixed parts they leave.
  private mutating func fitLatency() {
    scratch.removeAll(keepingCapacity: true)
    for index in answers.indices {
      let a = answers[index]
      for b in answers[(index + 1)...] where a.count != b.count {
        scratch.append((b.latency - a.latency) / (b.count - a.count))
      }
    }
    perElement = Swift.max(0, Self.median(of: &scratch) ?? 0)
    scratch.removeAll(keepingCapacity: true)
    for answer in answers { scratch.append(answer.latency - perElement * answer.count) }
    fixedLatency = Self.median(of: &scratch)
  }

  /// The lower median of `values`, which it sorts in place; nil when there are none.
  private static func median(of values: inout [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    values.sort()
    return values[(values.count - 1) / 2]
  }

  /// Whether the user waits at an edge of the window for the page loading there.
  private var isWaiting: Bool {
    switch atEdge {
    case .end?: sentAtEnd != nil
    case .start?: sentAtStart != nil
    case nil: false
    }
  }

  /// The scroll's rate toward `edge`, now, in rows per second: the rows moved, faded, over the sum
  /// of the fading weights of the time they cover (their average rate; for a scroll younger than
  /// the time constant, its rate since it started); nil while the scroll has gone on for too short
  /// a time. While the user waits at an edge for its page, it stays as it was.
  private func rate(toward edge: PaginationEdge) -> Double? {
    let measured = measuredRate(toward: edge)
    guard let fling, fling.edge == edge, now < fling.until else { return measured }
    return Swift.max(measured ?? 0, fling.rate)
  }

  /// The rate the rows reported say (``rate(toward:)``, without a fling).
  private func measuredRate(toward edge: PaginationEdge) -> Double? {
    guard lastMotion > -.infinity else { return nil }
    let moved = edge == .end ? towardEnd : towardStart
    let idle = isWaiting ? 0 : now - lastMotion
    let span = lastMotion + idle - burstStart - held
    guard span >= Self.shortestSpan else { return nil }
    guard moved > 0 else { return 0 }
    let weights = span < 20 * Self.smoothing ? -expm1(-span / Self.smoothing) : 1
    let fade = idle > 0 ? exp(-idle / Self.smoothing) : 1
    return moved * fade / (Self.smoothing * weights)
  }

  /// Decides the prefetch distances as of now.
  private mutating func decide() {
    prefetchEnd = decidePrefetchDistance(toward: .end)
    prefetchStart = decidePrefetchDistance(toward: .start)
  }

  // MARK: - Decisions

  /// How many elements a request asks for when no scroll needs more: the page size; nil before any
  /// page was seen.
  @usableFromInline
  var pageCount: Int? { basePage > 0 ? basePage : nil }

  /// How many elements a request at `edge` asks for, with `ahead` elements left before the user
  /// reaches it (nil: not known): the page size, or, when the scroll toward it covers more than a
  /// page in a round trip, `n = 1.5 × v × L(n)`, but no more than arrives before the user reaches
  /// the edge when the page size would; nil before any page was seen.
  @usableFromInline
  func count(toward edge: PaginationEdge, ahead: Int? = nil) -> Int? {
    guard basePage > 0 else { return nil }
    guard isAdaptive, let fixedLatency, let rate = rate(toward: edge) else { return basePage }
    return count(rate: rate, fixedLatency: fixedLatency, ahead: ahead)
  }

  /// ``count(toward:ahead:)`` for a scroll of `rate` rows per second and a fixed latency of
  /// `fixedLatency` seconds.
  private func count(rate: Double, fixedLatency: Double, ahead: Int?) -> Int {
    let page = Double(basePage)
    guard rate > 0, rate * (fixedLatency + perElement * page) > page else { return basePage }
    // n = m v (a + b n), so n = m v a / (1 - m v b): as much as the round trip of its own size needs.
    let growth = Self.margin * rate
    let share = 1 - growth * perElement
    var count = share > 0 ? growth * fixedLatency / share : .infinity
    if let ahead, perElement > 0 {
      // The time left before the user gets to the edge, and the largest answer that arrives by
      // then: when a page would, a larger answer must not hold the user up.
      let left = Double(ahead) / rate
      if fixedLatency + perElement * page <= left {
        count = Swift.min(count, (left - fixedLatency) / perElement)
      }
    }
    return Self.clamp(count, basePage, countLimit)
  }

  /// How far before `edge` a reported element loads the next page, adaptive, as decided when an
  /// element was last reported or a page last arrived; before any decision, ``basePrefetch``.
  @inlinable
  func prefetchDistance(toward edge: PaginationEdge) -> Int {
    Swift.max(edge == .end ? prefetchEnd : prefetchStart, basePrefetch)
  }

  /// What the scroll toward `edge` covers in the round trip of the request it would make, with the
  /// margin.
  private func decidePrefetchDistance(toward edge: PaginationEdge) -> Int {
    guard isAdaptive, basePage > 0, let fixedLatency, let rate = rate(toward: edge), rate > 0 else {
      return basePrefetch
    }
    let count = count(rate: rate, fixedLatency: fixedLatency, ahead: nil)
    return Self.clamp(Self.margin * rate * (fixedLatency + perElement * Double(count)), basePrefetch, prefetchLimit)
  }

  /// The prefetch distance a scroll with no measure uses: the configured one, or the page size.
  @usableFromInline
  var basePrefetch: Int { configuredPrefetch ?? Swift.max(1, basePage) }

  /// The most an adaptive prefetch distance reaches: ``LoadSize/maxCount``, and a fifth of
  /// `maxElements`, never below ``basePrefetch``.
  @usableFromInline
  var prefetchLimit: Int { Swift.max(basePrefetch, Swift.min(maxCount, windowShare)) }

  /// The most an adaptive request asks for: ``LoadSize/maxCount``, and a fifth of `maxElements`,
  /// never below the page size.
  @usableFromInline var countLimit: Int { Swift.max(basePage, Swift.min(maxCount, windowShare)) }

  /// A fifth of the window's limit: with pages and a prefetch distance of that size, what a scroll
  /// needs (3 pages and the distance on both sides) fits the limit.
  private var windowShare: Int { maxElements.map { $0 / 5 } ?? .max }

  /// `value` rounded up (down within a hundredth), within `low...high` (`low` when `high` is below
  /// it).
  private static func clamp(_ value: Double, _ low: Int, _ high: Int) -> Int {
    let high = Swift.max(low, high)
    let rounded = (value - 0.01).rounded(.up)
    guard rounded < Double(high) else { return high }
    return rounded > Double(low) ? Int(rounded) : low
  }
}
