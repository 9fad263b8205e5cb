import Testing

@testable import Pageflow

/// The generation check itself: a list accepts an answer only from its own loads of its current
/// generation, even when another list, or this list before a refresh, is loading the same request.
@MainActor
struct PaginationGenerationTests {
  let pages = MessagePages()
  let feature = Feature { _ in Page(elements: []) }

  func loadingNextPage() -> Feature.State {
    var state = pages.state(at: 0)
    _ = feature.reduce(into: &state, action: .loadPage(.bottom))
    return state
  }

  func answer(_ generation: UInt64) -> Feature.Action {
    .pageResponse(
      Feature.PageResponse(request: .bottom("page-1"), result: .success(pages.page(1)), generation: generation))
  }

  @Test func anAnswerFromAnotherListLoadingTheSameRequestIsDropped() {
    var list = loadingNextPage()
    let other = loadingNextPage()
    #expect(list.endStatus == other.endStatus)
    let before = list

    _ = feature.reduce(into: &list, action: answer(other.generation))
    #expect(list == before)
    #expect(list.endStatus == .loading(.bottom("page-1")))

    _ = feature.reduce(into: &list, action: answer(list.generation))
    #expect(list.elements.map(\.id) == [0, 1, 2, 3, 4, 5])
    #expect(list.endStatus == .idle)
  }

  @Test func anAnswerFromBeforeARefreshIsDroppedWhenTheSameRequestLoadsAgain() {
    var list = loadingNextPage()
    let beforeRefresh = list.generation
    _ = feature.reduce(into: &list, action: .refreshFromStart)
    _ = feature.reduce(
      into: &list,
      action: .pageResponse(
        Feature.PageResponse(request: .refreshing(.first), result: .success(pages.page(0)), generation: list.generation)
      ))
    _ = feature.reduce(into: &list, action: .loadPage(.bottom))
    #expect(list.endStatus == .loading(.bottom("page-1")))
    let reloading = list

    _ = feature.reduce(into: &list, action: answer(beforeRefresh))
    #expect(list == reloading)

    _ = feature.reduce(into: &list, action: answer(list.generation))
    #expect(list.elements.map(\.id) == [0, 1, 2, 3, 4, 5])
  }
}
