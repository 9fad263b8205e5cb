/// The action type of a feature that can reload itself from its own, current state (its filter,
/// its place): it has a `refresh` case, which an enum's `case refresh` provides.
///
/// When the feature that runs on a loaded value has such an action type, ``LoadingAction/refresh``
/// sends the feature its `refresh` instead of loading the stored request again: a list that
/// changed its own filter reloads that filter, not the one it was first loaded with.
///
/// ```swift
/// extension MyList.Action: RefreshableAction {}  // MyList.Action has `case refresh`
/// ```
public protocol RefreshableAction {
  /// The action that reloads the feature from its current state.
  static var refresh: Self { get }
}
