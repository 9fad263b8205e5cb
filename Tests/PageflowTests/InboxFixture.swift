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

/// The mail server: which mails were liked, as the rows' writes told it.
final class MailServer: Sendable {
  private let liked = Lock<Set<Int>>([])

  /// Records that the mail `id` was liked.
  func like(_ id: Int) { liked.withLock { _ = $0.insert(id) } }

  /// Whether the mail `id` was liked.
  func isLiked(_ id: Int) -> Bool { liked.withLock { $0.contains(id) } }
}

/// One row of the inbox: liking a mail marks it and tells the server, which hears of it a second
/// later on `clock` (the test moves it on, or not). A preview loads only while the row is in memory.
struct MailRow: Reducer {
  typealias State = Mail

  enum Action: Equatable, Sendable {
    case like
    case liked
    case loadPreview
    case previewLoaded
  }

  let clock: TestClock
  var server: MailServer?

  var body: some ReducerOf<Self> {
    Reduce { mail, action in
      switch action {
      case .like:
        mail.isLiked = true
        let (id, server) = (mail.id, self.server)
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          server?.like(id)
          send(.liked)
        }
      case .loadPreview:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          send(.previewLoaded)
        }
        .cancelledOnEviction()
      case .liked, .previewLoaded:
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
    /// Takes the mail out of the list's elements directly (its pages are not told).
    case forget(Int)
    /// Takes the mail out of the list's elements and marks the next one liked, in one action.
    case forgetAndMarkNext(Int)
    /// Takes the mails out of the list's elements at once (`removeAll(where:)`).
    case forgetAll([Int])
  }

  let clock: TestClock
  var maxElements: Int?
  var server: MailServer?
  let loadPage: PaginationFeature<Mail>.LoadPage

  var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.list, action: Action.list) {
        PaginationFeature<Mail>(prefetchDistance: 1, maxElements: maxElements, loadPage: loadPage)
      }
      Reduce { state, action in
        switch action {
        case .rename(let title): state.title = title
        case .forget(let id): state.list.elements[id: id] = nil
        case .forgetAll(let ids): state.list.elements.removeAll { ids.contains($0.id) }
        case .forgetAndMarkNext(let id):
          state.list.elements[id: id] = nil
          state.list.elements[id: id + 1]?.isLiked = true
        case .list, .rows: break
        }
        return .none
      }
    }
    .forEach(\.list.elements, action: Action.rows) { MailRow(clock: clock, server: server) }
  }

  /// Pages of three mails over ids `0..<30`, named `"page-k"`, liked as `server` says.
  static func page(_ number: Int, server: MailServer? = nil) -> Page<Mail> {
    Page(
      previous: number > 0 ? PaginationCursor("page-\(number - 1)") : nil,
      next: number < 9 ? PaginationCursor("page-\(number + 1)") : nil,
      elements: (number * 3..<(number + 1) * 3).map { Mail($0, isLiked: server?.isLiked($0) ?? false) })
  }

  /// An inbox showing page 0.
  static var firstPage: State {
    let page = page(0)
    return State(list: PaginationFeature<Mail>.State(selection: 0, next: page.next, elements: page.elements))
  }
}
