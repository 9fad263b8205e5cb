/// Which lines of the message list are on screen.
///
/// The list is drawn as a column of rows: the header of the window's top edge, the messages, and
/// the footer of its bottom edge (`count + 2` rows). A viewport of `height` lines shows a stretch of
/// them that holds the selected message, at least ``margin`` lines from the viewport's top and
/// bottom unless the list's end is there.
struct Viewport: Equatable {
  /// The lines kept between the selection and the viewport's top or bottom, where the list goes on.
  static let margin = 2

  /// The first row on screen: 0 is the header, `i + 1` the message at index `i`.
  let top: Int
  /// The line the selected message is on.
  let selectionRow: Int
  /// How many lines the viewport shows.
  let height: Int
  /// How many messages the window holds.
  let count: Int

  /// The viewport that shows the message at index `selection` of `count`: on the line it was on
  /// (`previousRow`) moved by how far it moved from the message drawn there before
  /// (`previousIndex`; nil when that message is gone: the selection is then centred), then kept
  /// inside the margins and the list.
  init(selection: Int, previousRow: Int, previousIndex: Int?, count: Int, height: Int) {
    let height = max(1, height)
    let margin = min(Self.margin, (height - 1) / 2)
    var row = previousIndex.map { previousRow + (selection - $0) } ?? height / 2
    row = min(max(row, margin), height - 1 - margin)
    let top = min(max(selection + 1 - row, 0), max(0, count + 2 - height))
    self.top = top
    self.selectionRow = selection + 1 - top
    self.height = height
    self.count = count
  }

  /// The indices of the messages on screen.
  var messages: ClosedRange<Int> {
    max(0, top - 1)...max(0, min(count - 1, top + height - 2))
  }

  /// Whether the header (the top edge) is on screen.
  var showsHeader: Bool { top == 0 }

  /// Whether the footer (the bottom edge) is on screen.
  var showsFooter: Bool { top + height >= count + 2 }
}
