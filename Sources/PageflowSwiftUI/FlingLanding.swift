#if canImport(SwiftUI)
  import Pageflow
  import SwiftUI

  /// What a list's scroll view measured of its rows as they laid out, and where it is scrolled: what
  /// ``PaginationScrollTargetBehavior`` turns a scroll's target, in points, into rows with
  /// (``PaginationFeature/RowLayout``). Keep one per list (`@State`); each row reports its frame
  /// with `measuredRow(_:in:)`, the scroll view its position with `measuringScroll(_:)`.
  ///
  /// Rows that are not measured count at the average height of those that are (at
  /// `estimatedRowExtent` until one is): a landing a few rows off still loads what it needs, since
  /// the prefetch distance covers rows on both sides of it.
  @MainActor
  public final class RowMeasurements<Element: Identifiable & Sendable> where Element.ID: Sendable {
    /// The rows measured.
    public private(set) var layout: PaginationFeature<Element>.RowLayout
    /// Whether the list scrolls horizontally (a pager of `.leading`/`.trailing` pages).
    public let isHorizontal: Bool
    /// Where the visible part of the content starts, in the content's points.
    public private(set) var visibleStart = 0.0
    private var inset = 0.0

    /// Measurements of a list that scrolls vertically (or horizontally), whose rows are about
    /// `estimatedRowExtent` points tall (wide) until some are measured.
    public init(estimatedRowExtent: Double, horizontal: Bool = false) {
      layout = PaginationFeature<Element>.RowLayout(estimatedExtent: estimatedRowExtent)
      isHorizontal = horizontal
    }

    /// The row `id` is laid out at `frame` in the scroll view's coordinate space.
    func rowLaidOut(_ id: Element.ID, frame: CGRect) {
      let start = Double(isHorizontal ? frame.minX : frame.minY) - inset + visibleStart
      layout.laidOut(id, start: start, extent: Double(isHorizontal ? frame.width : frame.height))
    }

    /// The scroll view shows the content from `visibleStart`.
    func scrolled(visibleStart: Double) { self.visibleStart = visibleStart }

    /// The scroll view's content starts `inset` points into it (a bar over the content).
    func insetBy(_ inset: Double) { self.inset = inset }
  }

  /// A scroll target behaviour that tells a list where each fling lands, as the finger lifts, so
  /// that it loads the landing at once (``PaginationFeature/Action/scrollWillLand(_:)``), instead
  /// of a page at a time as the rows go by: a fling of 5,000 rows is loaded one round trip after
  /// the lift. It leaves the target to `base` (the behaviour the list already has: `.viewAligned`,
  /// `.paging`, or none), and reads where it comes to rest.
  ///
  /// ```swift
  /// @State private var rows = RowMeasurements<Message>(estimatedRowExtent: 60)
  ///
  /// ScrollView {
  ///   LazyVStack {
  ///     ForEach(list.elements) { MessageRow($0).measuredRow($0.id, in: rows) }
  ///   }
  /// }
  /// .scrollTargetBehavior(PaginationScrollTargetBehavior(list, rows: rows))
  /// .loadingLandings(of: list, rows: rows)  // the scroll's position, and a touch cancels the landing
  /// ```
  ///
  /// Where the content clamps the target (a fling past the rows loaded), the landing is where the
  /// velocity carries the scroll, as a scroll view decelerates (0.998 a millisecond).
  public struct PaginationScrollTargetBehavior<Element: Identifiable & Sendable, Base: ScrollTargetBehavior>:
    ScrollTargetBehavior
  where Element.ID: Sendable {
    let base: Base
    let list: Store<PaginationFeature<Element>.State, PaginationFeature<Element>.Action>
    let rows: RowMeasurements<Element>

    /// `base`, telling `list` where each fling lands, in rows measured by `rows`.
    public init(
      _ list: Store<PaginationFeature<Element>.State, PaginationFeature<Element>.Action>,
      rows: RowMeasurements<Element>, base: Base
    ) {
      self.list = list
      self.rows = rows
      self.base = base
    }

    /// The target `base` gives, reported to the list as a landing when the scroll flings.
    public func updateTarget(_ target: inout ScrollTarget, context: TargetContext) {
      base.updateTarget(&target, context: context)
      let horizontal = !context.axes.contains(.vertical)
      // SwiftUI gives points per second; a landing counts per millisecond, as UIKit does.
      let velocity = Double(horizontal ? context.velocity.dx : context.velocity.dy) / 1_000
      guard velocity != 0 else { return }  // a resize, not a fling
      let resting = Double(horizontal ? target.rect.minX : target.rect.minY)
      let maximum = Double(
        horizontal
          ? context.contentSize.width - context.containerSize.width
          : context.contentSize.height - context.containerSize.height)
      let (list, rows) = (list, rows)
      Task { @MainActor in
        let landing = rows.layout.landing(
          from: rows.visibleStart, target: resting, maximumOffset: maximum, velocity: velocity, in: list.elements)
        if let landing { list.send(.scrollWillLand(landing)) }
      }
    }
  }

  extension PaginationScrollTargetBehavior where Base == FreeScrollTargetBehavior {
    /// A behaviour that leaves the target where the scroll comes to rest, telling `list` where each
    /// fling lands.
    public init(
      _ list: Store<PaginationFeature<Element>.State, PaginationFeature<Element>.Action>,
      rows: RowMeasurements<Element>
    ) {
      self.init(list, rows: rows, base: FreeScrollTargetBehavior())
    }
  }

  /// A scroll target behaviour that changes nothing: the scroll comes to rest where it would.
  public struct FreeScrollTargetBehavior: ScrollTargetBehavior {
    /// A behaviour that leaves every target as it is.
    public init() {}

    /// Leaves `target` as it is.
    public func updateTarget(_ target: inout ScrollTarget, context: TargetContext) {}
  }

  extension View {
    /// Reports this row's frame to `rows` as it lays out, for
    /// ``PaginationScrollTargetBehavior`` to count rows of their own heights.
    public func measuredRow<Element>(_ id: Element.ID, in rows: RowMeasurements<Element>) -> some View {
      onGeometryChange(for: CGRect.self) { proxy in
        proxy.frame(in: .scrollView)
      } action: { frame in
        rows.rowLaidOut(id, frame: frame)
      }
    }

    /// Where this scroll view is scrolled, reported to `rows`; and a landing that `list` loads
    /// cancelled when the user touches the list again (the scroll will not land there).
    public func loadingLandings<Element>(
      of list: Store<PaginationFeature<Element>.State, PaginationFeature<Element>.Action>,
      rows: RowMeasurements<Element>
    ) -> some View {
      let horizontal = rows.isHorizontal
      return onScrollGeometryChange(for: Double.self) { geometry in
        Double(horizontal ? geometry.visibleRect.minX : geometry.visibleRect.minY)
      } action: { _, start in
        rows.scrolled(visibleStart: start)
      }
      .onScrollGeometryChange(for: Double.self) { geometry in
        Double(horizontal ? geometry.contentInsets.leading : geometry.contentInsets.top)
      } action: { _, inset in
        rows.insetBy(inset)
      }
      .onScrollPhaseChange { _, phase in
        if phase == .interacting { list.send(.landingCancelled) }
      }
    }
  }
#endif
