/// A loaded value that says what it loads with now, its context, so that the request of the
/// ``LoadableState`` holding it follows: a list that switched its own filter.
///
/// When the value's context is of the loadable state's request type, every success of the state
/// names that context: after a list resets itself to another filter, `$list.request` names the new
/// filter, so a screen reads its filter from one place and keeps no copy of its own.
/// ``PaginationFeature/State`` reports its ``PaginationFeature/State/context``.
///
/// ```swift
/// extension MyList.State: ContextReporting {}  // MyList.State has `var context: Filter`
/// ```
public protocol ContextReporting {
  /// What the value loads with; a loadable state whose request is of this type follows it.
  associatedtype Context
  /// What the value loads with now.
  var context: Context { get }
}
