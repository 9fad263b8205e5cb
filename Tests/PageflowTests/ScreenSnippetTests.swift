import Pageflow
import PageflowTesting
import Testing

#if canImport(SwiftUI)
  import PageflowSwiftUI
  import SwiftUI
#endif

// The code of every snippet in Documentation/BuildingAScreen.md, compiled and run (the SwiftUI
// views where SwiftUI exists); ArticleSnippetTests checks that the article shows it as written.

/// Which posts a channel shows.
enum DocChannelFilter: String, PaginationContext, CaseIterable {
  case all
  case liked
}

/// A post of a channel, with a state of its own: whether the user likes it.
struct DocPost: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String
  var isLiked = false
}

/// What the channel asks its server: a page of posts, and to save a like.
struct DocChannelAPI: Sendable {
  var page: @Sendable (PageRequest) async throws -> Page<DocPost>
  var saveLike: @Sendable (_ post: Int, _ isLiked: Bool) async throws -> Void
}

/// A post's row: a like shows at once, and is saved on the server.
struct DocPostRow: Reducer {
  typealias State = DocPost

  enum Action: Equatable, Sendable {
    case likeTapped
    case likeSaved
  }

  let api: DocChannelAPI

  var body: some ReducerOf<Self> {
    Reduce { post, action in
      switch action {
      case .likeTapped:
        post.isLiked.toggle()
        let (id, isLiked) = (post.id, post.isLiked)
        return .run { send in
          try await api.saveLike(id, isLiked)
          send(.likeSaved)
        }
      case .likeSaved:
        return .none
      }
    }
  }
}

/// A channel screen: a filter, the posts loaded for it (a bounded window), a row feature per post.
struct DocChannel: Reducer {
  struct State: Equatable, Sendable {
    @LoadableStateWith<DocChannelFilter, PaginationFeature<DocPost>.State> var posts

    /// The filter the list shows: the request it was loaded for, or the filter it switched to.
    var filter: DocChannelFilter { $posts.request ?? .all }
  }

  enum Action: Equatable, Sendable {
    case posts(LoadingActionOf<DocChannelFilter, PaginationFeature<DocPost>>)
    case rows(IdentifiedActionOf<DocPostRow>)
    case filterPicked(DocChannelFilter)
  }

  let api: DocChannelAPI

  var body: some ReducerOf<Self> {
    CombineReducers {
      Reduce { state, action in
        guard case .filterPicked(let filter) = action else { return .none }
        // A loaded list switches its own filter (keeping its settings); before that, load it.
        return state.posts == nil ? .send(.posts(.load(filter))) : .send(.posts(.loaded(.reset(context: filter))))
      }
      .loadable(\.$posts, action: Action.posts) {
        PaginationFeature<DocPost>(maxElements: 200) { request in try await api.page(request) }
      } load: { filter, _ in
        let page = try await api.page(PageRequest(.first, context: filter))
        return PaginationFeature<DocPost>.State(
          context: filter, selection: page.elements.first?.id ?? 0, next: page.next, elements: page.elements)
      }
    }
    .forEach(\.posts, elements: \.elements, action: Action.rows) { DocPostRow(api: api) }
  }
}

#if canImport(SwiftUI)
  /// The channel screen: a filter picker, the list, a spinner for the first load, and its error with
  /// a retry button.
  struct DocChannelView: View {
    let store: StoreOf<DocChannel>

    var body: some View {
      NavigationStack {
        content
          .toolbar {
            Picker("Show", selection: store.binding(\.filter, send: DocChannel.Action.filterPicked)) {
              ForEach(DocChannelFilter.allCases, id: \.self) { Text($0.rawValue) }
            }
          }
      }
      .task { store.send(.posts(.load(.all))) }
    }

    @ViewBuilder private var content: some View {
      if let list = store.scope(state: \.posts, action: { .posts(.loaded($0)) }) {
        DocPostList(list: list, rows: store.scope(state: \.posts?.elements, action: DocChannel.Action.rows))
          .refreshable { await store.send(.posts(.refresh)).finish() }
      } else if let error = store.read(\.$posts.error) {
        VStack {
          Text(error.description)
          Button("Retry") { store.send(.posts(.retry)) }
        }
      } else {
        ProgressView()
      }
    }
  }

  /// The rows, the footer that loads more, and a spinner while the list refreshes.
  struct DocPostList: View {
    let list: StoreOf<PaginationFeature<DocPost>>
    let rows: ScopedElements<DocChannel.State, DocChannel.Action, DocPost, DocPostRow.Action>

    var body: some View {
      List {
        ForEach(rows) { row in
          DocPostRowView(store: row).onAppear { list.send(.elementAppeared(row.id)) }
        }
        PaginationLoadMore(list, .bottom)
      }
      .overlay(alignment: .top) {
        if list.isRefreshing { ProgressView() }
      }
    }
  }

  /// One post: its text and its like button.
  struct DocPostRowView: View {
    let store: StoreOf<DocPostRow>

    var body: some View {
      HStack {
        Text(store.text)
        Spacer()
        Button(store.isLiked ? "Liked" : "Like") { store.send(.likeTapped) }
      }
    }
  }
#endif

