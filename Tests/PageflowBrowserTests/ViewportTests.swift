import Testing

@testable import PageflowBrowser

struct ViewportTests {
  @Test func theSelectionMovesOnScreenUntilItReachesTheMarginThenTheListScrolls() {
    // 100 messages, 10 lines, the selection on line 5 at #40.
    var viewport = Viewport(selection: 40, previousRow: 5, previousIndex: 40, count: 100, height: 10)
    #expect(viewport.selectionRow == 5 && viewport.top == 36)
    viewport = Viewport(selection: 42, previousRow: 5, previousIndex: 40, count: 100, height: 10)
    #expect(viewport.selectionRow == 7 && viewport.top == 36)
    viewport = Viewport(selection: 45, previousRow: 7, previousIndex: 42, count: 100, height: 10)
    #expect(viewport.selectionRow == 7 && viewport.top == 39)  // two lines kept below it
    #expect(viewport.messages == 38...47)
  }

  @Test func atTheEndsOfTheWindowItsHeaderAndFooterAreOnScreen() {
    let top = Viewport(selection: 0, previousRow: 5, previousIndex: 3, count: 100, height: 10)
    #expect(top.top == 0 && top.selectionRow == 1 && top.showsHeader && !top.showsFooter)
    let bottom = Viewport(selection: 99, previousRow: 5, previousIndex: 96, count: 100, height: 10)
    #expect(bottom.selectionRow == 8 && bottom.showsFooter && bottom.messages == 91...99)
  }

  @Test func pagesArrivingAboveLeaveTheSelectionOnItsLine() {
    // The selection was #5 on line 6; a page of 50 arrives above: it is #55 now, on line 6 still.
    let viewport = Viewport(selection: 55, previousRow: 6, previousIndex: 55, count: 100, height: 20)
    #expect(viewport.selectionRow == 6 && viewport.top == 50)
  }

  @Test func aSelectionWhoseLineIsUnknownIsCentredAndAShortWindowStartsAtTheTop() {
    #expect(Viewport(selection: 50, previousRow: 0, previousIndex: nil, count: 100, height: 20).selectionRow == 10)
    let short = Viewport(selection: 3, previousRow: 0, previousIndex: nil, count: 5, height: 20)
    #expect(short.top == 0 && short.selectionRow == 4 && short.showsHeader && short.showsFooter)
  }
}
