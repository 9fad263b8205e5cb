import Foundation

extension PaginationFeature {
  /// Where a scroll in flight will come to rest, as a view knows the moment the finger lifts:
  /// UIKit hands `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` the landing,
  /// SwiftUI a scroll target behaviour's `updateTarget(_:context:)`. Sent with
  /// ``Action/scrollWillLand(_:)``, it lets the list load what the landing needs at once, instead
  /// of a page at a time as the rows go by.
  ///
  /// ```swift
  /// // 140 rows below the row on screen, in 0.8 s:
  /// store.send(.scrollWillLand(.rows(140, toward: .bottom, arrivingIn: .milliseconds(800))))
  /// // On an element the view knows (a scrubber, an index):
  /// store.send(.scrollWillLand(.element(4_200)))
  /// ```
  public struct Landing: Equatable, Sendable {
    /// Where the scroll comes to rest.
    public enum Target: Equatable, Sendable {
      /// `rows` rows after the element `from` (before it when negative); from the element last
      /// reported on screen when `from` is nil.
      case offset(Int, from: Element.ID?)
      /// On this element.
      case element(Element.ID)
    }

    /// Where the scroll comes to rest.
    public var target: Target
    /// How long until it does, when the view knows; nil otherwise.
    public var arrival: Duration?

    /// A landing at `target`, `arrival` from now.
    public init(_ target: Target, arrivingIn arrival: Duration? = nil) {
      self.target = target
      self.arrival = arrival
    }

    /// A landing `rows` rows toward `direction`'s edge (after the element for `.bottom` and
    /// `.trailing`, before it for `.top` and `.leading`) from the element `from`, or from the one
    /// last reported on screen; negative counts as zero.
    public static func rows(
      _ rows: Int, toward direction: PaginationDirection, from element: Element.ID? = nil,
      arrivingIn arrival: Duration? = nil
    ) -> Self {
      let rows = Swift.max(0, rows)
      return Self(.offset(direction.edge == .end ? rows : -rows, from: element), arrivingIn: arrival)
    }

    /// A landing on the element `id`.
    public static func element(_ id: Element.ID, arrivingIn arrival: Duration? = nil) -> Self {
      Self(.element(id), arrivingIn: arrival)
    }

    /// The landing of a fling that UIKit's scroll view decelerates: where it comes to rest from
    /// the velocity its delegate hands `scrollViewWillEndDragging` (points per millisecond along
    /// the scroll, positive toward the end of the list), whatever the content size clamps the
    /// target to. A scroll view decelerating by `decelerationRate` per millisecond (0.998, its
    /// `.normal`) covers `velocity × rate / (1 − rate)` points, and comes to rest (below 0.01
    /// points per millisecond) `log(0.01 / |velocity|) / log(rate)` milliseconds later; over rows
    /// of `rowHeight` points, counted from the element `from` (the row at the viewport's edge in
    /// the direction of the fling, or the one last reported on screen).
    ///
    /// Nil for a velocity or a rate that make no fling (zero, not finite, a rate outside 0..<1),
    /// or a row height that is not positive.
    public static func projected(
      velocity: Double, decelerationRate: Double = 0.998, rowHeight: Double, from element: Element.ID? = nil
    ) -> Self? {
      guard let fling = Fling(velocity: velocity, decelerationRate: decelerationRate), rowHeight > 0,
        rowHeight.isFinite
      else { return nil }
      let rows = fling.distance / rowHeight
      guard rows.magnitude >= 1, rows.magnitude < Double(Int.max / 2) else { return nil }
      return Self(.offset(Int(rows.rounded()), from: element), arrivingIn: fling.duration)
    }

    /// The landing of a fling whose target the view knows as the finger lifts: on `row`, the row at
    /// the target offset, when the view has it laid out and the target is where the fling comes to
    /// rest; when the content clamps the target (it rests at the end of the rows loaded, or at
    /// their start: `clamped`) or the view has no row there, where the velocity carries it
    /// (``projected(velocity:decelerationRate:rowHeight:from:)``, over rows of `rowHeight` from
    /// `origin`, the row on screen as the finger lifts). Nil for no fling (a velocity of zero).
    ///
    /// `velocity` is in points per millisecond along the scroll, positive toward the end of the
    /// list, as UIKit's scroll view delegate gives it (SwiftUI gives points per second).
    public static func fling(
      on row: Element.ID?, clamped: Bool, velocity: Double, decelerationRate: Double = 0.998, rowHeight: Double,
      from origin: Element.ID?
    ) -> Self? {
      guard let fling = Fling(velocity: velocity, decelerationRate: decelerationRate) else { return nil }
      if let row, !clamped { return Self(.element(row), arrivingIn: fling.duration) }
      return projected(velocity: velocity, decelerationRate: decelerationRate, rowHeight: rowHeight, from: origin)
    }
  }

  /// A scroll decelerating from `velocity` points per millisecond by `decelerationRate` each
  /// millisecond, as UIKit's scroll view does: how far it goes, and how long until it rests (below
  /// 0.01 points per millisecond).
  struct Fling {
    let distance: Double
    let duration: Duration

    /// Nil for a velocity or a rate that make no fling (zero, not finite, a rate outside 0..<1).
    init?(velocity: Double, decelerationRate: Double) {
      guard velocity.isFinite, velocity != 0, decelerationRate > 0, decelerationRate < 1 else { return nil }
      distance = velocity * decelerationRate / (1 - decelerationRate)
      let rest = 0.01
      let milliseconds = velocity.magnitude > rest ? log(rest / velocity.magnitude) / log(decelerationRate) : 0
      duration = .milliseconds(milliseconds)
    }
  }
}
