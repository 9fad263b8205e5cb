import Pageflow

/// The browser as a reducer: a window over the channel (`PaginationFeature`), the terminal's size
/// and the viewport, the `:` prompt, the offline switch and the count of stalls. Keys come in as
/// actions, so the whole browser runs in a `Store`, and in a `TestStore` in the tests.
public struct Browser: Reducer {
  /// The browser's state; the screen is drawn from it (``Screen``).
  public struct State: Equatable, Sendable {
    /// The window over the channel.
    public var list: PaginationFeature<Message>.State
    /// The terminal's size.
    public var size: TerminalSize
    /// The line of the message list the selected message is drawn on (0: the top line). It stays
    /// put while pages arrive above or leave, so the text does not jump; it follows the selection's
    /// moves, and the list scrolls when it would leave the screen.
    public var selectionRow = 0
    /// The `:` prompt: the digits typed so far, or nil when it is closed.
    public var prompt: String?
    /// Whether the device is offline (the network fails at once).
    public var isOffline = false
    /// How many times a key ran into an edge of the window whose page had not arrived: the user
    /// outran the network.
    public var stalls = 0
    /// Set by `q` or Ctrl-C.
    public var isQuitting = false
    /// The selected message that ``selectionRow`` was computed for.
    var rowAnchor: Message.ID?
    /// The first and last message on screen and of the window, as last reported to the list.
    var shown: Shown?

    /// A browser on `filter` whose window nothing has loaded yet, at `size`.
    public init(filter: MessageFilter = .all, size: TerminalSize = .standard) {
      self.list = PaginationFeature<Message>.State(context: filter, selection: -1, elements: [])
      self.size = size
    }

    /// The filter of the list (its context).
    public var filter: MessageFilter { list.context as? MessageFilter ?? .all }
  }

  /// What can happen to the browser.
  public enum Action: Sendable {
    /// Opens the channel at its newest message.
    case start
    /// Opens the channel at a place saved when the browser last quit.
    case restore(PaginationFeature<Message>.Place)
    /// A key was pressed.
    case key(Key)
    /// The terminal changed size.
    case resized(TerminalSize)
    /// An action of the window.
    case list(PaginationFeature<Message>.Action)
  }

  /// The window's settings and its page loader.
  public let pagination: PaginationFeature<Message>
  /// Switches the network off and on (the `o` key).
  public let setOffline: @Sendable (Bool) -> Void

  /// A browser whose window is `pagination`; `setOffline` switches the network.
  public init(pagination: PaginationFeature<Message>, setOffline: @escaping @Sendable (Bool) -> Void) {
    self.pagination = pagination
    self.setOffline = setOffline
  }

  /// The window first; then the keys, which send the window its actions, and the viewport, which
  /// follows each change of the window or of the terminal.
  public var body: some ReducerOf<Self> {
    Scope(state: \.list, action: Action.list) { pagination }
    Reduce { state, action in
      switch action {
      case .start:
        return .send(.list(.jump(to: .end)))
      case .restore(let place):
        return .send(.list(.restore(place)))
      case .key(let key):
        return state.press(key, setOffline: setOffline)
      case .resized(let size):
        state.size = size
        return state.followSelection()
      case .list:
        return state.followSelection()
      }
    }
  }
}

extension Browser.State {
  /// What a key does: moves, jumps and loads go to the window as actions.
  mutating func press(_ key: Key, setOffline: @escaping @Sendable (Bool) -> Void) -> Effect<Browser.Action> {
    if key == .interrupt {
      isQuitting = true
      return .none
    }
    if prompt != nil { return typeInPrompt(key) }
    let list: PaginationFeature<Message>.Action
    switch key {
    case .up, .character("k"): list = move(.top)
    case .down, .character("j"): list = move(.bottom)
    case .left: list = move(.leading)
    case .right: list = move(.trailing)
    case .pageUp: list = page(.top)
    case .pageDown: list = page(.bottom)
    case .character("g"): list = .jump(to: .start)
    case .character("G"): list = .jump(to: .end)
    case .character("f"): list = fling(.bottom)
    case .character("F"): list = fling(.top)
    case .character("r"): list = .refresh
    case .character("R"): list = .retryFailed
    case .character("/"):
      // A new filter opens at its newest message, as the channel does.
      return .merge(.send(.list(.reset(context: filter.next))), .send(.list(.jump(to: .end))))
    case .character(":"):
      prompt = ""
      return .none
    case .character("o"):
      isOffline.toggle()
      let isOffline = self.isOffline
      // The network and the loader first, then the window: back online, what failed loads again.
      setOffline(isOffline)
      return .send(.list(.connectivityChanged(isOnline: !isOffline)))
    case .character("q"):
      isQuitting = true
      return .none
    default:
      return .none
    }
    return .send(.list(list))
  }

