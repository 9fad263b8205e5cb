import Pageflow
import PageflowTesting

/// A mail of an inbox: its own `isLiked` state, changed by its row's feature.
struct Mail: Identifiable, Equatable, Sendable {
  var id: Int
  var isLiked = false

  init(_ id: Int, isLiked: Bool = false) {
    self.id = id
    self.isLiked = isLiked
  }
}

/// One row of the inbox: liking a mail marks it and tells the server, which answers a second later on
/// `clock` (the test moves it on, or not).
struct MailRow: Reducer {
  typealias State = Mail

  enum Action: Equatable, Sendable {
    case like
    case liked
  }

  let clock: TestClock

  var body: some ReducerOf<Self> {
    Reduce { mail, action in
      switch action {
      case .like:
        mail.isLiked = true
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          send(.liked)
        }
      case .liked:
        return .none
      }
    }
  }
}

/// An inbox: a paginated list of mails, each row a feature of its own, and a title.
struct Inbox: Reducer {
  struct State: Equatable, Sendable {
    var list: PaginationFeature<Mail>.State
    var title = "Inbox"
  }

  enum Action: Equatable, Sendable {
    case list(PaginationFeature<Mail>.Action)
    case rows(IdentifiedActionOf<MailRow>)
    case rename(String)
  }

  let clock: TestClock
  var maxElements: Int?
  let loadPage: PaginationFeature<Mail>.LoadPage

  var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.list, action: Action.list) {
        PaginationFeature<Mail>(prefetchDistance: 1, maxElements: maxElements, loadPage: loadPage)
      }
      Reduce { state, action in
        if case .rename(let title) = action { state.title = title }
        return .none
      }
    }
    .forEach(\.list.elements, action: Action.rows) { MailRow(clock: clock) }
  }

  /// Pages of three mails over ids `0..<30`, named `"page-k"`.
  static func page(_ number: Int) -> Page<Mail> {
    Page(
      previous: number > 0 ? PaginationCursor("page-\(number - 1)") : nil,
      next: number < 9 ? PaginationCursor("page-\(number + 1)") : nil,
      elements: (number * 3..<(number + 1) * 3).map { Mail($0) })
  }

  /// An inbox showing page 0.
  static var firstPage: State {
    let page = page(0)
    return State(list: PaginationFeature<Mail>.State(selection: 0, next: page.next, elements: page.elements))
  }
}
