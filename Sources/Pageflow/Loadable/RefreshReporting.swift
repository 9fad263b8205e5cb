/// A loaded value that says whether it is refreshing itself, so that
/// ``LoadableState/isRefreshing`` covers both refreshes: the loadable state's own and the
/// value's (see ``RefreshableAction``).
///
/// ```swift
/// extension MyList.State: RefreshReporting {}  // MyList.State has `var isRefreshing: Bool`
/// ```
public protocol RefreshReporting {
  /// Whether a refresh of the value is in flight, its old content still shown.
  var isRefreshing: Bool { get }
}
