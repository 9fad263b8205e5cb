import Pageflow
import PageflowTesting
import Testing

/// Adaptive load sizes, on the test clock: a request asks for what the measured scroll covers in
/// one round trip, a page at reading speed, and never more than its limits.
struct AdaptiveLoadSizeTests {
  /// A user scrolling down a list of messages on the test clock, the rows reported as they enter
  /// the screen, and a server that answers each request with the rows it asks for (20 when it does
  /// not say) after a latency.
  struct Scroll {
    let clock = TestClock()
    var feature: Feature
    var state: Feature.State
    /// Every request made at the bottom edge, in order.
    var requests: [PageRequest] = []
    /// The last row shown.
    var bottom = 0
    /// How long the server takes to answer.
    var latency = Duration.milliseconds(300)
    /// How long it takes to answer the next request, when that one is slower.
    var nextLatency: Duration?
    private var inFlight: (request: PageRequest, arrival: TestClock.Instant)?

    init(_ loadSize: LoadSize, maxElements: Int? = nil) {
      feature = Feature(maxElements: maxElements, clock: clock) { _ in throw CancellationError() }
      feature.loadSize = loadSize
      state = Feature.State(selection: 0, next: "19", elements: (0..<20).map { Message($0) })
      send(.elementAppeared(0))
    }

    /// Scrolls `rows` rows at `speed` rows per second; a row not loaded yet waits for the answer
    /// that brings it.
    mutating func scroll(_ rows: Int, speed: Double) {
      for _ in 0..<rows {
        var due = clock.now.advanced(by: .seconds(1 / speed))
        deliver(until: due)
        while !state.elements.contains(id: bottom + 1), let load = inFlight {
          due = Swift.max(due, load.arrival)
          deliver(until: load.arrival)
        }
        clock.advance(to: Swift.max(due, clock.now))
        bottom += 1
        send(.elementAppeared(bottom))
      }
    }

    /// Sends `action` through the reducer (its effects are not run) and notes a new request.
    mutating func send(_ action: Feature.Action) {
      _ = feature.reduce(into: &state, action: action)
      guard case .loading(let request) = state.endStatus, request != inFlight?.request else { return }
      requests.append(request)
      inFlight = (request, clock.now.advanced(by: nextLatency ?? latency))
      nextLatency = nil
    }

    /// Delivers the answer in flight when it arrives by `time`.
    private mutating func deliver(until time: TestClock.Instant) {
      guard let load = inFlight, load.arrival <= time else { return }
      clock.advance(to: Swift.max(load.arrival, clock.now))
      inFlight = nil
      answer(load.request)
    }

    /// Delivers the answer in flight, if any, without moving the clock.
    mutating func answerAtOnce() {
      guard let load = inFlight else { return }
      inFlight = nil
      answer(load.request)
    }

    /// The server's answer to `request`: the rows after its cursor, as many as it asks for.
    private mutating func answer(_ request: PageRequest) {
      guard case .after(let cursor) = request.position, let last = Int(cursor.rawValue) else { return }
      let ids = (last + 1)...(last + (request.count ?? 20))
      let page = Page(previous: "\(ids.lowerBound)", next: "\(ids.upperBound)", elements: ids.map { Message($0) })
      send(.pageResponse(Feature.PageResponse(request: request, result: .success(page))))
    }

    /// The counts the requests asked for (nil: none said).
    var counts: [Int?] { requests.map(\.count) }
  }

  @Test func aFastScrollAsksForWhatOneRoundTripCovers() {
    var scroll = Scroll(.adaptive())
    scroll.scroll(1_000, speed: 200)
    let last = scroll.counts.last.flatMap { $0 } ?? 0
    // 200 rows/s over 300 ms is 60 rows: a page of 20 cannot keep up.
    #expect(last >= 60)
    #expect(last <= 200)
  }

