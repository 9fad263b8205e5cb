import Foundation
import Pageflow
import Testing

@testable import PageflowBrowser

/// The browser run over a channel in memory and drawn frame by frame on an emulated terminal, as
/// `Terminal` draws it: after every frame the terminal shows exactly that frame, as a full redraw
/// on a blank screen shows it, and what it was sent is the lines that changed, not the screen.
@MainActor
struct EmulatedTerminalTests {
  /// The browser, its frames, and the terminal they are drawn on.
  @MainActor
  final class Session {
    let store: Store<Browser.State, Browser.Action>
    var frames = FrameWriter()
    var terminal = TerminalEmulator(size: .standard)
    /// What the terminal was sent, frame by frame.
    var updates: [ScreenUpdate] = []
    /// The bytes that rewriting each line that changed, without moving any, would have sent, frame
    /// by frame (the browser's drawing before it read change sets).
    var rewritten: [Int] = []
    /// The bytes of each frame drawn whole: every line written, as after a reload.
    var whole: [Int] = []

    /// The browser over a channel of 100,000 messages (ids 0, 64, … 6,399,936), a window of at
    /// most 200 of them, opened at the newest.
    init(size: TerminalSize = .standard) async {
      let channel = SampleChannel(count: 100_000)
      let pagination = PaginationFeature<Message>(
        maxElements: 200, areInIncreasingOrder: { $0.id < $1.id },
        offsetCursor: { id, rows in PaginationCursor("\(id)\(rows < 0 ? "" : "+")\(rows)") }
      ) { channel.page($0) }
      store = Store(initialState: Browser.State(size: size), reducer: Browser(pagination: pagination) { _ in })
      await store.send(.start).finish()
    }

    /// Runs `action` and what it sets off.
    func send(_ action: Browser.Action) async {
      await store.send(action).finish()
    }

    /// Types `keys`, one key at a time.
    func type(_ keys: String) async {
      for key in keys { await send(.key(.character(key))) }
    }

    /// The frame of the browser's state now.
    func screen(spinner: Int = 0) -> Screen {
      Screen(state: store.state, gauges: Gauges(channelMessages: 6_400_000), frame: spinner)
    }

    /// The last update sent.
    var last: ScreenUpdate { updates[updates.count - 1] }

    /// Draws the frame of the browser's state; returns whether the terminal shows it, exactly as
    /// it does the same frame drawn whole on a blank screen, each line's text to its last column.
    func draw(spinner: Int = 0) -> Bool {
      let screen = screen(spinner: spinner)
      let before = frames.shown
      let update = frames.update(to: screen, list: store.state.list)
      updates.append(update)
      if terminal.size != screen.size { terminal = TerminalEmulator(size: screen.size) }
      terminal.receive(update.text)
      let lines = screen.styledLines
      let rewrite = before.map {
        ScreenUpdate(region: 0..<0, operations: ScreenUpdate.writes(lines, over: $0.styledLines))
      }
      rewritten.append((rewrite ?? update).text.utf8.count)
      whole.append(ScreenUpdate(from: before ?? screen, to: screen, changes: nil).text.utf8.count)
      var redrawn = TerminalEmulator(size: screen.size)
      redrawn.receive(ScreenUpdate(from: nil, to: screen, changes: nil).text)
      let text = screen.lines.map { line in
        var line = line
        while line.last == " " { line.removeLast() }
        return line
      }
      return terminal.grid == redrawn.grid && terminal.text == text && terminal.unknown.isEmpty
        && redrawn.unknown.isEmpty
    }

    /// Presses `key` `times` times, drawing a frame after each; returns whether the terminal showed
    /// every one of them exactly.
    func press(_ key: Key, times: Int = 1) async -> Bool {
      var shown = true
      for _ in 0..<times {
        await send(.key(key))
        shown = draw() && shown
      }
      return shown
    }

    /// The lines of the message list the last update wrote.
    var listLinesWritten: [Int] {
      last.operations.compactMap { if case .write(_, let line) = $0, last.region.contains(line) { line } else { nil } }
    }

    /// The lines the last update moved: its insertions and deletions.
    var moves: [ScreenUpdate.Operation] {
      last.operations.filter { if case .write = $0 { false } else { true } }
    }

