import Testing

@testable import PageflowBenchmarks

/// Flings from rest in the scroll simulation, on its virtual clock (no sleeps, no wall clock): the
/// list told where a fling lands as the finger lifts shows the rows there within one round trip,
/// where a list that loads as the rows go by takes a round trip a page.
struct FlingSimulationTests {
  /// A fling of `rows` rows from rest, in a second, at 300 ms and 20-row pages, over a million rows.
  func fling(_ rows: Int, _ policy: ScrollPolicy) throws -> FlingOutcome {
    let scenario = ScrollScenario.fling(rows: rows, latencyMilliseconds: 300, pageSize: 20, listSize: 1_000_000)
    return try #require(FlingOutcome(ScrollSimulation.run(scenario, policy)))
  }

  @Test(arguments: [1_000, 5_000])
  func aFarFlingFromRestIsLoadedWhereItLandsWithinOneRoundTrip(rows: Int) throws {
    let told = try fling(rows, .fling)
    // The page around the landing, beside the window: a page on each side of it, 300 ms and 1 ms
    // for each of the 20 rows past a page.
    let roundTrip = 320_000_000
    #expect(told.landing.roundTrip == roundTrip)
    #expect(try #require(told.landing.loadedAfter) <= roundTrip)
    #expect(told.landing.loadedRows == 40)  // that page, and none of the rows the fling went past
    #expect(told.scroll.stalled == 0)  // loaded before the fling comes to rest a second after the lift
    // Not told, the list loads as the rows go by: 20 rows a round trip, the fling stopping at each.
    let untold = try fling(rows, .paging3Like(pageSize: 20))
    #expect(try #require(untold.landing.loadedAfter) >= (rows / 20 - 1) * 300_000_000)
  }

  @Test func aFlingOfAHundredRowsFromRestNeedsOneRequest() throws {
    let told = try fling(100, .fling)
    // Rows 100..<120 on screen at rest; 20 to 39 are loaded: one request for the 71 rows past them
    // to the landing's middle row (110) and a page more, answered in 300 ms and 1 ms a row past a page.
    #expect(told.landing.requests == 1)
    #expect(told.landing.loadedRows == 71 + 20)
    #expect(told.landing.roundTrip == 371_000_000)
    #expect(told.landing.loadedAfter == 371_000_000)
    #expect(told.scroll.stalled == 0)
    #expect(told.isWithinOneRoundTrip)
    let untold = try fling(100, .paging3Like(pageSize: 20))
    #expect(untold.landing.requests == 4)  // a page at a time
  }

  /// Reading speed: the flings are short, each landing within the rows loaded ahead; the app
  /// counting rows or finding its landings in points (as a SwiftUI list does) loads what it shows.
  @Test(arguments: [false, true])
  func aSlowScrollToldOfItsLandingsLoadsWhatItShowsAndNoMore(inPoints: Bool) {
    let scenario = ScrollScenario(speed: 20, latencyMilliseconds: 300, pageSize: 20, seconds: 60)
    let told = ScrollSimulation.run(scenario, inPoints ? .flingInPoints : .fling)
    let untold = ScrollSimulation.run(scenario, .adaptive)
    #expect(told.stalled == 0 && told.unloadedRows == 0)
    #expect(told.rowsShown == untold.rowsShown && told.loadedRows == untold.loadedRows)
    #expect(told.overFetch <= 1.25)
  }

  /// At 100 rows/s and 1 s of latency, the fourth fling lifts while the end loads 20 rows; its
  /// landing, 91 rows past the end and within reach, is loaded once that page is in, so the scroll
  /// goes on past it to the end of its ten minutes (it stopped for good at row 300).
  @Test func aLandingWithinReachWhileItsEdgeLoadsLessIsLoadedWhenThatPageIsIn() {
    let scenario = ScrollScenario(speed: 100, latencyMilliseconds: 1_000, pageSize: 20, seconds: 600)
    let outcome = ScrollSimulation.run(scenario, .fling)
    #expect(outcome.rowsShown > scenario.rows / 2)
  }

  /// Under way at 300 rows a second (flings of 300 rows, each landing beyond what one request
  /// reaches, so that its page loads beside the window), the edge the scroll heads to keeps loading
  /// the rows it passes while the landing's page loads, and that page does not take the window from
  /// them: after the first second, every row is loaded as it enters the screen, as it is with
  /// adaptive load sizes alone.
  @Test func rowsAFlingPassesWhileItsLandingLoadsAreLoaded() {
    let scenario = ScrollScenario(speed: 300, latencyMilliseconds: 300, pageSize: 20, rows: 6_000)
    let told = ScrollSimulation.run(scenario, .fling)
    #expect(told.sustainedUnloadedRows == 0)
    #expect(told.sustainedStalled == 0)
    #expect(told.rowsShown == scenario.rows)
  }

  /// Far flings from rest, the app finding each landing in points as a SwiftUI list does: rows of
  /// 40 to 120 points measured as they lay out, the landing from where the screen starts and will
  /// start at rest, the row it names kept at the top of the screen. The page the list loads beside
  /// the window holds a page on each side of that row, so the screen below it is loaded in the same
  /// round trip (a page centred on the top row left half the screen for the next round trip).
  @Test(arguments: [1_000, 5_000])
  func aFarFlingFoundInPointsIsLoadedWhereItLandsWithinOneRoundTrip(rows: Int) throws {
    let told = try fling(rows, .flingInPoints)
    #expect(told.landing.roundTrip == 320_000_000)
    #expect(try #require(told.landing.loadedAfter) <= 320_000_000)
    #expect(told.isWithinOneRoundTrip && told.scroll.stalled == 0)
  }
}
