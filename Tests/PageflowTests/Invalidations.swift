import Observation
import Pageflow

/// Counts how often a view that reads `read` would be redrawn: it reads inside
/// `withObservationTracking`, and after each change, reads again (as a view's next body does) once
/// the test calls ``redraw()``.
@MainActor
final class Invalidations {
  private(set) var count = 0
  private var isDirty = true
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    redraw()
  }

  /// Reads again, as the view's body would, if a change invalidated it since the last read.
  func redraw() {
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