    /// The index in the window of the message `count` messages above the first on screen.
    func index(aboveScreen count: Int) -> Int {
      (screen().shownMessages.lazy.compactMap { $0?.index }.first ?? 0) - count
    }

    /// The index in the window of the message `count` messages below the last on screen.
    func index(belowScreen count: Int) -> Int {
      (screen().shownMessages.compactMap { $0?.index }.last ?? 0) + count
    }

    /// The index of the selected message in the window.
    var selection: Int { store.state.list.selectionIndex ?? 0 }

    /// A live insert just after the message at `index` of the window.
    func insert(after index: Int) async {
      await send(.list(.insert(.sample(store.state.list.elements[index].id + 1), at: .sorted)))
    }
  }

  /// Each `j` past the margin scrolls the list's lines up by one and writes three of them: the line
  /// the selection left, the one it reached, and the one that came in at the bottom (and a gauge
  /// when it changed), where rewriting each line that changed wrote them all.
  @Test func holdingJScrollsTheListAndWritesTheThreeLinesThatChanged() async {
    let session = await Session()
    await session.type(":3200000")
    await session.send(.key(.enter))
    for _ in 0..<10 { await session.send(.key(.character("j"))) }  // down to the margin
    #expect(session.draw())
    for _ in 0..<100 {
      await session.send(.key(.character("j")))
      #expect(session.draw())
      #expect(session.moves == [.delete(count: 1, at: 1)])
      #expect(session.listLinesWritten.count == 3, "\(session.listLinesWritten)")
    }
    let sent = session.updates.suffix(100).map(\.text.utf8.count).reduce(0, +)
    let rewritten = session.rewritten.suffix(100).reduce(0, +)
    #expect(sent * 5 < rewritten, "\(sent) bytes sent, \(rewritten) rewriting each line that changed")
  }

  /// A scripted session: after each step the terminal shows what a full redraw shows; live changes
  /// off screen write no line of the list, one on screen the lines it touched; when the reader can
  /// no longer tell what changed, every line is written.
  @Test func theTerminalShowsEachFrameOfAScriptedSessionAsAFullRedrawWould() async throws {
    let session = await Session()
    #expect(session.draw(), "open at the newest")
    await session.type(":3200000")
    #expect(session.draw(), "the prompt")
    #expect(await session.press(.enter), "jump to #3,200,000")
    #expect(await session.press(.character("j"), times: 30), "scroll down")
    #expect(await session.press(.character("k"), times: 15), "scroll up")
    #expect(await session.press(.pageDown), "page down")
    #expect(await session.press(.pageUp), "page up")
    #expect(await session.press(.character("j"), times: 8), "to the middle of the screen")
    #expect(session.store.state.selectionRow == 10)

    await session.insert(after: session.index(aboveScreen: 3))
    #expect(session.draw(), "a live insert above the screen")
    #expect(session.moves.isEmpty && session.listLinesWritten.isEmpty)
    await session.insert(after: session.index(belowScreen: 3))
    #expect(session.draw(), "a live insert below the screen")
    #expect(session.moves.isEmpty && session.listLinesWritten.isEmpty)
    await session.insert(after: session.selection - 3)
    #expect(session.draw(), "a live insert on screen, above the selection")
    #expect(session.moves.count == 2 && session.listLinesWritten.count == 1)
    await session.insert(after: session.selection + 3)
    #expect(session.draw(), "a live insert on screen, below the selection")
    #expect(session.moves.count == 1 && session.listLinesWritten.count == 1)

    var edited = session.store.state.list.elements[session.selection + 1]
    edited.text += " edited"
    await session.send(.list(.update(edited)))
    #expect(session.draw(), "an update on screen")
    #expect(session.moves.isEmpty && session.listLinesWritten.count == 1)
    let frame = session.whole[session.whole.count - 1]
    #expect(session.last.text.utf8.count * 20 < frame, "\(session.last.text.utf8.count) bytes of \(frame)")
    edited = session.store.state.list.elements[session.index(belowScreen: 5)]
    edited.text += " edited"
    await session.send(.list(.update(edited)))
    #expect(session.draw(), "an update off screen")
    #expect(session.last.operations.isEmpty)
    await session.send(.list(.remove(session.store.state.list.elements[session.selection + 2].id)))
    #expect(session.draw(), "a removal on screen")
    #expect(session.moves.count == 1)
    for round in 0..<600 {  // more edits between two frames than the record keeps
      edited.text = "edited \(round)"
      await session.send(.list(.update(edited)))
    }
    #expect(session.draw(), "a reload")
    #expect(session.last.operations == session.screen().styledLines.enumerated().map { .write($1, line: $0) })

    let first = session.store.state.list.elements.first?.id
    #expect(await session.press(.character("j"), times: 400), "pages loaded below and evicted above")
    #expect(session.store.state.list.elements.count <= 200)
    #expect(try #require(session.store.state.list.elements.first?.id) > #require(first), "evicted above")

    #expect(await session.press(.character("G")), "jump to the newest")
    #expect(await session.press(.character("g")), "jump to the oldest")
    #expect(await session.press(.character("f")), "fling down")
    #expect(await session.press(.character("j"), times: 5), "after the fling")
    #expect(await session.press(.character("r")), "refresh")
    #expect(await session.press(.character("/")), "the next filter")
    await session.send(.resized(TerminalSize(columns: 100, rows: 30)))
    #expect(session.draw(), "resized")
    #expect(session.last.operations.first == .clear)
  }