  /// Moves the selection one message toward `direction`; counts a stall when it is at an edge of
  /// the window whose page is still to come (not the end of the channel, not a failed page, which
  /// waits for a retry).
  mutating func move(_ direction: PaginationDirection) -> PaginationFeature<Message>.Action {
    if let index = list.selectionIndex, !list.isRefreshing {
      let atEdge = direction.edge == .start ? index == 0 : index == list.elements.count - 1
      let status = list.status(direction)
      if atEdge, !status.isEndReached, !status.isFailed { stalls += 1 }
    }
    return .select(direction)
  }

  /// Moves the selection a screen toward `direction`, or one message when it is at the window's edge.
  mutating func page(_ direction: PaginationDirection) -> PaginationFeature<Message>.Action {
    guard let index = list.selectionIndex else { return .select(direction) }
    let step = max(1, size.listRows - 1)
    let target = direction.edge == .start ? max(0, index - step) : min(list.elements.count - 1, index + step)
    guard target != index else { return move(direction) }
    return .selectElement(list.elements[target].id)
  }

  /// How far a fling goes, in messages.
  static let flingDistance = 5_000

  /// A fling of ``flingDistance`` messages toward `direction` from the selection: the window loads
  /// where it lands at once (the page around it, in one request) and opens there. Where the window
  /// holds where it lands, or the end of the channel it goes past, the selection goes there, as a
  /// scroll view comes to rest there.
  func fling(_ direction: PaginationDirection) -> PaginationFeature<Message>.Action {
    let landing = PaginationFeature<Message>.Action.scrollWillLand(
      .rows(Self.flingDistance, toward: direction, from: list.selection))
    guard let index = list.selectionIndex else { return landing }
    let target = direction.edge == .end ? index + Self.flingDistance : index - Self.flingDistance
    let rest = min(max(target, 0), list.elements.count - 1)
    guard rest == target || list.status(direction).isEndReached else { return landing }
    return .selectElement(list.elements[rest].id)
  }

  /// Keys while the `:` prompt is open: digits, Backspace, Enter jumps, Escape closes it.
  mutating func typeInPrompt(_ key: Key) -> Effect<Browser.Action> {
    switch key {
    case .character(let character) where character.isASCII && character.isNumber:
      if (prompt?.count ?? 0) < 18 { prompt?.append(character) }
    case .backspace:
      if prompt?.isEmpty == false { prompt?.removeLast() } else { prompt = nil }
    case .enter:
      defer { prompt = nil }
      guard let text = prompt, let id = Int64(text) else { return .none }
      return .send(.list(.jump(to: .element(id))))
    case .escape:
      prompt = nil
    default:
      break
    }
    return .none
  }

  /// Keeps the selection on screen, on the line it was drawn on unless it moved, and tells the
  /// window which messages are on screen when they changed, or the window did (a page arrived, a
  /// refresh replaced it): its prefetch and eviction read them.
  mutating func followSelection() -> Effect<Browser.Action> {
    guard let index = list.selectionIndex else {
      rowAnchor = nil
      shown = nil
      return .none
    }
    let viewport = Viewport(
      selection: index, previousRow: selectionRow, previousIndex: rowAnchor.flatMap { list.elements.index(id: $0) },
      count: list.elements.count, height: size.listRows)
    selectionRow = viewport.selectionRow
    rowAnchor = list.selection
    let messages = viewport.messages
    let now = Shown(
      screen: list.elements[messages.lowerBound].id...list.elements[messages.upperBound].id,
      window: (list.elements.first?.id ?? 0)...(list.elements.last?.id ?? 0))
    guard now != shown else { return .none }
    shown = now
    return .merge(
      .send(.list(.elementAppeared(now.screen.upperBound))), .send(.list(.elementAppeared(now.screen.lowerBound))),
      .send(.list(.elementAppeared(list.selection))))
  }
}

/// What the browser last told the window it shows: the messages on screen, within the window's.
struct Shown: Equatable, Sendable {
  /// The first and last message on screen.
  var screen: ClosedRange<Message.ID>
  /// The first and last message of the window.
  var window: ClosedRange<Message.ID>
}
