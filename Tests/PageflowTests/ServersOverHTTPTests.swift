import Foundation
import Pageflow
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An entry's place in the list: by `created`, then by id.
struct DocEntryKey: Codable, Comparable, Sendable {
  var created: Int
  var id: Int

  init(created: Int, id: Int) { (self.created, self.id) = (created, id) }
  init(_ entry: DocEntry) { self.init(created: entry.created, id: entry.id) }

  static func < (a: Self, b: Self) -> Bool { (a.created, a.id) < (b.created, b.id) }
}

/// The Relay query, with the connection's arguments as its variables.
struct DocGraphQLRequest: Encodable {
  var query = """
    query Posts($first: Int, $after: String, $last: Int, $before: String) {
      posts(first: $first, after: $after, last: $last, before: $before) {
        edges { cursor node { id created text } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }
    """
  var variables: RelayPages.Arguments
}

/// The Relay query's answer.
struct DocEntriesAnswer: Decodable {
  struct Posts: Decodable { var posts: RelayConnection<DocEntry> }
  var data: Posts
}

/// The offset API's answer.
struct DocSearchAnswer: Decodable {
  var items: [DocEntry]
  var total: Int
}

extension KeysetPages<DocEntry, DocEntryKey>.Query {
  /// The query as the keyset API's parameters: `rows=after&created=12&id=37&limit=20`.
  var parameters: [URLQueryItem] {
    let (rows, key): (String, DocEntryKey?) =
      switch self.rows {
      case .first: ("first", nil)
      case .last: ("last", nil)
      case .after(let key): ("after", key)
      case .before(let key): ("before", key)
      case .from(let key): ("from", key)
      }
    let bound = key.map {
      [URLQueryItem(name: "created", value: "\($0.created)"), URLQueryItem(name: "id", value: "\($0.id)")]
    }
    return [URLQueryItem(name: "rows", value: rows), URLQueryItem(name: "limit", value: "\(limit)")] + (bound ?? [])
  }
}

/// A loader built with each page builder runs against a real HTTP server on the loopback interface
/// (python3's `http.server`, see `LoopbackServer`) through URLSession: it pages down and up, jumps
/// into the middle and to the end, and refreshes in place, and the window holds the right rows each
/// time. Skipped, saying why, where python3 is not installed.
@MainActor
@Suite(.enabled(if: LoopbackServer.python3 != nil, "python3 is not on the PATH: the HTTP check needs its http.server"))
struct ServersOverHTTPTests {
  func linkFeature(_ base: URL) -> PaginationFeature<DocEntry> {
    let entries = LinkHeaderPages(
      first: base.appending(path: "link"), pageSize: "per_page", pageNumber: "page", around: "around")
    let feature = PaginationFeature<DocEntry> { request in
      try await entries.load(request) { url in
        let (data, response) = try await URLSession.shared.data(from: url)
        let link = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Link")
        return (try JSONDecoder().decode([DocEntry].self, from: data), link)
      }
    }
    return feature
  }

  func relayFeature(_ base: URL) -> PaginationFeature<DocEntry> {
    let entries = RelayPages(pageSize: 20)
    var feature = PaginationFeature<DocEntry> { request in
      try await entries.load(request) { arguments in
        var post = URLRequest(url: base.appending(path: "graphql"))
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.httpBody = try JSONEncoder().encode(DocGraphQLRequest(variables: arguments))
        let (data, _) = try await URLSession.shared.data(for: post)
        return try JSONDecoder().decode(DocEntriesAnswer.self, from: data).data.posts
      }
    }
    // A jump names its element by its edge cursor: this server's is base64 of "post:<id>".
    feature.anchorCursor = { id in PaginationCursor(Data("post:\(id)".utf8).base64EncodedString()) }
    return feature
  }

  func offsetFeature(_ base: URL) -> PaginationFeature<DocEntry> {
    let search = OffsetPages(pageSize: 20)
    var feature = PaginationFeature<DocEntry> { request in
      try await search.load(request) { query in
        let url = base.appending(path: "offset").appending(queryItems: [
          URLQueryItem(name: "offset", value: "\(query.offset)"), URLQueryItem(name: "limit", value: "\(query.limit)"),
        ])
        let (data, _) = try await URLSession.shared.data(from: url)
        let answer = try JSONDecoder().decode(DocSearchAnswer.self, from: data)
        return (answer.items, answer.total)
      }
    }
    feature.anchorCursor = { id in OffsetPages.cursor(offset: id) }  // here an entry's id is its offset
    return feature
  }

  func keysetFeature(_ base: URL) -> PaginationFeature<DocEntry> {
    let entries = KeysetPages<DocEntry, DocEntryKey>(pageSize: 20) { entry in DocEntryKey(entry) }
    var feature = PaginationFeature<DocEntry> { request in
      try await entries.load(request) { query in
        let url = base.appending(path: "keyset").appending(queryItems: query.parameters)
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONDecoder().decode([DocEntry].self, from: data)
      }
    }
    // A jump names its element by its key: here `created` is `id / 3`.
    feature.anchorCursor = { id in (try? PaginationCursor(key: DocEntryKey(created: id / 3, id: id))) ?? "\(id)" }
    return feature
  }

  @Test(arguments: ["link", "relay", "offset", "keyset"])
  func aLoaderOverEachShapePagesBothWaysJumpsAndRefreshesOverHTTP(shape: String) async throws {
    try await LoopbackServer.serving { base in
      let feature =
        switch shape {
        case "link": linkFeature(base)
        case "relay": relayFeature(base)
        case "offset": offsetFeature(base)
        default: keysetFeature(base)
        }
      await pagesBothWaysJumpsAndRefreshes(feature, shape: shape)
    }
  }

  /// Pages down, jumps into the middle and pages both ways, refreshes, jumps to the end and pages
  /// up, checking the window each time.
  func pagesBothWaysJumpsAndRefreshes(_ feature: PaginationFeature<DocEntry>, shape: String) async {
    let store = Store(initialState: PaginationFeature<DocEntry>.State.notLoaded(selection: 0)) { feature }
    let ids = { store.state.elements.map(\.id) }
    /// The window holds `range` exactly, in order; every row decoded whole.
    func holds(_ range: ClosedRange<Int>) -> Bool {
      ids() == Array(range) && store.state.elements.allSatisfy { $0 == DocEntry($0.id) }
    }

    await store.send(.loadPage(.bottom)).finish()
    await store.send(.loadPage(.bottom)).finish()
    #expect(holds(0...39), "\(shape): \(ids())")
    #expect(store.state.startStatus == .endReached(.noMoreCursor))

    await store.send(.jump(to: .element(500))).finish()
    let jumped = ids()
    #expect(store.state.selection == 500)
    #expect(jumped.contains(500) && jumped.count >= 20 && holds((jumped.first ?? 0)...(jumped.last ?? 0)))
    await store.send(.loadPage(.top)).finish()
    await store.send(.loadPage(.bottom)).finish()
    #expect(holds(((jumped.first ?? 0) - 20)...((jumped.last ?? 0) + 20)), "\(shape): \(ids())")

    await store.send(.refresh).finish()
    #expect(store.state.reloadStatus == .idle && store.state.selection == 500)
    #expect(ids().contains(500) && holds((ids().first ?? 0)...(ids().last ?? 0)), "\(shape): \(ids())")

    await store.send(.jump(to: .end)).finish()
    await store.send(.loadPage(.top)).finish()
    #expect(holds(960...999), "\(shape): \(ids())")
    #expect(store.state.endStatus == .endReached(.noMoreCursor))
  }
}
