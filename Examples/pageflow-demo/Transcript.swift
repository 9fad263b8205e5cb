import Pageflow
import Synchronization

/// While true, the transcript prints nothing (to fast-forward through repetitive steps).
let transcriptMuted = Atomic<Bool>(false)

/// Prints one line per action and what it changed, so a newcomer can follow the state machine.
struct Transcript<Base: Reducer>: Reducer
where Base.State == MessagesScreen.State, Base.Action == MessagesScreen.Action {
  let base: Base

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = Summary(state)
    let effect = base.reduce(into: &state, action: action)
    let after = Summary(state)
    let changes = after.changes(from: before)
    let line = Self.describe(action)
    let isQuietTrigger = line.hasPrefix("→ appeared") && changes.isEmpty
    if !transcriptMuted.load(ordering: .relaxed), !isQuietTrigger, !line.isEmpty || !changes.isEmpty {
      print(Self.lines(Self.pad(line, to: 40), changes.isEmpty ? ["(no change)"] : changes).joined(separator: "\n"))
    }
    return effect
  }

  /// A short, readable name for an action ("" for delegate notifications, which add nothing here).
  static func describe(_ action: Base.Action) -> String {
    switch action {
    case .messages(.load(let channel)): "→ load #\(channel.name) around #\(channel.startAt)"
    case .messages(.refresh): "→ refresh"
    case .messages(.cancel): "→ cancel"
    case .messages(.dismissError): "→ dismiss error"
    case .messages(.retry): "→ retry"
    case .messages(.retryTimerFired): "→ retry due"
    case .messages(.connectivityChanged(let isOnline)): isOnline ? "→ back online" : "→ offline"
    case .messages(.finished(_, _, .success(let list))): "← first page: \(span(list.elements))"
    case .messages(.finished(_, _, .failure(let error))): "← first page failed: \(error)"
    case .messages(.loaded(let action)): describe(action)
    }
  }

  static func describe(_ action: PaginationFeature<Message>.Action) -> String {
    switch action {
    case .loadPage(let direction): "→ loadPage(.\(direction))"
    case .select(let direction): "→ select(.\(direction))"
    case .selectElement(let id): "→ selectElement(#\(id))"
    case .elementAppeared(let id): "→ appeared #\(id)"
    case .retry(let direction): "→ retry(.\(direction))"
    case .retryFailed: "→ retryFailed"
    case .retryTimerFired(let slot): "→ retry due (\(slot))"
    case .connectivityChanged(let isOnline): isOnline ? "→ back online" : "→ offline"
    case .restore(let place): "→ restore(at: #\(place.anchor))"
    case .cancel(let direction): "→ cancel(.\(direction))"
    case .refresh: "→ refresh (in place)"
    case .refreshFromStart: "→ refreshFromStart"
    case .retryReload: "→ retryReload"
    case .cancelReload: "→ cancelReload"
    case .reset: "→ reset"
    case .jump(to: .element(let id)): "→ jump(to: #\(id))"
    case .jump(to: .start): "→ jump(to: .start)"
    case .jump(to: .end): "→ jump(to: .end)"
    case .scrollWillLand(let landing):
      switch landing.target {
      case .offset(let rows, _): "→ a fling lands \(rows.magnitude) rows \(rows < 0 ? "up" : "down")"
      case .element(let id): "→ a fling lands on #\(id)"
      }
    case .landingCancelled: "→ the fling was stopped"
    case .insert(let message, _): "→ insert #\(message.id)"
    case .update(let message): "→ update #\(message.id)"
    case .remove(let id): "→ remove #\(id)"
    case .removeAll(let ids): "→ remove \(ids.count) messages"
    case .pageResponse(let response):
      switch response.result {
      case .success(let page): "← \(origin(of: response.request)): \(span(page.elements))"
      case .failure(let error): "← \(origin(of: response.request)) failed: \(error)"
      }
    case .delegate: ""
    }
  }

  /// `bottom page`, `top page`, … for an edge load; `page around "42"`, `last page`, … for one that
  /// replaces the window.
  static func origin(of request: PageRequest) -> String {
    switch request.position {
    case .around(let anchor): "page around \"\(anchor)\""
    case .first, .last: "\(request.position)"
    case .after, .before: "\(request.direction) page"
    }
  }

  static func span(_ messages: some Collection<Message>) -> String {
    guard let first = messages.first, let last = messages.reversed().first else { return "no messages" }
    return "#\(first.id)…#\(last.id) (\(messages.count))"
  }

  /// `head` followed by `changes`, wrapped at 80 columns under the column where changes start.
  static func lines(_ head: String, _ changes: [String]) -> [String] {
    var lines = [head]
    let indent = String(repeating: " ", count: 40)
    for change in changes {
      let last = lines[lines.count - 1]
      let isFirst = last == head
      if last.count + (isFirst ? 0 : 2) + change.count > 80, !(isFirst && head.count <= 40) {
        if isFirst { lines[0] = String(head.reversed().drop { $0 == " " }.reversed()) }
        lines.append(indent + change)
      } else {
        lines[lines.count - 1] = isFirst ? last + change : last + "  " + change
      }
    }
    return lines
  }

  static func pad(_ text: String, to width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}

