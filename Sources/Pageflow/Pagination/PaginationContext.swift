/// Data that travels with every page request but does not change while paging: a result-set id, a
/// filter, a total count. Conform a struct of your own and set it as the state's `context`.
///
/// ```swift
/// struct Search: PaginationContext { var query: String }
/// let search = try request.context(as: Search.self)
/// ```
public protocol PaginationContext: Equatable, Sendable {}

/// The context of a list that needs none: `.none`.
public struct NoPaginationContext: PaginationContext, Codable, CustomStringConvertible {
  /// The only value.
  public static let none = NoPaginationContext()

  /// `.none`.
  public var description: String { ".none" }
}

extension PaginationContext where Self == NoPaginationContext {
  /// No context.
  public static var none: NoPaginationContext { NoPaginationContext() }
}

/// Whether two contexts are of the same type and equal. Two `.none` contexts (every answer to a
/// list without a context is checked against its request) are told equal by their types alone,
/// without the dynamic cast that comparing values of an unknown type takes.
@usableFromInline
func contextsEqual(_ lhs: any PaginationContext, _ rhs: any PaginationContext) -> Bool {
  guard type(of: lhs) == type(of: rhs) else { return false }
  if type(of: lhs) == NoPaginationContext.self { return true }
  func isEqual<Context: PaginationContext>(_ lhs: Context) -> Bool {
    (rhs as? Context) == lhs
  }
  return isEqual(lhs)
}

/// Reads `context` as `Context`, or throws ``PaginationError/contextTypeMismatch(expected:actual:)``.
func cast<Context: PaginationContext>(_ context: any PaginationContext, as type: Context.Type) throws -> Context {
  guard let context = context as? Context else {
    throw PaginationError.contextTypeMismatch(
      expected: String(describing: Context.self), actual: String(describing: Swift.type(of: context)))
  }
  return context
}
