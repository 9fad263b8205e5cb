import Foundation
import Pageflow
import PageflowTesting
import Testing

// The code of every snippet in Documentation/Recovering.md, compiled and run; ArticleSnippetTests
// checks that the article shows it as written.

/// What the footer of a list of messages says, from the load-more model of its bottom edge.
func docFooterText(_ footer: PaginationFeature<DocMessage>.LoadMore) -> String {
  switch footer.status {
  case .loading:
    return "Loading…"
  case .failed(let error):
    guard let retry = footer.scheduledRetry else { return "\(error) · Retry" }  // a button sends footer.retry
    if retry.isWaitingForNetwork { return "Offline · retrying when you are back online" }
    return "Could not load · retrying in \((retry.delayInSeconds * 10).rounded() / 10) s"  // "0.3 s"
  case .more:
    return ""
  case .end:
    return "No more messages"
  }
}

extension DocMessageServer {
  /// The page `request` asks for: the one holding a message (`.around` its id), or at a cursor.
  func page(_ request: PageRequest) async throws -> Page<DocMessage> {
    guard case .around(let cursor) = request.position, let id = Int(cursor.rawValue) else {
      return try await page(request.cursor)
    }
    return try await page(PaginationCursor("page-\(id / pageSize)"))
  }
}

/// A server's answer that says to come back later: transient, so the default policy retries it.
struct DocServerBusy: TransientError {}

/// A server's answer that retrying cannot fix.
struct DocForbidden: Error {}

/// What a mailbox shows: a filter the user picks, saved with the user's place.
struct DocMailFilter: PaginationContext, Codable {
  var unreadOnly = false
  var labels: Set<String> = []
}

/// A mailbox under a filter the user picks, opened at each launch where the user left it.
struct DocMailbox: Reducer {
  struct State: Equatable, Sendable {
    @LoadableStateWith<DocMailFilter, PaginationFeature<DocMessage>.State> var messages
  }

  enum Action: Equatable, Sendable {
    /// The app started, with the place it saved when it last went to the background, if any.
    case launched(PaginationFeature<DocMessage>.Place?)
    case messages(LoadingActionOf<DocMailFilter, PaginationFeature<DocMessage>>)
  }

  let server: DocWindowServer

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      guard case .launched(let place) = action else { return .none }
      // A place opens its own list: its filter, loaded around the place instead of from the top.
      if let place, let filter = try? place.context(as: DocMailFilter.self) {
        let list = PaginationFeature<DocMessage>.State.notLoaded(context: filter, selection: place.selection)
        if (try? list.check(place)) != nil {
          state.$messages = .loaded(list, request: filter)
          return .send(.messages(.loaded(.restore(place))))
        }
      }
      return .send(.messages(.load(DocMailFilter())))  // no place, or not this list's
    }
    .loadable(\.$messages, action: Action.messages) {
      PaginationFeature<DocMessage> { request in server.page(request) }
    } load: { filter, _ in
      let page = server.page(PageRequest(.first, context: filter))
      return PaginationFeature<DocMessage>.State(
        context: filter, selection: page.elements.first?.id ?? 0, next: page.next, elements: page.elements)
    }
  }
}

@MainActor
struct RecoveringSnippetTests {
  typealias List = PaginationFeature<DocMessage>

  /// Messages 0, 1, 2 — the first page of `DocMessageServer()` — with message 0 selected.
  var firstPage: List.State {
    List.State(selection: 0, next: "page-1", elements: [DocMessage(0), DocMessage(1), DocMessage(2)])
  }