  /// xterm holds the cursor on the last column after writing there, and an erase of the line then
  /// takes that character (the status bar, padded to the width, lost its last cell): each line is
  /// erased before it is written.
  @Test func aLineAsWideAsTheTerminalKeepsItsLastCharacter() {
    let line = String(repeating: "x", count: 79) + "y"
    var terminal = TerminalEmulator(size: .standard)
    terminal.receive(ScreenUpdate(region: 1..<21, operations: [.write(line, line: 3)]).text)
    #expect(terminal.text[3] == line && terminal.unknown.isEmpty)
    var erasedAfter = TerminalEmulator(size: .standard)
    erasedAfter.receive("\u{1B}[4;1H" + line + "\u{1B}[0m\u{1B}[K")
    #expect(erasedAfter.text[3] == String(line.dropLast()))
  }

  /// Random sessions of the browser's actions — keys, pages arriving, live inserts, updates and
  /// removals, resizes — drawn every one to three actions.
  @Test func theTerminalShowsEachFrameExactlyAfterAnySequenceOfActions() async {
    let seed = ProcessInfo.processInfo.environment["PAGEFLOW_TEST_SEED"].flatMap(UInt64.init) ?? 7
    var random = SplitMix64(seed: seed)
    let session = await Session()
    #expect(session.draw())
    let keys: [Key] = [.down, .up, .character("j"), .character("k"), .pageDown, .pageUp, .left, .right]
    for step in 0..<600 {
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let list = session.store.state.list
        let index = (list.selectionIndex ?? 0) + Int.random(in: -12...12, using: &random)
        let near = list.elements.indices.contains(index) ? list.elements[index].id : list.selection
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<60: await session.send(.key(keys[Int.random(in: 0..<keys.count, using: &random)]))
        case 60..<64: await session.send(.key(.character(["g", "G", "f", "F"].randomElement(using: &random) ?? "g")))
        case 64..<66:
          await session.type(":\(Int.random(in: 0..<6_400_000, using: &random))")
          await session.send(.key(.enter))
        case 66..<68: await session.send(.key(.character(["/", "r", "o"].randomElement(using: &random) ?? "r")))
        case 68..<78:
          await session.send(.list(.insert(.sample(near + .random(in: 1...63, using: &random)), at: .sorted)))
        case 78..<86:
          guard var message = list.elements[id: near] else { continue }
          message.text += " edited"
          await session.send(.list(.update(message)))
        case 86..<94: await session.send(.list(.remove(near)))
        case 94..<96:
          let sizes = [TerminalSize.standard, TerminalSize(columns: 120, rows: 40), TerminalSize(columns: 30, rows: 6)]
          await session.send(.resized(sizes.randomElement(using: &random) ?? .standard))
        default: break
        }
      }
      let shown = session.draw(spinner: step)
      #expect(
        shown,
        "seed \(seed) (PAGEFLOW_TEST_SEED=\(seed)), step \(step):\n\(session.terminal.text.joined(separator: "\n"))")
      guard shown else { return }
    }
  }
}
