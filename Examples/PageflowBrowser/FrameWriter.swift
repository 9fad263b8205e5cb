import Pageflow

/// What the terminal is sent for each frame: the update from the frame it shows, read from what
/// changed in the window since then, as a collection view reads a change set once per frame. The
/// reader is given no row to anchor: the browser keeps the selection on its line itself
/// (``Viewport``), and the update finds every message on screen in the next frame.
struct FrameWriter {
  /// The frame the terminal shows; nil before the first.
  private(set) var shown: Screen?
  /// Where the window's changes were read for that frame.
  private var reader = ListChangeReader<Message.ID>()

  /// Draws `screen`, the frame of `list`, through `write`, which says whether the terminal took all
  /// of it. When it did not, what the terminal shows is not known: the next frame is drawn whole,
  /// on a cleared screen, instead of building on a frame that was never shown.
  mutating func draw(_ screen: Screen, list: PaginationFeature<Message>.State, write: (String) -> Bool) {
    let text = update(to: screen, list: list).text
    guard !text.isEmpty, !write(text) else { return }
    shown = nil
  }

  /// The update that draws `screen`, the frame of `list`.
  mutating func update(to screen: Screen, list: PaginationFeature<Message>.State) -> ScreenUpdate {
    let update = ScreenUpdate(from: shown, to: screen, changes: reader.read(list.elements, onScreen: nil).elements)
    shown = screen
    return update
  }
}
