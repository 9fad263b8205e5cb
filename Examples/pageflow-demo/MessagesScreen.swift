import Pageflow

/// The demo's screen: a channel whose messages load with `LoadableState`, then page with
/// `PaginationFeature` — seed 004's composition.
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
        PaginationFeature<Message> { request in
          try await api.page(for: request)
        }
      } load: { channel, _ in
        let page = try await api.page(around: channel.startAt)
        guard
          let list = PaginationFeature<Message>.State(previous: page.previous, next: page.next, elements: page.elements)
        else { throw SimulatedMessageAPI.Unavailable() }
        return list
      }
  }
}
