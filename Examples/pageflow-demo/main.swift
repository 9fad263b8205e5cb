import Pageflow

/// `swift run pageflow-demo`: Pageflow's state machine paging a simulated chat channel.
@MainActor
func runDemo() async {
  let api = SimulatedMessageAPI(failuresToInject: 1)
  let store = Store(initialState: MessagesScreen.State()) {
    Transcript(base: MessagesScreen(api: api))
  }
  func send(_ action: MessagesScreen.Action) async { await store.send(action).finish() }
  func list(_ action: PaginationFeature<Message>.Action) async { await send(.messages(.loaded(action))) }
  func chapter(_ title: String, _ note: String) {
    print("\n== \(title)\n   \(note)")
  }

  print(
    """
    Pageflow demo: one chat channel of 1,000 messages (#0 oldest … #999 newest), 20 per page,
    served by a simulated API with 25 ms latency. Each line is an action (→ sent, ← answer from
    the API) followed by what it changed in the state.
    """)

  chapter(
    "1. First load, with a failure and a retry",
    "LoadableState goes pending → loading → failed; the retry (a refresh) succeeds.")
  let channel = MessagesScreen.Channel(name: "general", startAt: 500)
  await send(.messages(.load(channel)))
  await send(.messages(.refresh))

  chapter(
    "2. Paging in four directions from the middle",
    "select moves one message; at the edge of what is loaded it loads the next page, and\n"
      + "   .trailing/.leading continue the selection onto it. .top and .bottom load at the same time.")
  await list(.selectElement(518))
  await list(.select(.trailing))
  await list(.select(.trailing))
  await list(.select(.trailing))
  await list(.selectElement(500))
  await list(.select(.leading))
  let top = store.send(.messages(.loaded(.loadPage(.top))))
  let bottom = store.send(.messages(.loaded(.loadPage(.bottom))))
  await top.finish()
  await bottom.finish()

  chapter(
    "3. Scrolling with prefetch",
    "Each message that appears on screen is reported; the next page loads only when one is within\n"
      + "   5 messages of the end (reports that change nothing are not printed).")
  if let last = store.state.messages?.elements.last?.id {
    print("   (scrolling: #\(last - 8)…#\(last - 6) appear, more than 5 from the end: nothing loads)")
    for id in (last - 8)...(last - 4) { await list(.elementAppeared(id)) }
  }
  if let elements = store.state.messages?.elements {
    let visible = elements.suffix(20)
    print(
      "   (a non-lazy grid reports #\(visible.first?.id ?? 0)…#\(visible.last?.id ?? 0) visible at once: one request)")
    let tasks = visible.map { store.send(.messages(.loaded(.elementAppeared($0.id)))) }
    for task in tasks { await task.finish() }
  }

  chapter(
    "4. A failed page and a retry",
    "The bottom fails; triggers are ignored until retry, and the loaded messages stay.")
  await api.injectFailures(1)
  await list(.loadPage(.bottom))
  await list(.loadPage(.bottom))
  await list(.retry(.bottom))

  chapter(
    "5. Refresh",
    "The list reloads from the first request; the old messages stay visible until the new page arrives.")
  let refresh = store.send(.messages(.refresh))
  if let count = store.state.messages?.elements.count {
    print("   (while refreshing, the screen still shows \(count) messages)")
  }
  await refresh.finish()

  chapter(
    "6. To the end",
    "Loading down until the API returns no cursor; after that no request is made.")
  transcriptMuted.store(true, ordering: .relaxed)
  while store.state.messages?.endStatus == .idle, (store.state.messages?.elements.last?.id ?? 999) < 959 {
    await list(.loadPage(.bottom))
  }
  transcriptMuted.store(false, ordering: .relaxed)
  print("   … (pages up to #959 loaded the same way)")
  while store.state.messages?.endStatus == .idle { await list(.loadPage(.bottom)) }
  print("   (one more loadPage(.bottom): nothing to load, so no request and no change)")
  await list(.loadPage(.bottom))
  if let list = store.state.messages {
    print(
      "\nDone: \(list.elements.count) messages loaded in \(list.pages.count) pages; "
        + "top: \(Summary.describe(list.startStatus)), bottom: \(Summary.describe(list.endStatus)).")
  }
}

await runDemo()
