import Testing

@testable import PageflowBenchmarks

/// The heights the scroll simulation lays its rows out at, in points: uneven, the same for a row
/// every time, and where a row starts is the sum of the heights before it.
struct RowHeightsTests {
  @Test func heightsAreFrom40To120PointsAndUneven() {
    let heights = (0..<RowHeights.period).map(RowHeights.height)
    #expect(Set(heights) == Set((40...120).map(Double.init)))  // each once in a period
    #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 != $1 })
    #expect(RowHeights.height(-1) == RowHeights.height(RowHeights.period - 1))
  }

  @Test func aRowStartsWhereTheRowsBeforeItEnd() {
    for id in [-200, -81, -1, 0, 1, 80, 81, 82, 1_000, 123_457] {
      let summed = (min(0, id)..<max(0, id)).reduce(0.0) { $0 + RowHeights.height($1) }
      #expect(RowHeights.offset(of: id) == (id >= 0 ? summed : -summed))
    }
    #expect(RowHeights.extent(of: 10..<30) == (10..<30).reduce(0.0) { $0 + RowHeights.height($1) })
  }
}