/// The parts of the state the transcript reports.
struct Summary: Equatable {
  var loading: String
  var loaded: String
  var selection: String
  var top: String
  var bottom: String
  var reload: String
  var unseen: String
  var network: String

  init(_ state: MessagesScreen.State) {
    let status = state.$messages
    network = status.isOffline ? "offline" : "online"
    switch status.status {  // the first load's own status; the list's reloads are reported below
    case .active(_, isRefresh: true): loading = "refreshing"
    case .active: loading = "loading"
    case .failure: loading = "failed"
    case .pending, .success: loading = ""
    }
    guard let list = state.messages else {
      loaded = ""; selection = ""; top = ""; bottom = ""; reload = ""; unseen = ""
      return
    }
    loaded = Transcript<EmptyReducer<MessagesScreen.State, MessagesScreen.Action>>.span(list.elements)
    selection = "#\(list.selection)"
    top = Self.describe(list.startStatus, retry: list.startRetry)
    bottom = Self.describe(list.endStatus, retry: list.endRetry)
    switch list.reloadStatus {
    case .idle: reload = ""
    case .loading(let request): reload = "loading \(request.position)"
    case .failed(_, let error): reload = "failed: \(error)"
    }
    unseen =
      list.unseenAtEnd > 0
      ? "\(list.unseenAtEnd) new below" : list.unseenAtStart > 0 ? "\(list.unseenAtStart) new above" : ""
  }

  static func describe(_ status: PaginationStatus, retry: ScheduledRetry? = nil) -> String {
    switch (status, retry) {
    case (.idle, _): "idle"
    case (.loading(let request), _): "loading \(request.cursor.map(\.rawValue) ?? "first page")"
    case (.failed, let retry?) where retry.isWaitingForNetwork: "failed, retrying when back online"
    case (.failed, let retry?): "failed, retrying in \(retry.delay)"
    case (.failed(_, let retryable), nil): retryable ? "failed, retry possible" : "failed"
    case (.endReached, _): "end reached"
    }
  }

  /// "selected #12", "bottom: loading after-39", … for each field that changed.
  func changes(from old: Summary) -> [String] {
    var changes: [String] = []
    if loading != old.loading { changes.append(loading.isEmpty ? "load: done" : "load: \(loading)") }
    if loaded != old.loaded { changes.append("list: \(loaded)") }
    if selection != old.selection { changes.append("selected \(selection)") }
    if top != old.top { changes.append("top: \(top)") }
    if bottom != old.bottom { changes.append("bottom: \(bottom)") }
    if reload != old.reload { changes.append(reload.isEmpty ? "reload: done" : "reload: \(reload)") }
    if unseen != old.unseen { changes.append(unseen.isEmpty ? "no new messages" : unseen) }
    if network != old.network { changes.append("network: \(network)") }
    return changes
  }
}
