import Testing

@testable import Pageflow

/// How far back a list's record of edits reaches: the last 512 edits, one per action on the
/// elements however many rows it touches, and the ids of up to 65,536 removed elements held by all
/// but the newest; a reader that reads after every change is never told to reload.
struct ChangeRecordBoundTests {
  @Test func aReaderThatReadsAfterEveryPageIsNeverToldToReloadHoweverManyRowsWereEvicted() throws {
    // Pages of 300 under a window of 1,500: past 65,536 evicted ids after 219 pages.
    var elements = IdentifiedElements((0..<1_500).map { Message($0) })
    var mirror = Array(elements)
    var version = try #require(elements.changeVersion)
    for page in 5..<300 {
      elements.append(contentsOf: (page * 300..<(page + 1) * 300).map { Message($0) })
      elements.removeFirst(300)
      let read = elements.changes(since: version)
      let changes = try #require(read, "page \(page): told to reload")
      try changes.apply(to: &mirror, from: elements)
      version = try #require(elements.changeVersion)
    }
    #expect(mirror == Array(elements))
  }

  @Test func oneRemovalOfManyScatteredRowsIsOneEditForTheReader() throws {
    var elements = IdentifiedElements((0..<1_800).map { Message($0) })
    let version = try #require(elements.changeVersion)
    elements.removeAll { $0.id.isMultiple(of: 3) }  // 600 runs of one row each
    let read = elements.changes(since: version)
    let changes = try #require(read)
    #expect(changes.removedIDs == Array(stride(from: 0, to: 1_800, by: 3)))
    var mirror = (0..<1_800).map { Message($0) }
    try changes.apply(to: &mirror, from: elements)
    #expect(mirror == Array(elements))
  }

  @Test func aReplacedWindowWithManyRunsOfChangesIsOneEditForTheReader() throws {
    let old = IdentifiedElements((0..<1_200).map { Message($0) })
    let version = try #require(old.changeVersion)
    // Every other row changed, every third gone: hundreds of runs of each.
    var fresh = IdentifiedElements(
      (0..<1_200).filter { !$0.isMultiple(of: 3) }.map { Message($0, $0.isMultiple(of: 2) ? "edited" : nil) })
    fresh.continueChanges(of: old)
    let read = fresh.changes(since: version)
    let changes = try #require(read)
    var mirror = Array(old)
    try changes.apply(to: &mirror, from: fresh)
    #expect(mirror == Array(fresh))
  }

  @Test func theRecordKeepsExactlyTheLast512Edits() throws {
    var elements = IdentifiedElements((0..<4).map { Message($0) })
    var versions = [try #require(elements.changeVersion)]
    for index in 0..<600 {
      elements[id: index % 4]?.text = "edit \(index)"
      versions.append(try #require(elements.changeVersion))
    }
    let behind = [400, 512, 513].map { elements.changes(since: versions[600 - $0]) != nil }
    #expect(behind == [true, true, false])
  }

  @Test func theNewestEditIsKeptHoweverManyIdsItRemoves() throws {
    var elements = IdentifiedElements((0..<70_000).map { Message($0) })
    elements.removeFirst(1)
    let version = try #require(elements.changeVersion)
    elements.removeAll()  // 69,999 ids in one edit
    let removed = elements.changes(since: version)?.removedIDs.count
    #expect(removed == 69_999)
    elements.append(Message(1))
    let afterAnother = elements.changes(since: version)
    #expect(afterAnother == nil)  // the ids of more than the bound: gone
  }
}
