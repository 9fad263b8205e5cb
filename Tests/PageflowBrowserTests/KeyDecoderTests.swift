import Testing

@testable import PageflowBrowser

struct KeyDecoderTests {
  func keys(_ chunks: [UInt8]...) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.keys(from: $0) }
  }

  @Test func lettersControlKeysAndArrowsAreDecoded() {
    #expect(keys(Array("jkG:/".utf8)) == "jkG:/".map(Key.character))
    #expect(keys([0x0D, 0x7F, 0x03]) == [.enter, .backspace, .interrupt])
    #expect(keys(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
    #expect(keys(Array("\u{1B}OA\u{1B}OB".utf8)) == [.up, .down])
    #expect(keys(Array("\u{1B}[5~\u{1B}[6~".utf8)) == [.pageUp, .pageDown])
  }

  @Test func aSequenceCutBetweenTwoReadsIsDecodedWhole() {
    #expect(keys(Array("j\u{1B}[".utf8), Array("6~k".utf8)) == [.character("j"), .pageDown, .character("k")])
    #expect(keys([0xC3], [0xA9]) == [.character("é")])
  }

  @Test func aLoneEscapeIsTheEscapeKeyAndUnknownSequencesAreSkipped() {
    #expect(keys([0x1B]) == [.escape])
    #expect(keys(Array("\u{1B}x".utf8)) == [.escape, .character("x")])
    #expect(keys(Array("\u{1B}[1;5Hq".utf8)) == [.character("q")])
    #expect(keys([0x01, 0x02]) == [])
  }
}
