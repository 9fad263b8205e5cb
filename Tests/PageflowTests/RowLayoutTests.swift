import Pageflow
import Testing

/// Offsets in points turned into rows, as a view measured them: which row is at an offset, and
/// where a fling lands, over rows of different heights, after an inset, along either axis, past
/// either end of the window, and with a target that the content clamps to the rows loaded.
struct RowLayoutTests {
  typealias Layout = PaginationFeature<Message>.RowLayout
  typealias Landing = PaginationFeature<Message>.Landing

  /// Rows 100..<150; row i is 40 points when even and 60 when odd (100 points a pair), the first
  /// after an inset of `inset`; the view measured the rows `measured`.
  func layout(inset: Double = 0, measured: Range<Int> = 100..<150) -> Layout {
    var layout = Layout(estimatedExtent: 50, leadingInset: inset)
    for id in measured {
      let index = Double(id - 100)
      layout.laidOut(
        id, start: inset + (index / 2).rounded(.down) * 100 + (id.isMultiple(of: 2) ? 0 : 40),
        extent: id.isMultiple(of: 2) ? 40 : 60)
    }
    return layout
  }

  let elements = IdentifiedElements((100..<150).map { Message($0) })

  @Test func theRowAtAnOffsetIsTheOneWhoseFrameHoldsIt() {
    let layout = layout(inset: 20)
    #expect(layout.row(at: 20, in: elements) == 100)
    #expect(layout.row(at: 59.9, in: elements) == 100)
    #expect(layout.row(at: 60, in: elements) == 101)
    #expect(layout.row(at: 20 + 2_450, in: elements) == 149)
    #expect(layout.row(at: 10, in: elements) == nil)  // the inset, before the first row
    #expect(layout.row(at: 20 + 2_500, in: elements) == nil)  // past the last
  }

  @Test func rowsItHasNotMeasuredCountAtTheAverageOfThoseItHas() {
    let layout = layout(measured: 100..<110)  // 500 points for 10 rows: 50 a row
    #expect(layout.averageExtent == 50)
    #expect(layout.row(at: 500, in: elements) == 110)  // the first row not measured
    #expect(layout.row(at: 500 + 50 * 5 + 10, in: elements) == 115)
  }

  @Test func aFlingLandsOnTheRowAtItsTarget() {
    let layout = layout()
    let landing = layout.landing(from: 0, target: 1_040, velocity: 3, in: elements)
    #expect(landing?.target == .element(121))  // 10 pairs, then row 120's 40 points
    #expect(landing?.arrival != nil)
  }

  @Test func aFlingPastTheLastRowCountsTheRowsBeyondIt() {
    let layout = layout()
    // From row 140 (at 2,000) to 3,000: 10 rows to the window's end at 2,500, then 500 points of
    // rows of 50 beyond it.
    #expect(layout.landing(from: 2_000, target: 3_000, velocity: 3, in: elements)?.target == .offset(20, from: 140))
    // Toward the start, clamped where the content starts: 0.3 points per millisecond carry it 150
    // points up from row 102 (at 100), 50 points before the first row: one row of 50 before it.
    #expect(layout.landing(from: 100, target: 0, velocity: -0.3, in: elements)?.target == .offset(-3, from: 102))
  }

  @Test func aTargetTheContentClampsIsCarriedOnByTheVelocity() {
    let layout = layout()
    // The view rests at the end of the rows loaded (2,000 with a viewport of 500); 2 points per
    // millisecond carry a fling 998 points from 1,500 on: to 2,498, the window's last row.
    let clamped = layout.landing(from: 1_500, target: 2_000, maximumOffset: 2_000, velocity: 2, in: elements)
    #expect(clamped?.target == .element(149))
    let farther = layout.landing(from: 1_500, target: 2_000, maximumOffset: 2_000, velocity: 20, in: elements)
    // 9,980 points, to 11,480: 19 rows to the window's last (it ends at 2,500), then 180 rows of 50.
    #expect(farther?.target == .offset(19 + 180, from: 130))
    // Not clamped: the target is where it rests.
    #expect(
      layout.landing(from: 1_500, target: 1_900, maximumOffset: 2_000, velocity: 20, in: elements)?.target
        == .element(138))
  }

  @Test func anInsetMovesEveryRow() {
    let plain = layout()
    let inset = layout(inset: 64)
    for offset in stride(from: 0.0, through: 2_400, by: 37) {
      #expect(plain.row(at: offset, in: elements) == inset.row(at: offset + 64, in: elements))
    }
  }

  @Test func noFlingOrNoMoveLandsNowhere() {
    let layout = layout()
    #expect(layout.landing(from: 0, target: 0, velocity: 0, in: elements) == nil)
    #expect(layout.landing(from: 0, target: 10, velocity: 1, in: elements) == nil)  // the same row
    #expect(layout.landing(from: 0, target: 1_000, velocity: 1, in: IdentifiedElements()) == nil)
  }

  @Test func extremeInputGivesADefinedAnswer() {
    let layout = layout()
    // A velocity too large to count the rows of: as many rows as counts can say, never a trap.
    let far = layout.landing(from: 0, target: 2_000, maximumOffset: 2_000, velocity: 1e300, in: elements)
    #expect(far?.target == .offset(49 + 1 + Int.max / 4, from: 100))
    #expect(layout.landing(from: .nan, target: 100, velocity: 1, in: elements) == nil)
    #expect(layout.landing(from: 0, target: .infinity, velocity: 1, in: elements) == nil)
    #expect(layout.landing(from: 0, target: 0, velocity: .infinity, in: elements) == nil)
    var odd = Layout(estimatedExtent: -3)
    odd.laidOut(100, start: .infinity, extent: 10)
    odd.laidOut(101, start: 0, extent: 0)
    #expect(odd.averageExtent == 1)
    #expect(odd.frame(of: 100) == nil && odd.frame(of: 101) == nil)
  }

  @Test func itKeepsTheFramesOfTheLastRowsMeasuredOnly() {
    var layout = Layout(estimatedExtent: 10)
    for id in 0..<(Layout.capacity * 3) { layout.laidOut(id, start: Double(id) * 10, extent: 10) }
    #expect(layout.frame(of: 0) == nil)
    #expect(layout.frame(of: Layout.capacity * 3 - 1) == .init(start: Double(Layout.capacity * 3 - 1) * 10, extent: 10))
    #expect(layout.frame(of: Layout.capacity * 2 - 1) == nil)
    #expect(layout.frame(of: Layout.capacity * 2) != nil)
    #expect(layout.averageExtent == 10)
  }

  @Test func aFlingWithAKnownTargetLandsOnItsRowAndAClampedOneIsProjected() {
    #expect(Landing.fling(on: 7, clamped: false, velocity: 2, rowHeight: 50, from: 1)?.target == .element(7))
    #expect(Landing.fling(on: 7, clamped: true, velocity: 2, rowHeight: 50, from: 1)?.target == .offset(20, from: 1))
    #expect(
      Landing.fling(on: nil, clamped: false, velocity: -2, rowHeight: 50, from: 1)?.target == .offset(-20, from: 1))
    #expect(Landing.fling(on: 7, clamped: false, velocity: 0, rowHeight: 50, from: 1) == nil)
  }
}
