import Pageflow
import PageflowTesting
import Testing

@testable import PageflowBrowser

/// The terminal is drawn from the window's change sets, as a collection view is: rows that arrive
/// or leave move the lines on screen with the terminal's own line operations, and only the lines
/// that changed are written.
@MainActor
struct ScreenUpdateTests {
  typealias List = PaginationFeature<Message>
  let loader = ControllablePageLoader<Message>()

  /// The even messages #500 … #598 in memory, #540 selected on the middle line of an 80x24
  /// screen: its list lines 1 … 20 show #520 … #558, #540 on line 11.
  func store() async -> TestStore<Browser.State, Browser.Action> {
    let page = Page(previous: "500", next: "598", elements: stride(from: 500, to: 600, by: 2).map(Message.sample))
    let store = TestStore(initialState: sampleState(page, selection: 540)) { [loader] in
      Browser(pagination: List(areInIncreasingOrder: { $0.id < $1.id }, loadPage: loader.loadPage)) { _ in }
    }
    store.exhaustivity = .off
    await store.send(.resized(.standard))
    return store
  }

  /// The update that draws the store's state after `action`, from the frame before it.
  func update(
    _ store: TestStore<Browser.State, Browser.Action>, after action: () async -> Void
  ) async -> ScreenUpdate {
    var frames = FrameWriter()
    _ = frames.update(to: Self.screen(store.state), list: store.state.list)
    await action()
    return frames.update(to: Self.screen(store.state), list: store.state.list)
  }

  static func screen(_ state: Browser.State) -> Screen { Screen(state: state, gauges: ScreenTests.gauges) }

  @Test func aFrameTheTerminalDidNotTakeIsFollowedByAWholeOne() async {
    let store = await store()
    var frames = FrameWriter()
    var written: [String] = []
    frames.draw(Self.screen(store.state), list: store.state.list) { _ in true }
    await store.send(.list(.insert(.sample(545), at: .sorted)))
    frames.draw(Self.screen(store.state), list: store.state.list) { _ in false }  // the write failed
    await store.send(.list(.insert(.sample(547), at: .sorted)))
    frames.draw(Self.screen(store.state), list: store.state.list) {
      written.append($0)
      return true
    }
    // What the terminal shows is not known: the next frame clears it and draws every line.
    #expect(written.count == 1 && written[0].contains("\u{1B}[2J"))
    #expect(written[0].contains("545") && written[0].contains("547"))
    store.skipInFlightEffects()
  }

  @Test func aPageArrivingAboveTheScreenMovesNoLineAndWritesOnlyTheGaugesThatChanged() async {
    let store = await store()
    await store.send(.list(.loadPage(.top)))
    let update = await update(store) {
      loader.respond(
        to: PageRequest(.before("500"), context: MessageFilter.all),
        with: Page(next: "498", elements: stride(from: 400, to: 500, by: 2).map(Message.sample)))
      await store.receive(case: { .list(.pageResponse($0)) })
    }
    #expect(store.state.list.elements.count == 100 && store.state.selectionRow == 10)
    // The disk map (the window in memory grew) and the status line (mem 100), no line of the list.
    let lines = Self.screen(store.state).styledLines
    #expect(update.operations == [.write(lines[21], line: 21), .write(lines[22], line: 22)])
    store.skipInFlightEffects()
  }

  @Test func aLiveInsertBelowTheSelectionInsertsOneLineAndWritesIt() async {
    let store = await store()
    let update = await update(store) { await store.send(.list(.insert(.sample(545), at: .sorted))) }
    let lines = Self.screen(store.state).styledLines
    #expect(lines[14].contains("545"))
    #expect(update.operations == [.insert(count: 1, at: 14), .write(lines[14], line: 14), .write(lines[22], line: 22)])
    #expect(
      update.text
        == "\u{1B}[2;21r\u{1B}[15;1H\u{1B}[1L\u{1B}[r\u{1B}[15;1H\u{1B}[K\(lines[14])\u{1B}[0m"
        + "\u{1B}[23;1H\u{1B}[K\(lines[22])\u{1B}[0m")
    store.skipInFlightEffects()
  }

  /// The selection keeps its line: the lines above the message that arrived scroll up by one.
  @Test func aLiveInsertAboveTheSelectionScrollsTheLinesAboveIt() async {
    let store = await store()
    let update = await update(store) { await store.send(.list(.insert(.sample(525), at: .sorted))) }
    let lines = Self.screen(store.state).styledLines
    #expect(lines[3].contains("525") && lines[11].contains("▶"))
    #expect(
      update.operations == [
        .delete(count: 1, at: 1), .insert(count: 1, at: 3), .write(lines[3], line: 3), .write(lines[22], line: 22),
      ])
    #expect(update.text.hasPrefix("\u{1B}[2;21r\u{1B}[1S\u{1B}[4;1H\u{1B}[1L\u{1B}[r"))
    store.skipInFlightEffects()
  }

  @Test func aRemovalDeletesItsLineAndWritesTheOneThatComesInAtTheBottom() async {
    let store = await store()
    let update = await update(store) { await store.send(.list(.remove(550))) }
    let lines = Self.screen(store.state).styledLines
    #expect(lines[20].contains("560"))
    #expect(update.operations == [.delete(count: 1, at: 16), .write(lines[20], line: 20), .write(lines[22], line: 22)])
    store.skipInFlightEffects()
  }

  /// One line, 52 bytes, where drawing the frame whole writes 1,646.
  @Test func anUpdateInPlaceRewritesItsLineOnlyAFractionOfTheFramesBytes() async {
    let store = await store()
    var edited = Message.sample(546)
    edited.text = "edited"
    let update = await update(store) { await store.send(.list(.update(edited))) }
    let screen = Self.screen(store.state)
    let lines = screen.styledLines
    #expect(update.operations == [.write(lines[14], line: 14)] && lines[14].hasSuffix("edited"))
    let (sent, whole) = (update.text.utf8.count, ScreenUpdate(from: nil, to: screen, changes: nil).text.utf8.count)
    #expect(sent * 20 < whole, "\(sent) bytes, the whole frame \(whole)")
    store.skipInFlightEffects()
  }

  @Test func aReloadWritesEveryLineAndAResizeClearsTheScreenFirst() async {
    let store = await store()
    let before = Self.screen(store.state)
    await store.send(.key(.down))
    let after = Self.screen(store.state)
    let reload = ScreenUpdate(from: before, to: after, changes: nil)
    #expect(reload.operations == after.styledLines.enumerated().map { .write($1, line: $0) })
    await store.send(.resized(TerminalSize(columns: 100, rows: 30)))
    let resized = Self.screen(store.state)
    let redraw = ScreenUpdate(from: after, to: resized, changes: .none(count: 50))
    #expect(redraw.operations.first == .clear)
    #expect(redraw.operations.count == 1 + resized.lines.count { !$0.isEmpty })
    store.skipInFlightEffects()
  }
}
