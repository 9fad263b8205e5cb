import Pageflow
import Testing

/// What a list shows at one of its edges is asked for with the edge or with a direction that loads
/// there, whichever a caller has at hand.
struct EdgeOrDirectionTests {
  struct Offline: Error {}

  /// Page 1 of the fixture: a failed start, a loading end with new elements beyond it.
  var list: Feature.State {
    var list = MessagePages().state(at: 1)
    list.startStatus = .failed(LoadError(Offline()), retryable: true)
    list.endStatus = .loading(.bottom("page-2"))
    list.unseenAtEnd = 2
    return list
  }

  @Test func theStatusOfAnEdgeIsAskedForByEdgeOrDirection() {
    for direction in PaginationDirection.allCases {
      #expect(list.status(direction.edge) == list.status(direction))
    }
    #expect(list.status(.start) == list.startStatus)
    #expect(list.status(.end) == list.endStatus)
  }

  @Test func unseenElementsAreAskedForByEdgeOrDirection() {
    #expect(list.unseen(.bottom) == 2)
    #expect(list.unseen(.trailing) == 2)
    #expect(list.unseen(.top) == 0)
    #expect(list.unseen(.end) == 2)
  }

  @Test func theFooterOfAnEdgeLoadsVertically() {
    #expect(list.loadMore(.start) == list.loadMore(.top))
    #expect(list.loadMore(.end) == list.loadMore(.bottom))
    #expect(list.loadMore(.end).edge == .end)
  }
}
