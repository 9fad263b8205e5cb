import Pageflow
import PageflowSwiftUI
import SwiftUI

#if canImport(FeedAppModel)
  import FeedAppModel
#endif

/// The screen: a filter picker over the feed. The filter's task opens the list in that filter (at
/// the place saved for it, else at the newest posts), and cancels what the last filter still
/// loaded when the picker changes it; a second task posts a new post every few seconds.
struct FeedView: View {
  let store: StoreOf<FeedScreen>
  let source: LocalFeedSource

  var body: some View {
    NavigationStack {
      VStack(spacing: 0) {
        Picker("Show", selection: store.binding(\.filter, send: FeedScreen.Action.filterPicked)) {
          ForEach(FeedFilter.allCases, id: \.self) { Text($0.rawValue) }
        }
        FeedList(list: store.scope(state: \.list, action: FeedScreen.Action.list)) {
          store.send(.scrollSettled)
        }
      }
      .navigationTitle("Feed")
    }
    .task(id: store.filter) { @MainActor [store] in
      await store.send(.shown(store.filter)).finish()
    }
    .task { @MainActor [store, source] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(4))
        store.send(.posted(await source.post()))
      }
    }
  }
}

/// The list: the posts between their two footers, in a lazy stack. The scroll view's position is
/// the row the list keeps (a restore, a jump, the pill move it; pages arriving above keep it), a
/// fling tells the list where it lands, and pulling down refreshes in place.
struct FeedList: View {
  let list: StoreOf<PaginationFeature<FeedPost>>
  let settled: @MainActor () -> Void
  @State private var rows = RowMeasurements<FeedPost>(estimatedRowExtent: 64)

  var body: some View {
    ScrollView {
      LazyVStack(alignment: .leading, spacing: 0) {
        PaginationLoadMore(list, .top)
        ForEach(list.elements) { post in
          PostRow(post: post).measuredRow(post.id, in: rows)
        }
        PaginationLoadMore(list, .bottom)
      }
      .scrollTargetLayout()
    }
    .scrollPosition(id: list.scrollPosition())
    .scrollTargetBehavior(PaginationScrollTargetBehavior(list, rows: rows))
    .loadingLandings(of: list, rows: rows)
    .onScrollPhaseChange { _, phase in
      if phase == .idle { settled() }  // where the user stopped: the place to open at the next launch
    }
    .refreshable { @MainActor [list] in
      await list.send(.refresh).finish()
    }
    .overlay(alignment: .top) {
      NewPostsPill(list: list)
    }
  }
}

/// "↑ 3 new posts": the posts that arrived above the row on screen; tapping it opens the top.
struct NewPostsPill: View {
  let list: StoreOf<PaginationFeature<FeedPost>>

  var body: some View {
    let unseen = list.unseenAboveScreen
    if unseen > 0 {
      Button("↑ \(unseen) new posts") { list.send(.jump(to: .start)) }
    }
  }
}

/// A post: who wrote it, and what.
struct PostRow: View {
  let post: FeedPost

  var body: some View {
    VStack(alignment: .leading) {
      Text(post.author)
      Text(post.text)
    }
  }
}
