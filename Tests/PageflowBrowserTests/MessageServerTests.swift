import Foundation
import Pageflow
import Testing

@testable import PageflowBrowser

struct MessageServerTests {
  let folder: TemporaryFolder
  let server: MessageServer

  init() throws {
    folder = try TemporaryFolder()
    server = try MessageServer(path: folder.path("server.sqlite"), count: 3_000)
  }

  func page(_ position: PageRequest.Position, _ filter: MessageFilter = .all, limit: Int = 10) throws -> Page<Message> {
    try server.page(PageRequest(position, context: filter), limit: limit)
  }

  @Test func theChannelHoldsItsMessagesInOrderOfDateWithIdsFromZero() throws {
    var ids: [Int64] = []
    var dates: [Date] = []
    var request = PageRequest(.first)
    while true {
      let page = try server.page(request, limit: 500)
      ids += page.elements.map(\.id)
      dates += page.elements.map(\.created)
      guard let next = page.next else { break }
      request = PageRequest(.after(next))
    }
    #expect(ids == Array(0..<3_000))
    #expect(dates == dates.sorted() && Set(dates).count == dates.count)
  }

  @Test func pagesCarryTheKeysOfTheirEndsAsCursorsBothWays() throws {
    let first = try page(.first)
    #expect(first.elements.map(\.id) == Array(0..<10) && first.previous == nil)
    let next = try #require(first.next)
    #expect(try next.decode(Message.Key.self) == first.elements[9].key)

    let second = try page(.after(next))
    #expect(second.elements.map(\.id) == Array(10..<20))
    let previous = try #require(second.previous)
    #expect(try page(.before(previous)).elements.map(\.id) == Array(0..<10))

    let last = try page(.last)
    #expect(last.elements.map(\.id) == Array(2_990..<3_000) && last.next == nil && last.previous != nil)
  }

  @Test func aPageAroundAMessageNamedByIdHoldsHalfBeforeItAndTheRestFromIt() throws {
    let around = try page(.around("1500"))
    #expect(around.elements.map(\.id) == Array(1_495..<1_505))
    #expect(around.previous != nil && around.next != nil)
    #expect(try page(.around("2")).elements.map(\.id) == Array(0..<7))
  }

  @Test func aPlaceSomeMessagesFromOneIsWhereAFlingLands() throws {
    #expect(try page(.around("100+1000")).elements.map(\.id) == Array(1_095..<1_105))
    #expect(try page(.around("1500-1000")).elements.map(\.id) == Array(495..<505))
    #expect(try page(.around("2990+50")).elements.last?.id == 2_999)  // past the end: the last message
    let mentions = try page(.first, .mentions, limit: 1_000).elements
    let landing = try page(.around(PaginationCursor("\(mentions[0].id)+20")), .mentions, limit: 2).elements
    #expect(landing.map(\.id) == [mentions[19].id, mentions[20].id])  // counted in the filter's messages
  }

  @Test func aFilterHoldsOnlyItsMessagesAndPlacesAMessageOutsideItByItsDate() throws {
    let mentions = try page(.first, .mentions, limit: 1_000).elements
    #expect(!mentions.isEmpty && mentions.allSatisfy(\.isMention))
    let unread = try page(.last, .unread, limit: 100).elements
    #expect(unread.allSatisfy(\.isUnread) && unread.last?.id == 2_999)

    // A message that is not a mention: the mentions sent just before and after it.
    let outside = try #require((1_000..<2_000).first { id in !mentions.contains { $0.id == id } })
    let around = try page(.around(PaginationCursor("\(outside)")), .mentions, limit: 4).elements
    #expect(around.map(\.id) == around.map(\.id).sorted())
    #expect(around.prefix(2).allSatisfy { $0.id < outside } && around.suffix(2).allSatisfy { $0.id > outside })
  }

  @Test func anUnknownMessageOrCursorIsAnErrorNotAnEmptyPage() throws {
    #expect(throws: MessageServer.Failure.noSuchMessage(5_000)) { try page(.around("5000")) }
    #expect(throws: MessageServer.Failure.badCursor("page-2")) { try page(.after("page-2")) }
  }

  @Test func theSameCountGivesTheSameChannelAndAnotherCountRebuildsIt() throws {
    let again = try MessageServer(path: folder.path("server.sqlite"), count: 3_000) { Issue.record("rebuilt") }
    #expect(try again.page(PageRequest(.last), limit: 5) == page(.last, limit: 5))
    var rebuilt = false
    let bigger = try MessageServer(path: folder.path("server.sqlite"), count: 4_000) { rebuilt = true }
    #expect(rebuilt && bigger.count == 4_000)
    #expect(try bigger.page(PageRequest(.last), limit: 1).elements.map(\.id) == [3_999])
  }

  @Test func aFileThatIsNotTheServersDatabaseIsBuiltAnew() throws {
    let path = folder.path("foreign.sqlite")
    try Data("not a database".utf8).write(to: URL(filePath: path))
    var rebuilt = false
    let server = try MessageServer(path: path, count: 100) { rebuilt = true }
    #expect(rebuilt && server.count == 100)
  }
}
