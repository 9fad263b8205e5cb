/// The action type of a feature that can retry whatever failed in it: it has a `retryFailed` case,
/// which an enum's `case retryFailed` provides.
///
/// When the feature that runs on a loaded value has such an action type, ``LoadingAction/retry``
/// of a loadable state whose own load did not fail sends the feature its `retryFailed`: one retry
/// button covers a failed first load and whatever failed in the loaded list.
///
/// ```swift
/// extension MyList.Action: RetryableAction {}  // MyList.Action has `case retryFailed`
/// ```
public protocol RetryableAction {
  /// The action that retries every failed load of the feature, each once; nothing when none failed.
  static var retryFailed: Self { get }
}
