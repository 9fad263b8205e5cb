/// A page of a GraphQL connection in the shape of Relay's cursor connections specification, as
/// the server sends it: `edges` (each a `node` and its `cursor`) and `pageInfo`.
///
/// ```json
/// { "edges": [ { "cursor": "YzE=", "node": { "id": 1, "text": "…" } } ],
///   "pageInfo": { "hasNextPage": true, "hasPreviousPage": false, "startCursor": "YzE=", "endCursor": "YzE=" } }
/// ```
///
/// Decoding is lenient where schemas are: a null `edges`, null edges and edges with a null `node`
/// (a node the viewer may not see) are skipped; a null `cursor` is allowed, and so are null page
/// cursors (``RelayPages`` then takes the edges' own). ``RelayPages`` turns it into a ``Page``.
public struct RelayConnection<Node: Decodable>: Decodable {
  /// One edge: a node and the cursor that names its place in the list.
  public struct Edge: Decodable {
    /// The element.
    public var node: Node
    /// The cursor of this node's place, if the server sent one.
    public var cursor: String?

    /// An edge holding `node` at `cursor`.
    public init(node: Node, cursor: String?) {
      self.node = node
      self.cursor = cursor
    }
  }

  /// The connection's `pageInfo`: whether more lies beyond each end of this page, and the cursors of
  /// its first and last edges.
  ///
  /// The specification requires `hasNextPage` to be exact only when paging forward (`first`,
  /// `after`) and `hasPreviousPage` only when paging backward (`last`, `before`): the other may be
  /// false when more is there.
  public struct PageInfo: Decodable, Hashable, Sendable {
    /// Whether edges follow this page (exact when paging forward).
    public var hasNextPage: Bool
    /// Whether edges precede this page (exact when paging backward).
    public var hasPreviousPage: Bool
    /// The cursor of the first edge, or nil.
    public var startCursor: String?
    /// The cursor of the last edge, or nil.
    public var endCursor: String?

    /// Page info with these fields.
    public init(hasNextPage: Bool, hasPreviousPage: Bool, startCursor: String?, endCursor: String?) {
      self.hasNextPage = hasNextPage
      self.hasPreviousPage = hasPreviousPage
      self.startCursor = startCursor
      self.endCursor = endCursor
    }
  }

  /// The edges, in list order (for `last`/`before` too: the specification keeps the order).
  public var edges: [Edge]
  /// Where this page lies.
  public var pageInfo: PageInfo

  /// A connection of `edges` with `pageInfo`.
  public init(edges: [Edge], pageInfo: PageInfo) {
    self.edges = edges
    self.pageInfo = pageInfo
  }

  /// The nodes, in list order.
  public var nodes: [Node] { edges.map(\.node) }

  private enum CodingKeys: String, CodingKey { case edges, pageInfo }
  private enum EdgeKeys: String, CodingKey { case node, cursor }

  /// Decodes `edges` (skipping null edges and null nodes) and `pageInfo`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    pageInfo = try container.decode(PageInfo.self, forKey: .pageInfo)
    var edges: [Edge] = []
    if container.contains(.edges), try !container.decodeNil(forKey: .edges) {
      var list = try container.nestedUnkeyedContainer(forKey: .edges)
      while !list.isAtEnd {
        if try list.decodeNil() { continue }
        let edge = try list.nestedContainer(keyedBy: EdgeKeys.self)
        guard let node = try edge.decodeIfPresent(Node.self, forKey: .node) else { continue }
        edges.append(Edge(node: node, cursor: try edge.decodeIfPresent(String.self, forKey: .cursor)))
      }
    }
    self.edges = edges
  }
}

extension RelayConnection: Sendable where Node: Sendable {}
extension RelayConnection.Edge: Sendable where Node: Sendable {}
extension RelayConnection: Equatable where Node: Equatable {}
extension RelayConnection.Edge: Equatable where Node: Equatable {}
