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

/// Whether two contexts are of the same type and equal.
@usableFromInline
func contextsEqual(_ lhs: any PaginationContext, _ rhs: any PaginationContext) -> Bool {
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
