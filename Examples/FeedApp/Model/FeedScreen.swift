import Foundation
import Pageflow

/// The feed screen's state and its reducer: a filter, the list of its posts (newest at the top,
/// loading older posts below and newer ones above, bounded to `maxElements`), posts that arrive
/// while the user reads (counted in the "new posts" pill), and the user's place, saved when the
/// scroll comes to rest and opened again at the next launch, in the filter the user left.
public struct FeedScreen: Reducer {
  public struct State: Equatable, Sendable {
    /// The filter the picker shows.
    public var filter: FeedFilter = .all
    /// The posts of `filter`.
    public var list: PaginationFeature<FeedPost>.State = .notLoaded(context: FeedFilter.all, selection: 0)

    /// A screen that has loaded nothing yet.
    public init() {}
  }

  public enum Action: Sendable {
    /// The screen shows `filter`: on appearing (a launch), and when the picker changes it. The list
    /// opens at the place saved for it, else at the newest posts; a list already showing that
    /// filter stays as it is.
    case shown(FeedFilter)
    /// The user picked a filter.
    case filterPicked(FeedFilter)
    /// A post arrived (a push, a socket): at the top of the feed.
    case posted(FeedPost)
    /// The scroll came to rest: the place is saved.
    case scrollSettled
    /// The list.
    case list(PaginationFeature<FeedPost>.Action)
  }

  /// Where the user's place is kept between launches.
  public struct Places: Sendable {
    /// The place saved, if any.
    public var load: @Sendable () -> PaginationFeature<FeedPost>.Place?
    /// Saves a place.
    public var save: @Sendable (PaginationFeature<FeedPost>.Place) -> Void

    /// Places kept by `load` and `save`.
    public init(
      load: @escaping @Sendable () -> PaginationFeature<FeedPost>.Place?,
      save: @escaping @Sendable (PaginationFeature<FeedPost>.Place) -> Void
    ) {
      self.load = load
      self.save = save
    }

    /// Places kept in `defaults` under `key`, as JSON.
    public static func userDefaults(_ key: String = "feed.place") -> Places {
      Places(
        load: {
          UserDefaults.standard.data(forKey: key).flatMap {
            try? JSONDecoder().decode(PaginationFeature<FeedPost>.Place.self, from: $0)
          }
        },
        save: { place in
          if let data = try? JSONEncoder().encode(place) { UserDefaults.standard.set(data, forKey: key) }
        })
    }
  }

  let source: LocalFeedSource
  let places: Places

  /// The screen over `source`, keeping the user's place in `places`.
  public init(source: LocalFeedSource, places: Places) {
    self.source = source
    self.places = places
  }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .shown(let filter):
        state.filter = filter
        let list = state.list
        if list.context as? FeedFilter == filter, !list.pages.isEmpty || list.isRefreshing { return .none }
        if let place = places.load(), (try? place.context(as: FeedFilter.self)) == filter {
          return .send(.list(.restore(place)))
        }
        return .send(.list(.reset(context: filter)))
      case .filterPicked(let filter):
        state.filter = filter
        return .none  // the view's task, keyed by the filter, sends `.shown`
      case .posted(let post):
        guard state.filter.shows(post) else { return .none }
        return .send(.list(.insert(post, at: .top)))
      case .scrollSettled:
        guard let place = state.list.place else { return .none }
        return .run { [places] _ in places.save(place) }
      case .list:
        return .none
      }
    }
    Scope(state: \.list, action: Action.list) {
      PaginationFeature<FeedPost>(
        maxElements: 600, offsetCursor: { id, rows in PaginationCursor("\(id)+\(rows)") }
      ) { [source] request in
        try await source.page(for: request)
      }
    }
  }
}
