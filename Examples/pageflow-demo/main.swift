import Pageflow

/// `swift run pageflow-demo`: Pageflow's state machine paging a simulated chat channel.
@MainActor
func runDemo() async {
  let api = SimulatedMessageAPI(failuresToInject: [SimulatedMessageAPI.ServerError()])
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
    Pageflow demo: one chat channel of 1,000 messages (#0 oldest … #999 newest),
    20 per page, served by a simulated API with 25 ms latency, kept in memory as a
    window of at most 200 messages. Each line is an action (→ sent, ← answer from
    the API) followed by what it changed.
    """)

  chapter(
    "1. First load, with a failure and a retry",
    "LoadableState goes pending → loading → failed; .retry sends the failed load\n"
      + "   again, and it succeeds.")
  let channel = MessagesScreen.Channel(name: "general", startAt: 500)
  await send(.messages(.load(channel)))
  await send(.messages(.retry))

  chapter(
    "2. Paging in four directions from the middle",
    "select moves one message; at the edge of what is loaded it loads the next\n"
      + "   page, and .trailing/.leading continue the selection onto it. .top and\n"
      + "   .bottom load at the same time.")
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
    "Each message that appears on screen is reported; the next page loads when\n"
      + "   one is at most a page (20 messages) from the end of what is loaded\n"
      + "   (reports that change nothing are not printed).")
  if let last = messages?.elements.last?.id {
    print("   (#\(last - 25)…#\(last - 21) appear, more than a page from the end: nothing loads)")
    for id in (last - 25)...(last - 19) { await list(.elementAppeared(id)) }
  }
  if let elements = messages?.elements {
    let visible = elements.suffix(20)
    print("   (a non-lazy grid reports #\(visible.first?.id ?? 0)…#\(visible.last?.id ?? 0) at once: one request)")
    let tasks = visible.map { store.send(.messages(.loaded(.elementAppeared($0.id)))) }
    for task in tasks { await task.finish() }
  }

  chapter(
    "4. A failed page and a retry",
    "The bottom fails with an error that trying again will not fix; triggers are\n"
      + "   ignored until a retry (.retryFailed retries whatever failed), and the\n"
      + "   loaded messages stay.")
  await api.injectFailures(SimulatedMessageAPI.ServerError())
  await list(.loadPage(.bottom))
  await list(.loadPage(.bottom))
  await list(.retryFailed)

  chapter(
    "5. A linked message, a long scroll, and a refresh in place",
    "A jump loads the page around #42 without loading anything between; the old\n"
      + "   window stays on screen until it arrives, and a jump to a loaded message\n"
      + "   only selects it. Then the user scrolls down, each row reported as it\n"
      + "   appears: the window stays at about 200 messages, evicting pages far\n"
      + "   above the screen (its top keeps the cursor that loads them again).")
  await list(.jump(to: .element(42)))
  await list(.select(.leading))
  await list(.jump(to: .element(40)))
  var peak = 0
  await muted {
    for id in 40...740 {
      await list(.elementAppeared(id))
      peak = max(peak, messages?.elements.count ?? 0)
      if (id - 40) % 175 == 0, let state = messages {
        print(
          "   (scrolled to #\(id): \(state.elements.count) messages held, \(Transcript<MessagesScreen>.span(state.elements)))"
        )
      }
    }
  }
  if let state = messages {
    print("   (at most \(peak) held: the limit, and a page as it arrives; the top loads")
    print("    #0… again from \"\(state.previous.map(\.rawValue) ?? "")\")")
  }
  print(
    """
       The user selects #725 and refreshes: the page around it reloads while the
       200 messages stay on screen; the selection stays on its message, and the
       rows on screen, reported again, load the pages on both sides.
    """)
  await list(.selectElement(725))
  let refresh = store.send(.messages(.refresh))
  if let count = messages?.elements.count {
    print("   (while refreshing, the screen still shows \(count) messages)")
  }
  await refresh.finish()
  await list(.elementAppeared(725))

  chapter(
    "6. New messages while reading older ones",
    "Back at the start, a message is posted at the end. Placing it under the\n"
      + "   window (#0…#19) would hide the 980 messages between, so the list counts\n"
      + "   it (\"1 new message\") until you jump there.")
  await list(.jump(to: .start))
  let posted = await api.post()
  await list(.insert(posted, at: .bottom))
  await list(.jump(to: .end))

  chapter(
    "7. Recovering on its own",
    "A 503 or a lost connection may go away: the list tries again after 0.5 s,\n"
      + "   then 1 s, then 2 s. Told the device is offline, a retry that comes due\n"
      + "   waits for the network, and the network coming back loads the page once.")
  await list(.jump(to: .element(500)))
  await api.injectFailures(SimulatedMessageAPI.Unavailable(), SimulatedMessageAPI.Unavailable())
  await list(.loadPage(.bottom))
  await api.setOffline(true)
  await send(.messages(.connectivityChanged(isOnline: false)))
  await list(.loadPage(.top))
  await api.setOffline(false)
  await send(.messages(.connectivityChanged(isOnline: true)))

  if let state = messages {
    print(
      "\nDone: \(Transcript<MessagesScreen>.span(state.elements)) in memory, in \(state.pages.count) page(s);\n"
        + "top: \(Summary.describe(state.startStatus)), bottom: \(Summary.describe(state.endStatus)).")
  }
}

await runDemo()
