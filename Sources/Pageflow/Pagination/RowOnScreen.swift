extension PaginationFeature.State {
  /// The row a view keeps at the top of its screen: the row last reported on screen
  /// (``lastVisible``), or the selection when none was since the selection moved (a first load, a
  /// jump); nil while neither is in the window. A restore sets it to the place's row, a landing to
  /// the row it landed on; a refresh in place and the pages that arrive or leave around it keep it.
  ///
  /// What a SwiftUI scroll view's position binds to (`scrollPosition(id:)`, which reports the row
  /// at the top as the user scrolls: report it back with ``PaginationFeature/Action/elementAppeared(_:)``),
  /// so that the screen shows the row the list keeps, and the list keeps the row the screen shows.
  public var rowOnScreen: Element.ID? {
    if let lastVisible, elements.contains(id: lastVisible) { return lastVisible }
    return elements.contains(id: selection) ? selection : nil
  }
}
