import Pageflow

/// Which channel to load; the loaded list keeps it as its context, so every page comes from it.
struct MessageRequest: PaginationContext {
  var channel: String
}

/// A channel's messages: the first page loaded by `LoadableState`, the next ones by
/// `PaginationFeature`.
struct MessagesFeature: Reducer {
  struct State: Equatable, Sendable {
    @LoadableStateWith<MessageRequest, PaginationFeature<Message>.State> var messages
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case messages(
      LoadingAction<MessageRequest, PaginationFeature<Message>.State, PaginationFeature<Message>.Action>
    )
  }

  let api: MessagesAPI

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .send(.messages(.load(MessageRequest(channel: "general"))))
      case .messages:
        return .none
      }
    }
    .loadable(\.$messages, action: Action.messages) {
      PaginationFeature<Message> { pageRequest in
        let request = try pageRequest.context(as: MessageRequest.self)
        let response = try await api.loadMessages(channel: request.channel, cursor: pageRequest.cursor)
        return Page(next: response.nextPage, elements: response.messages)
      }
    } load: { request, state in
      let response = try await api.loadMessages(channel: request.channel)
      guard let firstMessage = response.messages.first else { throw NoMessages() }
      return PaginationFeature.State(
        context: request, selection: firstMessage.id, next: response.nextPage, elements: response.messages)
    }
  }
}

/// A chat message.
struct Message: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String
}

/// The channel's first page was empty.
struct NoMessages: Error {}

/// Your messages API: replace this stand-in with your server's client. It answers from memory,
/// three messages to a page; a page's cursor is the offset of its first message.
struct MessagesAPI: Sendable {
  struct Response: Sendable {
    var messages: [Message]
    var nextPage: PaginationCursor?
  }

  /// A channel the API does not know.
  struct UnknownChannel: Error, Equatable {
    var name: String
  }

  /// How many messages each channel holds.
  var channels = ["general": 12]

  func loadMessages(channel: String, cursor: PaginationCursor? = nil) async throws -> Response {
    guard let count = channels[channel] else { throw UnknownChannel(name: channel) }
    let start = min(max(Int(cursor?.rawValue ?? "0") ?? 0, 0), count)
    let end = min(start + 3, count)
    let messages = (start..<end).map { Message(id: $0, text: "message \($0)") }
    return Response(messages: messages, nextPage: end < count ? PaginationCursor("\(end)") : nil)
  }
}
