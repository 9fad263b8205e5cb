extension PaginationFeature {
  /// The rows of a list along its scroll axis, as a view lays them out: where each row it measured
  /// starts and how long it is, in points, and an estimate for the rows it has not measured. It
  /// answers which row is at an offset, and where a fling lands
  /// (``landing(from:target:maximumOffset:velocity:decelerationRate:in:)``): what a SwiftUI scroll
  /// target behaviour needs, which knows where a scroll comes to rest in points, not in rows.
  ///
  /// ```swift
  /// var layout = PaginationFeature<Message>.RowLayout(estimatedExtent: 44)
  /// layout.laidOut(message.id, start: frame.minY, extent: frame.height)  // as each row lays out
  /// let landing = layout.landing(from: offset, target: target, velocity: velocity, in: store.elements)
  /// ```
  ///
  /// Offsets are along the scroll axis (y for a vertical list, x for a horizontal pager), in the
  /// content's coordinates: 0 is where the content starts, `leadingInset` before the first row. It
  /// keeps the frames of the last ``capacity`` rows measured (the rows on screen and near it are
  /// always among them), so it holds as little as a screen does, however long the list.
  public struct RowLayout: Sendable {
    /// Where a row starts along the scroll axis, and its extent, in points.
    public struct Frame: Equatable, Sendable {
      /// Where it starts.
      public var start: Double
      /// Its height (or width, for a horizontal list).
      public var extent: Double

      /// A row from `start`, `extent` long.
      public init(start: Double, extent: Double) {
        self.start = start
        self.extent = extent
      }
    }

    /// How many rows' frames it keeps: the last measured.
    public static var capacity: Int { 1_024 }

    /// The extent of a row it has not measured, while it has measured none.
    public var estimatedExtent: Double
    /// Where the first row starts: the extent of what comes before it (a header, an inset).
    public var leadingInset: Double
    private var frames: [Element.ID: Frame] = [:]
    private var measured: [Element.ID] = []
    private var oldest = 0
    private var totalExtent = 0.0

    /// Rows of `estimatedExtent` points (until it measures some), the first at `leadingInset`.
    public init(estimatedExtent: Double, leadingInset: Double = 0) {
      self.estimatedExtent = estimatedExtent.isFinite && estimatedExtent > 0 ? estimatedExtent : 1
      self.leadingInset = leadingInset.isFinite ? leadingInset : 0
    }

    /// The row `id` was laid out from `start`, `extent` long. A frame that is not finite, or of no
    /// extent, is ignored.
    public mutating func laidOut(_ id: Element.ID, start: Double, extent: Double) {
      guard start.isFinite, extent.isFinite, extent > 0 else { return }
      if let old = frames.updateValue(Frame(start: start, extent: extent), forKey: id) {
        totalExtent += extent - old.extent
        return
      }
      totalExtent += extent
      measured.append(id)
      guard measured.count - oldest > Self.capacity else { return }
      if let gone = frames.removeValue(forKey: measured[oldest]) { totalExtent -= gone.extent }
      oldest += 1
      if oldest > Self.capacity {  // drop the ids of rows forgotten, now and then
        measured.removeFirst(oldest)
        oldest = 0
      }
    }

    /// The frame of `id`, as measured; nil when it was not, or was forgotten.
    public func frame(of id: Element.ID) -> Frame? { frames[id] }

    /// The extent of a row not measured: the average of those measured, or the estimate.
    public var averageExtent: Double { frames.isEmpty ? estimatedExtent : totalExtent / Double(frames.count) }

    /// The row of `elements` at `offset`, or how far beyond the window's rows it lies: walked to
    /// from the measured row nearest to it (from the first row when none is measured), over the
    /// extents measured and the average extent elsewhere. Nil for an empty window or an offset
    /// that is not finite.
    func place(of offset: Double, in elements: IdentifiedElements<Element>) -> Place? {
      guard !elements.isEmpty, offset.isFinite else { return nil }
      var index = 0
      var start = leadingInset
      var nearest = Double.infinity
      for (id, frame) in frames {
        guard let at = elements.index(id: id), (frame.start - offset).magnitude < nearest else { continue }
        (index, start, nearest) = (at, frame.start, (frame.start - offset).magnitude)
      }
      let average = averageExtent
      func extent(_ index: Int) -> Double { frames[elements[index].id]?.extent ?? average }
      /// Rows of the average extent in `distance` points, counted toward minus infinity; saturated.
      func rows(_ distance: Double) -> Int {
        let rows = (distance / average).rounded(.down)
        return rows.magnitude < Double(Int.max / 4) ? Int(rows) : (rows < 0 ? -Int.max / 4 : Int.max / 4)
      }
      while offset < start {
        guard index > 0 else { return Place(index: 0, beyond: rows(offset - start)) }
        index -= 1
        start -= extent(index)
      }
      while offset >= start + extent(index) {
        start += extent(index)
        guard index + 1 < elements.count else {
          return Place(index: index, beyond: 1 + rows(offset - start))
        }
        index += 1
      }
      return Place(index: index, beyond: 0)
    }

    /// An offset's row: the row at `index` of the window, and how many rows past it the offset lies
    /// when it is beyond the window's first or last row (negative before the first), else 0.
    struct Place: Equatable {
      let index: Int
      let beyond: Int
    }

    /// The row of `elements` at `offset`; nil when the offset lies before the first row or past
    /// the last.
    public func row(at offset: Double, in elements: IdentifiedElements<Element>) -> Element.ID? {
      guard let place = place(of: offset, in: elements), place.beyond == 0 else { return nil }
      return elements[place.index].id
    }

    /// Where a fling that starts at `offset` (where the viewport starts as the finger lifts) lands,
    /// when the view says it comes to rest at `target`: on the row of `elements` at the target, or
    /// as many rows past the window's first or last row as the target lies beyond it. A target
    /// that the content clamps (where the loaded rows end, `maximumOffset`, or where they start)
    /// is not where the fling rests: the landing is where `velocity` (points per millisecond,
    /// positive toward the end of the list) carries it, at `decelerationRate` per millisecond.
    /// Nil when it does not move by a row.
    public func landing(
      from offset: Double, target: Double, maximumOffset: Double? = nil, velocity: Double,
      decelerationRate: Double = 0.998, in elements: IdentifiedElements<Element>
    ) -> Landing? {
      guard let fling = Fling(velocity: velocity, decelerationRate: decelerationRate), target.isFinite,
        offset.isFinite
      else { return nil }
      let clamped = velocity > 0 ? maximumOffset.map { target >= $0 - 0.5 } ?? false : target <= 0.5
      let rest = clamped ? offset + fling.distance : target
      guard let from = place(of: offset, in: elements), let to = place(of: rest, in: elements) else { return nil }
      let rows = (to.index - from.index).addingSaturated(to.beyond - from.beyond)
      guard rows != 0 else { return nil }
      if to.beyond == 0 { return Landing(.element(elements[to.index].id), arrivingIn: fling.duration) }
      return Landing(.offset(rows, from: elements[from.index].id), arrivingIn: fling.duration)
    }
  }
}