/// A server of 1,000 posts in pages of 20, the odd ones liked; "liked" shows those. `saveLike`
/// answers at once.
struct DocChannelServer: Sendable {
  func page(_ request: PageRequest) -> Page<DocPost> {
    let likedOnly = (request.context as? DocChannelFilter) == .liked
    let ids = (0..<1_000).filter { !likedOnly || !$0.isMultiple(of: 2) }
    let start = request.cursor.flatMap { Int($0.rawValue) } ?? 0
    let slice = ids.drop { $0 < start }.prefix(20)
    let next = ids.first { $0 > (slice.last ?? .max) }
    return Page(
      next: next.map { PaginationCursor(String($0)) },
      elements: slice.map { DocPost(id: $0, text: "post \($0)", isLiked: !$0.isMultiple(of: 2)) })
  }

  var api: DocChannelAPI {
    DocChannelAPI(page: { page($0) }, saveLike: { _, _ in })
  }
}

@MainActor
struct ScreenSnippetTests {
  /// The same screen, headless: each view of the article is a reader of exactly what its body
  /// reads, redrawn (read again) after each action that invalidated it, as SwiftUI would.
  @Test func eachViewOfTheScreenIsRedrawnOnlyWhenWhatItShowsChanges() async {
    let store = Store(initialState: DocChannel.State()) { DocChannel(api: DocChannelServer().api) }
    await store.send(.posts(.load(.all))).finish()
    guard let list = store.scope(state: \.posts, action: { .posts(.loaded($0)) }) else {
      Issue.record("the list did not load")
      return
    }
    let rows = store.scope(state: \.posts?.elements, action: DocChannel.Action.rows)
    let firstRow = rows[0]
    let screen = Invalidations {
      _ = store.filter
      _ = store.scope(state: \.posts, action: { .posts(.loaded($0)) })
    }
    let rowList = Invalidations { _ = store.scope(state: \.posts?.elements, action: DocChannel.Action.rows) }
    let spinner = Invalidations { _ = list.isRefreshing }
    let footer = Invalidations { _ = list.loadMore(.bottom) }
    let row = Invalidations {
      _ = firstRow.text
      _ = firstRow.isLiked
    }
    let views = [screen, rowList, spinner, footer, row]
    func send(_ task: StoreTask) async {
      await task.finish()
      for view in views { view.redraw() }
    }

    for id in 0..<100 { await send(list.send(.elementAppeared(id))) }  // six pages arrive, one ahead
    #expect(store.posts?.elements.count == 140)
    #expect((screen.count, rowList.count, spinner.count, row.count) == (0, 6, 0, 0))
    #expect(footer.count == 6)

    await send(rows[5].send(.likeTapped))  // another row: the first row is not redrawn
    #expect((screen.count, rowList.count, spinner.count, row.count) == (0, 7, 0, 0))
    await send(firstRow.send(.likeTapped))
    #expect(row.count == 1)
    #expect(store.posts?.elements[id: 0]?.isLiked == true)

    await send(store.send(.filterPicked(.liked)))  // the picker and the list change; the spinner showed
    #expect(store.filter == .liked)
    #expect(screen.count == 1)
    #expect(store.posts?.elements.first?.id == 1)
  }

  /// The same screen driven exhaustively by a test store: the first load fails, the retry button
  /// loads it, a like is saved, and the filter switches the list.
  @Test func theScreenLoadsRetriesLikesAndFilters() async {
    let loader = ControllablePageLoader<DocPost>()
    let server = DocChannelServer()
    let api = DocChannelAPI(page: loader.loadPage, saveLike: { _, _ in })
    let store = TestStore(initialState: DocChannel.State()) { DocChannel(api: api) }
    struct Offline: Error {}
    let first = PageRequest(.first, context: DocChannelFilter.all)
    await store.send(.posts(.load(.all))) { $0.$posts.becomeActive(.all) }
    loader.fail(first, with: Offline())
    await store.receive(.posts(.finished(.all, didRefresh: false, .failure(LoadError(Offline()))))) {
      $0.$posts.finish(.all, result: .failure(LoadError(Offline())))
    }
    #expect(store.state.$posts.error == LoadError(Offline()))  // the screen shows the retry button

    await store.send(.posts(.retry)) { $0.$posts.becomeActive(.all) }
    loader.respond(to: first, with: server.page(first))
    let loaded = PaginationFeature<DocPost>.State(
      context: DocChannelFilter.all, selection: 0, next: "20", elements: server.page(first).elements)
    await store.receive(.posts(.finished(.all, didRefresh: false, .success(loaded)))) {
      $0.$posts.finish(.all, result: .success(loaded))
    }

    await store.send(.rows(.element(id: 0, action: .likeTapped))) {
      $0.posts?.elements = IdentifiedElements(
        [DocPost(id: 0, text: "post 0", isLiked: true)] + loaded.elements.dropFirst())
    }
    await store.receive(.rows(.element(id: 0, action: .likeSaved)))

    store.exhaustivity = .off
    await store.send(.filterPicked(.liked))
    await store.receive(.posts(.loaded(.reset(context: DocChannelFilter.liked))))
    let liked = PageRequest(.first, context: DocChannelFilter.liked)
    loader.respond(to: liked, with: server.page(liked))
    await store.receive(case: DocChannel.Action.posts)
    store.skipReceivedActions()
    #expect(store.state.filter == .liked)
    #expect(store.state.posts?.elements.first?.id == 1)
  }
}
