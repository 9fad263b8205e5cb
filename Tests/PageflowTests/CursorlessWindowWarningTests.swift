import Pageflow
import Testing

/// A window that cannot evict because the loader dropped the cursors toward the pages it would
/// evict (a Relay mapping that trusts `hasPreviousPage: false` while paging forward) holds more than
/// `maxElements`: a debug build says so, once, naming the likely cause.
@MainActor
struct CursorlessWindowWarningTests {
  let pages = MessagePages(size: 5, total: 100)

  /// Scrolls through the whole list with `maxElements` 30 (pages of 5 need 25: the limit is
  /// enough), row by row, down from the first page or up from the last, with a loader that drops
  /// the cursor back toward where the scroll started when `dropping`; returns the warnings and the
  /// largest window seen.
  func scroll(down: Bool, dropping: Bool) async -> (warnings: [String], largest: Int) {
    let pages = pages
    let feature = Feature(maxElements: 30) { request in
      let number = Int(request.cursor?.rawValue.dropFirst("page-".count) ?? "0") ?? 0
      var page = pages.page(number)
      if dropping, down { page.previous = nil }  // hasPreviousPage: false, mapped as written
      if dropping, !down { page.next = nil }  // hasNextPage: false, mapped as written
      return page
    }
    var largest = 0
    let warnings = await RuntimeWarning.$sink.collecting {
      let store = Store(initialState: pages.state(at: down ? 0 : pages.lastPage)) { feature }
      for id in down ? Array(0..<pages.total) : (0..<pages.total).reversed() {
        await store.send(.elementAppeared(id)).finish()
        largest = max(largest, store.state.elements.count)
      }
    }
    return (warnings, largest)
  }

  @Test func aLoaderThatDropsTheBackwardCursorHoldingTheWindowOverItsLimitIsWarnedAboutOnce() async {
    let (warnings, largest) = await scroll(down: true, dropping: true)
    #expect(largest == 100)  // nothing could be evicted: no page has a cursor back
    // The same sentence each time: printed once per process (a test collects every one).
    #expect(!warnings.isEmpty && Set(warnings).count == 1)
    let warning = warnings.first ?? ""
    #expect(warning.contains("maxElements 30"))
    #expect(warning.contains("nothing can be evicted at the start"))
    #expect(warning.contains("no previous cursor"))
    #expect(warning.contains("hasPreviousPage"))
  }

  @Test func aLoaderThatDropsTheForwardCursorPagingBackwardIsWarnedAboutAtTheEnd() async {
    let (warnings, largest) = await scroll(down: false, dropping: true)
    #expect(largest == 100)
    #expect(!warnings.isEmpty && Set(warnings).count == 1)
    let warning = warnings.first ?? ""
    #expect(warning.contains("nothing can be evicted at the end"))
    #expect(warning.contains("no next cursor"))
    #expect(warning.contains("hasNextPage"))
  }

  @Test func aLoaderWithCursorsBothWaysEvictsWithoutAWarning() async {
    for down in [true, false] {
      let (warnings, largest) = await scroll(down: down, dropping: false)
      #expect(largest <= 30)
      #expect(warnings.isEmpty)
    }
  }
}