  /// A fling's landing says how fast its rows go by (150 rows in a second), which the rows it
  /// passes before they are loaded cannot: the edge's next request is sized for that rate, not for
  /// a scroll that seems to have stopped.
  @Test func aFlingsLandingTellsTheEdgeHowFastItsRowsGoBy() throws {
    func nextCount(arrivingIn arrival: Duration?) throws -> Int? {
      var scroll = Scroll(.adaptive())
      scroll.scroll(100, speed: 5)  // reading speed: pages of 20, and the latency measured
      scroll.answerAtOnce()
      scroll.clock.advance(by: .seconds(1))
      scroll.send(.scrollWillLand(.rows(150, toward: .bottom, arrivingIn: arrival)))
      scroll.answerAtOnce()  // the rows up to the landing and a page there
      scroll.clock.advance(by: .milliseconds(300))
      let last = try #require(scroll.state.elements.last?.id)
      scroll.send(.elementAppeared(last - 10))  // the first row the fling shows, near the end
      return scroll.requests.last?.count
    }
    #expect(try nextCount(arrivingIn: nil) == 20)
    // 150 rows/s over a 300 ms round trip: 1.5 × 150 × 0.3 = 68 rows.
    #expect(try nextCount(arrivingIn: .seconds(1)).map { $0 >= 60 } == true)
  }

  @Test func aScrollAtReadingSpeedAsksForThePageSize() {
    var scroll = Scroll(.adaptive())
    scroll.scroll(300, speed: 5)
    #expect(scroll.requests.count >= 10)
    #expect(scroll.counts.allSatisfy { $0 == 20 })
  }

  @Test func aStopBringsTheCountBackToThePageSize() {
    var scroll = Scroll(.adaptive())
    scroll.scroll(1_000, speed: 200)
    #expect((scroll.counts.last.flatMap { $0 } ?? 0) > 20)
    let before = scroll.requests.count
    scroll.clock.advance(by: .seconds(5))
    scroll.scroll(200, speed: 5)
    #expect(scroll.requests.count > before)
    #expect(scroll.counts[before...].allSatisfy { $0 == 20 })
  }

  @Test func oneSlowAnswerDoesNotRaiseTheCount() {
    var scroll = Scroll(.adaptive(maxCount: 10_000))
    scroll.scroll(1_000, speed: 200)
    let steady = scroll.counts.last.flatMap { $0 } ?? 0
    let before = scroll.requests.count
    // One answer takes 5 s: a count fitted to it alone would ask for 1.5 × 200 × 5 = 1,500 rows.
    scroll.nextLatency = .seconds(5)
    scroll.scroll(2_000, speed: 200)
    let after = scroll.counts[before...].compactMap { $0 }
    #expect(!after.isEmpty)
    #expect(after.allSatisfy { $0 <= 2 * steady })
  }

  @Test func theMaximumHoldsAtAnySpeed() {
    var scroll = Scroll(.adaptive(maxCount: 50))
    scroll.scroll(3_000, speed: 2_000)
    #expect(scroll.counts.compactMap { $0 }.max() == 50)
  }

  @Test func aWindowLimitBoundsTheCountAndTheWindow() {
    var scroll = Scroll(.adaptive(), maxElements: 200)
    var peak = 0
    for _ in 0..<300 {
      scroll.scroll(10, speed: 2_000)
      peak = Swift.max(peak, scroll.state.elements.count)
    }
    // A fifth of the limit each for the count and the prefetch distance: 3 pages and the distance
    // on both sides fit it.
    #expect(scroll.counts.compactMap { $0 }.max() == 40)
    #expect(peak <= 200)
  }

  @Test func fixedAsksForThePageSizeAtAnySpeed() {
    var scroll = Scroll(.fixed)
    scroll.scroll(1_000, speed: 2_000)
    #expect(scroll.requests.count >= 40)
    #expect(scroll.counts.allSatisfy { $0 == 20 })
  }

  @Test func aClockThatDoesNotMoveAsksForThePageSize() {
    var scroll = Scroll(.adaptive())
    for id in 1..<200 {
      scroll.send(.elementAppeared(id))
      scroll.answerAtOnce()
    }
    #expect(scroll.requests.count >= 9)
    #expect(scroll.counts.allSatisfy { $0 == 20 })
  }
}