  @Test func theDefaultPolicyAndOneOfYourOwn() async throws {
    let server = DocMessageServer()
    // The default: 3 retries after 0.5, 1 and 2 s (each up to half shorter), transient errors only.
    let feed = PaginationFeature<DocMessage> { request in try await server.page(request.cursor) }

    // Your own: 5 retries from 250 ms, at most 10 s apart, and any error but a refusal.
    let patient = PaginationFeature<DocMessage>(
      retry: RetryPolicy(
        maxRetries: 5, baseDelay: .milliseconds(250), maxDelay: .seconds(10),
        retries: { error in !(error.underlying is DocForbidden) }),
      clock: ContinuousClock()
    ) { request in try await server.page(request.cursor) }

    // None: a failure waits for the user's retry.
    let manual = PaginationFeature<DocMessage>(retry: .never) { request in try await server.page(request.cursor) }

    #expect(feed.retry.maxRetries == 3 && feed.retry.baseDelay == .milliseconds(500))
    #expect(patient.retry.retries(LoadError(DocServerBusy())) && !patient.retry.retries(LoadError(DocForbidden())))
    #expect(manual.retry.maxRetries == 0)
    #expect(RetryPolicy.default.retries(LoadError(URLError(.networkConnectionLost))))
    #expect(!RetryPolicy.default.retries(LoadError(DocForbidden())))
  }

  @Test func theFootersDelayUnderTheDefaultPolicySaysItsFractionOfASecond() {
    let footer = PaginationFeature<DocMessage>.LoadMore(
      edge: .end, status: .failed(LoadError(DocServerBusy())),
      scheduledRetry: ScheduledRetry(attempt: 1, delay: .milliseconds(320)))
    #expect(docFooterText(footer) == "Could not load · retrying in 0.3 s")  // not "0 s"
  }

  @Test func aFailedPageIsRetriedOnTheClockAndTheFooterSaysWhen() async throws {
    let clock = TestClock()
    let loader = ControllablePageLoader<DocMessage>()
    let store = Store(initialState: firstPage) {
      PaginationFeature<DocMessage>(
        retry: RetryPolicy(maxRetries: 3, baseDelay: .seconds(1), jitter: 0), clock: clock, loadPage: loader.loadPage)
    }
    let load = store.send(.loadPage(.bottom))  // the retries are part of its work
    await loader.waitForRequests(count: 1)
    loader.fail(loader.requests[0], with: DocServerBusy())
    await clock.waitForSleepers(count: 1)  // the retry's timer
    #expect(docFooterText(store.state.loadMore(.bottom)) == "Could not load · retrying in 1.0 s")

    clock.advance(by: .seconds(1))  // the retry loads: one request, like any other
    await loader.waitForRequests(count: 2)
    #expect(docFooterText(store.state.loadMore(.bottom)) == "Loading…")
    loader.respond(to: loader.requests[1], with: try await DocMessageServer().page("page-1"))
    await load.finish()
    #expect(store.state.elements.count == 6 && store.state.endRetry == nil)
  }

  @Test func offlineARetryWaitsAndTheNetworkComingBackLoadsOnce() async throws {
    let clock = TestClock()
    let loader = ControllablePageLoader<DocMessage>()
    let store = TestStore(initialState: firstPage) {
      PaginationFeature<DocMessage>(
        retry: RetryPolicy(maxRetries: 3, baseDelay: .seconds(1), jitter: 0), clock: clock, loadPage: loader.loadPage)
    }
    let next = PageRequest(direction: .bottom, cursor: "page-1")
    let offline = URLError(.notConnectedToInternet)
    await store.send(.loadPage(.bottom)) { $0.endStatus = .loading(next) }
    loader.fail(next, with: offline)
    await store.receive(case: List.Action.pageResponse) {
      $0.endStatus = .failed(LoadError(offline), retryable: true)
      $0.endRetry = ScheduledRetry(attempt: 1, delay: .seconds(1))
    }

    // From the app's reachability monitor:
    await store.send(.connectivityChanged(isOnline: false)) { $0.isOffline = true }
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .seconds(1))  // the retry comes due, and waits for the network
    await store.receive(.retryTimerFired(.edge(.end))) {
      $0.endRetry = ScheduledRetry(attempt: 1, delay: .seconds(1), isWaitingForNetwork: true)
    }
    #expect(docFooterText(store.state.loadMore(.bottom)) == "Offline · retrying when you are back online")
    #expect(loader.requests == [next])  // nothing sent while offline

