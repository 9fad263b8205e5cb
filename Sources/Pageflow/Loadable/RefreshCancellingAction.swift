/// The action type of a feature that refreshes itself (``RefreshableAction``) and can stop that
/// refresh: it has a `cancelRefresh` case, which an enum's `case cancelRefresh` provides.
///
/// When the feature that runs on a loaded value has such an action type and reports a refresh in
/// flight (``RefreshReporting``), ``LoadingAction/cancel`` reaches it: the feature gets its
/// `cancelRefresh`, so a refresh that `.refresh` handed to it stops like the loadable state's own.
///
/// ```swift
/// extension MyList.Action: RefreshCancellingAction {}  // `case refresh` and `case cancelRefresh`
/// ```
public protocol RefreshCancellingAction: RefreshableAction {
  /// The action that cancels the feature's refresh in flight, leaving its content as it was.
  static var cancelRefresh: Self { get }
}
