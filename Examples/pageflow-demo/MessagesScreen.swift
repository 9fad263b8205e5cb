import Pageflow

/// The demo's screen: a channel whose first page loads with `LoadableState`, then pages with
/// `PaginationFeature`, in a window of at most 200 messages. Failures a retry may fix are retried
/// as the default policy says, without its jitter (so that the transcript is the same in every
/// run): after 0.5, 1 and 2 s.
struct MessagesScreen: Reducer {
  struct Channel: Equatable, Sendable {
    var name: String
    var startAt: Int
  }

  struct State: Sendable {
    @LoadableStateWith<Channel, PaginationFeature<Message>.State> var messages
  }

  enum Action: Sendable {
    case messages(LoadingAction<Channel, PaginationFeature<Message>.State, PaginationFeature<Message>.Action>)
  }

  let api: SimulatedMessageAPI

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .loadable(\.$messages, action: Action.messages) {
        PaginationFeature<Message>(maxElements: 200, retry: Self.retry) { request in
          try await api.page(for: request)
        }
      } load: { channel, _ in
        let page = try await api.page(around: channel.startAt)
        guard page.elements.contains(where: { $0.id == channel.startAt }) else {
          throw SimulatedMessageAPI.ServerError()
        }
        return PaginationFeature<Message>.State(
          selection: channel.startAt, previous: page.previous, next: page.next, elements: page.elements)
      }
      .retrying(Self.retry, clock: ContinuousClock())
  }

  /// The default retry policy, without its jitter.
  static let retry = RetryPolicy(jitter: 0)
}
