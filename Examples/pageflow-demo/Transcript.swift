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
      print(Self.pad(line, to: 48) + (changes.isEmpty ? "(no change)" : changes.joined(separator: "  ")))
    }
    return effect
  }

  /// A short, readable name for an action ("" for delegate notifications, which add nothing here).
  static func describe(_ action: Base.Action) -> String {
    switch action {
    case .messages(.load(let channel)): "→ load #\(channel.name) around #\(channel.startAt)"
    case .messages(.refresh): "→ refresh"
    case .messages(.cancel): "→ cancel"
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
    case .cancel(let direction): "→ cancel(.\(direction))"
    case .refresh: "→ refresh"
    case .reset: "→ reset"
    case .insert(let message, _): "→ insert #\(message.id)"
    case .update(let message): "→ update #\(message.id)"
    case .remove(let id): "→ remove #\(id)"
    case .pageResponse(let response):
      switch response.result {
      case .success(let page): "← \(response.request.direction) page: \(span(page.elements))"
      case .failure(let error): "← \(response.request.direction) page failed: \(error)"
      }
    case .delegate: ""
    }
  }

  static func span(_ messages: some Collection<Message>) -> String {
    guard let first = messages.first, let last = messages.reversed().first else { return "no messages" }
    return "#\(first.id)…#\(last.id) (\(messages.count))"
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

  init(_ state: MessagesScreen.State) {
    let status = state.$messages
    loading = status.isRefreshing ? "refreshing" : status.isActive ? "loading" : status.isFailure ? "failed" : ""
    guard let list = state.messages else {
      loaded = ""; selection = ""; top = ""; bottom = ""
      return
    }
    loaded = Transcript<EmptyReducer<MessagesScreen.State, MessagesScreen.Action>>.span(list.elements)
    selection = "#\(list.selection)"
    top = Self.describe(list.startStatus)
    bottom = Self.describe(list.endStatus)
  }

  static func describe(_ status: PaginationStatus) -> String {
    switch status {
    case .idle: "idle"
    case .loading(let request): "loading \(request.cursor.map(\.rawValue) ?? "first page")"
    case .failed(_, let retryable): retryable ? "failed, retry possible" : "failed"
    case .endReached: "end reached"
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
    return changes
  }
}
