/// The request of a load that needs no input: `LoadableState<EmptyLoadRequest, Value>`, started
/// with `.load`.
public struct EmptyLoadRequest: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The only value.
  public init() {}

  /// `EmptyLoadRequest()`.
  public var description: String { "EmptyLoadRequest()" }
}
