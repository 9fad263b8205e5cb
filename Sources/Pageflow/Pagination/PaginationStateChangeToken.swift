extension PaginationFeature.State: ChangeTracked {
  /// What a list's state is made of, small: the stamps of its elements and pages and its other
  /// fields. Equal tokens mean equal states; comparing two is O(1).
  public struct ChangeToken: Equatable {
    let context: any PaginationContext
    let selection: Element.ID
    let elements: ChangeStamp
    let pages: ChangeStamp
    let startStatus: PaginationStatus
    let endStatus: PaginationStatus
    let reloadStatus: ReloadStatus
    let pendingSelection: PaginationEdge?
    let lastVisible: Element.ID?
    let unseenAtStart: Int
    let unseenAtEnd: Int
    let unseenAboveScreen: Int
    let unseenBelowScreen: Int
    let startRetry: ScheduledRetry?
    let endRetry: ScheduledRetry?
    let reloadRetry: ScheduledRetry?
    let isOffline: Bool

    /// Equal fields; contexts compare by type and value.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.elements == rhs.elements && lhs.pages == rhs.pages && lhs.selection == rhs.selection
        && lhs.startStatus == rhs.startStatus && lhs.endStatus == rhs.endStatus
        && lhs.reloadStatus == rhs.reloadStatus && lhs.pendingSelection == rhs.pendingSelection
        && lhs.lastVisible == rhs.lastVisible && lhs.unseenAtStart == rhs.unseenAtStart
        && lhs.unseenAtEnd == rhs.unseenAtEnd && lhs.unseenAboveScreen == rhs.unseenAboveScreen
        && lhs.unseenBelowScreen == rhs.unseenBelowScreen && lhs.startRetry == rhs.startRetry
        && lhs.endRetry == rhs.endRetry && lhs.reloadRetry == rhs.reloadRetry && lhs.isOffline == rhs.isOffline
        && contextsEqual(lhs.context, rhs.context)
    }
  }

  /// The state's token: a view that reads the whole list is updated when any part of it changes,
  /// and the store keeps no copy of its elements to find out.
  public var changeToken: ChangeToken {
    ChangeToken(
      context: context, selection: selection, elements: elements.changeToken, pages: pages.changeToken,
      startStatus: startStatus, endStatus: endStatus, reloadStatus: reloadStatus, pendingSelection: pendingSelection,
      lastVisible: lastVisible, unseenAtStart: unseenAtStart, unseenAtEnd: unseenAtEnd,
      unseenAboveScreen: unseenAboveScreen, unseenBelowScreen: unseenBelowScreen,
      startRetry: startRetry, endRetry: endRetry, reloadRetry: reloadRetry, isOffline: isOffline)
  }
}
