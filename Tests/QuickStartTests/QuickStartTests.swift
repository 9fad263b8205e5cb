import Pageflow
import PageflowTesting
import Testing

@testable import QuickStart

// The feature the README points to, Examples/QuickStart/MessagesFeature.swift, run; the README's
// testing snippet stands here as written (ReadmeSnippetTests checks it): when one changes, change
// the other.

/// The messages `ids`, as the quick start's API serves them.
func messages(_ ids: Range<Int>) -> [Message] { ids.map { Message(id: $0, text: "message \($0)") } }

/// The shape of state the quick start's feature declares, with no conformances at all.
struct PlainMessagesState {
  @LoadableStateWith<MessageRequest, PaginationFeature<Message>.State> var messages
}

/// The quick start, run: its first page through `LoadableState`, the next ones through the list.
@MainActor
struct QuickStartTests {
  let general = MessageRequest(channel: "general")

  @Test func theQuickStartLoadsPagesAndPrefetches() async {
    let api = MessagesAPI()
    let store = Store(initialState: MessagesFeature.State()) { MessagesFeature(api: api) }
    await store.send(.onAppear).finish()  // first page loaded
    #expect(store.state.messages?.elements.map(\.id) == [0, 1, 2])
    await store.send(.messages(.loaded(.loadPage(.bottom)))).finish()  // next page appended
    #expect(store.state.messages?.elements.map(\.id) == Array(0...5))
    await store.send(.messages(.loaded(.elementAppeared(3)))).finish()  // prefetch as rows appear
    #expect(store.state.messages?.elements.map(\.id) == Array(0...8))
  }

  @Test func theQuickStartLoadsTheFirstPageThenPagesThroughTheChild() async {
    let store = TestStore(initialState: MessagesFeature.State()) { MessagesFeature(api: MessagesAPI()) }
    let first = PaginationFeature<Message>.State(
      context: general, selection: 0, next: "3", elements: messages(0..<3))

    await store.send(.onAppear)
    await store.receive(.messages(.load(general))) { $0.$messages.becomeActive(general) }
    await store.receive(.messages(.finished(general, didRefresh: false, .success(first)))) {
      $0.$messages.finish(general, result: .success(first))
    }

    let next = PageRequest(direction: .bottom, context: general, cursor: "3")
    await store.send(.messages(.loaded(.loadPage(.bottom)))) { $0.messages?.endStatus = .loading(next) }
    let page = Page(next: "6", elements: messages(3..<6))
    await store.receive(.messages(.loaded(.pageResponse(.init(request: next, result: .success(page)))))) {
      $0.messages?.elements.append(contentsOf: messages(3..<6))
      $0.messages?.pages.append(PageInfo(next: "6", count: 3))
      $0.messages?.endStatus = .idle
    }
    await store.receive { action in
      if case .messages(.loaded(.delegate(.didUpdate))) = action { true } else { false }
    }
    #expect(store.state.messages?.elements.count == 6)
  }

  @Test func theRequestNamesTheChannelThatEveryPageComesFrom() async {
    let store = Store(initialState: MessagesFeature.State()) {
      MessagesFeature(api: MessagesAPI(channels: ["general": 12, "random": 5]))
    }
    await store.send(.messages(.load(MessageRequest(channel: "random")))).finish()
    await store.send(.messages(.loaded(.loadPage(.bottom)))).finish()
    #expect(store.state.messages?.elements.map(\.id) == Array(0..<5))
    #expect(store.state.messages?.endStatus == .endReached(.noMoreCursor))

    await store.send(.messages(.load(MessageRequest(channel: "nowhere")))).finish()
    #expect(store.state.$messages.error == LoadError(MessagesAPI.UnknownChannel(name: "nowhere")))
  }

  /// A screen over the quick start's feature: its channel is read from the request,
  /// also after the list switched it itself, and one retry reaches what failed in the list.
  @Test func theScreenReadsItsChannelAndRetriesFromOnePlace() async {
    let store = Store(initialState: MessagesFeature.State()) { MessagesFeature(api: MessagesAPI()) }
    await store.send(.onAppear).finish()
    let nowhere = MessageRequest(channel: "nowhere")
    await store.send(.messages(.loaded(.reset(context: nowhere)))).finish()  // the list switches itself
    #expect(store.state.$messages.request == nowhere)
    #expect(store.state.messages?.reloadStatus.error == LoadError(MessagesAPI.UnknownChannel(name: "nowhere")))

    let retry = store.send(.messages(.retry))  // the failed reset, again
    #expect(store.state.messages?.reloadStatus.isLoading == true)
    await retry.finish()
    #expect(store.state.messages?.reloadStatus.isFailed == true)
  }

  @Test func anEmptyChannelFailsItsFirstLoad() async {
    let store = Store(initialState: MessagesFeature.State()) {
      MessagesFeature(api: MessagesAPI(channels: ["general": 0]))
    }
    await store.send(.onAppear).finish()
    #expect(store.state.$messages.error == LoadError(NoMessages()))
  }

  @Test func aPageThatArrivesForAListThatWasReloadedIsDropped() async {
    let loader = ControllablePageLoader<Message>()
    let initial = PaginationFeature<Message>.State(selection: 0, next: "3", elements: messages(0..<3))
    let reloaded = PaginationFeature<Message>.State(selection: 100, elements: messages(100..<101))
    let store = TestStore(initialState: MessagesFeature.State(messages: .loaded(initial, request: general))) {
      EmptyReducer()
        .loadable(\.$messages, action: MessagesFeature.Action.messages) {
          PaginationFeature<Message>(loadPage: loader.loadPage)
        } load: { _, _ in
          reloaded
        }
    }
    let next = PageRequest(direction: .bottom, cursor: "3")
    await store.send(.messages(.loaded(.loadPage(.bottom)))) { $0.messages?.endStatus = .loading(next) }
    await store.send(.messages(.load(general))) { $0.$messages.becomeActive(self.general) }
    await store.receive(.messages(.finished(general, didRefresh: false, .success(reloaded)))) {
      $0.$messages.finish(self.general, result: .success(reloaded))
    }
    loader.respond(to: next, with: Page(next: "6", elements: messages(3..<6)))
    await store.receive(case: MessagesFeature.Action.messages)
    #expect(store.state.messages?.elements.map(\.id) == [100])
  }

  @Test func theTestingSnippetReceivesThePage() async {
    let firstPage = PaginationFeature<Message>.State(selection: 0, next: "3", elements: messages(0..<3))
    // README: Testing.
    let loader = ControllablePageLoader<Message>()
    let store = TestStore(initialState: firstPage) { PaginationFeature<Message>(loadPage: loader.loadPage) }
    let request = PageRequest(direction: .bottom, cursor: "3")
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(request) }
    let hello = Message(id: 3, text: "hello")
    loader.respond(to: request, with: Page(previous: "0", elements: [hello]))
    await store.receive(case: PaginationFeature<Message>.Action.pageResponse) {
      $0.elements.append(contentsOf: [hello])
      $0.pages.append(PageInfo(previous: "0", count: 1))
      $0.endStatus = .endReached(.noMoreCursor)
    }
    await store.receive(case: PaginationFeature<Message>.Action.delegate)
  }

  @Test func theStateTakesALoadedListInItsMemberwiseInitializer() {
    let first = PaginationFeature<Message>.State(selection: 0, next: "3", elements: messages(0..<3))
    let state = PlainMessagesState(messages: .loaded(first, request: general))
    #expect(state.messages == first)
    #expect(PlainMessagesState().$messages.isPending)
  }
}
