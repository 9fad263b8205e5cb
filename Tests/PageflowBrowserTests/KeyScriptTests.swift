import Testing

@testable import PageflowBrowser

struct KeyScriptTests {
  @Test func aScriptNamesKeysAndANumberAfterAColonJumps() throws {
    let keys = try KeyScript.keys("j j G : 500000 q")
    let expected: [Key] = [.character("j"), .character("j"), .character("G"), .character(":")]
    #expect(keys == expected + "500000".map(Key.character) + [.enter, .character("q")])
    #expect(
      try KeyScript.keys("up down pgdn pgup left right esc ctrl-c") == [
        .up, .down, .pageDown, .pageUp, .left, .right, .escape, .interrupt,
      ])
  }

  @Test func aTokenThatIsNoKeyIsRefusedByName() {
    #expect(throws: KeyScript.Unreadable(token: "jump")) { try KeyScript.keys("j jump") }
    #expect(throws: KeyScript.Unreadable(token: "500000")) { try KeyScript.keys("500000") }
  }
}