    await store.send(.connectivityChanged(isOnline: true)) {  // each failed edge loads once, at once
      $0.isOffline = false
      $0.endRetry = nil
      $0.endStatus = .loading(next)
    }
    loader.respond(to: next, with: try await DocMessageServer().page("page-1"))
    store.exhaustivity = .off
    await store.receive(case: List.Action.pageResponse)
    store.skipReceivedActions()
    #expect(store.state.elements.count == 6 && loader.requests == [next, next])
  }

  @Test func aPlaceSavedInTheBackgroundOpensTheListThereAtTheNextLaunch() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "pageflow-place-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = DocMessageServer(pageSize: 3, total: 30)
    let middle = try await server.page("page-5")  // messages 15, 16, 17
    let url = folder.appending(path: "messages.place.json")
    let opened = List.State(selection: 16, previous: middle.previous, next: middle.next, elements: middle.elements)
    let first = Store(initialState: opened) {
      PaginationFeature<DocMessage> { request in try await server.page(request) }
    }
    first.send(.elementAppeared(17))

    // Going to the background:
    if let place = first.state.place {
      try JSONEncoder().encode(place).write(to: url)
    }

    // At the next launch: the list opens around the place, then revalidates it.
    let store = Store(initialState: List.State(selection: 0, elements: [])) {
      PaginationFeature<DocMessage> { request in try await server.page(request) }
    }
    if let data = try? Data(contentsOf: url),
      let place = try? JSONDecoder().decode(PaginationFeature<DocMessage>.Place.self, from: data),
      (try? store.state.check(place)) != nil
    {
      await store.send(.restore(place)).finish()
    }
    #expect(store.state.selection == 16 && store.state.lastVisible == 17)
    #expect(store.state.elements.map(\.id) == [15, 16, 17] && !store.state.isRefreshing)
  }

  @Test func aLoadedListOpensAtTheNextLaunchInTheFilterAndPlaceTheUserLeft() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "pageflow-mailbox-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appending(path: "mailbox.place.json")
    let server = DocWindowServer()
    let bugs = DocMailFilter(unreadOnly: true, labels: ["bug", "crash"])

    // A first launch: no place yet; the user picks a filter, opens message 503, scrolls to 505.
    let first = Store(initialState: DocMailbox.State()) { DocMailbox(server: server) }
    await first.send(.launched(nil)).finish()
    await first.send(.messages(.loaded(.reset(context: bugs)))).finish()
    await first.send(.messages(.loaded(.jump(to: .element(503))))).finish()
    await first.send(.messages(.loaded(.elementAppeared(505)))).finish()

    // Going to the background:
    if let place = first.state.messages?.place {
      try JSONEncoder().encode(place).write(to: url)
    }

    // The next launch: the filter and the place come back together.
    let place = try? JSONDecoder().decode(PaginationFeature<DocMessage>.Place.self, from: Data(contentsOf: url))
    let store = Store(initialState: DocMailbox.State()) { DocMailbox(server: server) }
    let launch = store.send(.launched(place))
    #expect(store.state.$messages.isRefreshing)  // an empty list of the filter, loading around the place
    await launch.finish()
    #expect(store.state.$messages.request == bugs)
    #expect(store.state.messages?.selection == 503 && store.state.messages?.lastVisible == 505)

    // A place that cannot open the mailbox (damaged, or of another list) opens it at its top.
    let refused = Store(initialState: DocMailbox.State()) { DocMailbox(server: server) }
    await refused.send(.launched(PaginationFeature<DocMessage>.Place(anchor: 505, selection: 503, context: .none)))
      .finish()
    #expect(refused.state.$messages.request == DocMailFilter() && refused.state.messages?.selection == 0)
  }
}
