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
  func muted(_ work: () async -> Void) async {
    transcriptMuted.store(true, ordering: .relaxed)
    await work()
    transcriptMuted.store(false, ordering: .relaxed)
  }
  var messages: PaginationFeature<Message>.State? { store.state.messages }

  print(
    """
    Pageflow demo: one chat channel of 1,000 messages (#0 oldest … #999 newest), 20 per page,
    served by a simulated API with 25 ms latency, kept in memory as a window of at most 200
    messages. Each line is an action (→ sent, ← answer from the API) followed by what it changed.
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
  await list(.selectElement(508))
  await list(.select(.trailing))
  await list(.select(.trailing))
  await list(.select(.trailing))
  await list(.selectElement(490))
  await list(.select(.leading))
  let top = store.send(.messages(.loaded(.loadPage(.top))))
  let bottom = store.send(.messages(.loaded(.loadPage(.bottom))))
  await top.finish()
  await bottom.finish()

  chapter(
    "3. Scrolling with prefetch",
    "Each message that appears on screen is reported; the next page loads when one is at most a page\n"
      + "   (20 messages) from the end of what is loaded (reports that change nothing are not printed).")
  if let last = messages?.elements.last?.id {
    print("   (scrolling: #\(last - 25)…#\(last - 21) appear, more than a page from the end: nothing loads)")
    for id in (last - 25)...(last - 19) { await list(.elementAppeared(id)) }
  }
  if let elements = messages?.elements {
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
    "5. Refresh in place",
    "The list reloads the page around the selected message (or the last one reported on screen);\n"
      + "   the old messages stay visible until it arrives, and the selection stays on its message.")
  await list(.selectElement(565))
  let refresh = store.send(.messages(.refresh))
  if let count = messages?.elements.count {
    print("   (while refreshing, the screen still shows \(count) messages)")
  }
  await refresh.finish()

  chapter(
    "6. Opening the channel at a linked message",
    "A jump loads the page around #42 without loading anything between; the old window stays on\n"
      + "   screen until it arrives. From there the list pages both ways; a jump to a loaded message\n"
      + "   only selects it, and a jump to the end loads the newest page.")
  await list(.jump(to: .element(42)))
  await list(.select(.leading))
  await list(.jump(to: .element(40)))
  await list(.jump(to: .end))

  chapter(
    "7. A long scroll in a bounded window",
    "From the oldest message down to the newest, each row reported as it appears. The window holds\n"
      + "   at most 200 messages: pages far above the screen are evicted (the edge keeps the cursor\n"
      + "   that loads them again), so memory stays flat however far the scroll goes.")
  await list(.jump(to: .start))
  var peak = 0
  var evicted = 0
  await muted {
    var id = 0
    while let state = messages, let index = state.elements.index(id: id) {
      await list(.elementAppeared(state.elements[index].id))
      peak = max(peak, messages?.elements.count ?? 0)
      if let first = messages?.elements.first?.id, first > 0, first != evicted {
        evicted = first
      }
      id += 1
    }
  }
  if let state = messages {
    print(
      "   (scrolled #0…#\(state.elements.last?.id ?? 0): at most \(peak) messages held; now \(Transcript<MessagesScreen>.span(state.elements)),"
    )
    print(
      "    #0…#\(evicted - 1) evicted at the top, which loads them again from \"\(state.previous.map(\.rawValue) ?? "")\")"
    )
  }

  chapter(
    "8. New messages while reading older ones",
    "Back near the start, a message is posted at the end. Placing it under the window would hide\n"
      + "   the 800 messages between, so the list counts it (\"1 new message\") until you jump there.")
  await list(.jump(to: .start))
  let posted = await api.post()
  await list(.insert(posted, at: .bottom))
  await list(.jump(to: .end))

  if let state = messages {
    print(
      "\nDone: \(state.elements.count) messages in memory in \(state.pages.count) page(s), \(Transcript<MessagesScreen>.span(state.elements)); "
        + "top: \(Summary.describe(state.startStatus)), bottom: \(Summary.describe(state.endStatus)).")
  }
}

await runDemo()
