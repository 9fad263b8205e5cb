import Observation
import Pageflow

/// How often a view that reads what `read` reads would be redrawn: a headless stand-in for a view,
/// to test that a screen's views are redrawn only when what they show changes.
///
/// It reads inside `withObservationTracking`, counts each change that invalidates what it read,
/// and reads again, as a view's next body does, when the test calls ``redraw()``:
///
/// ```swift
/// let spinner = Invalidations { _ = list.isRefreshing }
/// for id in 0..<100 { await list.send(.elementAppeared(id)).finish() }
/// spinner.redraw()
/// #expect(spinner.count == 0)  // scrolling never redraws the spinner
/// ```
@MainActor
public final class Invalidations {
  /// How many times a change invalidated what was read.
  public private(set) var count = 0
  private var isDirty = true
  private let read: @MainActor () -> Void

  /// Reads what `read` reads, and starts counting the changes that invalidate it.
  public init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    redraw()
  }

  /// Reads again, as the view's body would, if a change invalidated it since the last read.
  public func redraw() {
    guard isDirty else { return }
    isDirty = false
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        self?.count += 1
        self?.isDirty = true
      }
    }
  }
}
