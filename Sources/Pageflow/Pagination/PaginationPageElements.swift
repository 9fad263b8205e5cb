/// The elements of one page, and the page of one element: for a view that draws a separator
/// between pages or a "loaded 60 of 200" bar.
extension PaginationFeature.State {
  /// The elements that came from page `index` of ``pages``, in order: a slice of ``elements``
  /// found in O(1). Empty when there is no such page, or when every element of the page was a
  /// duplicate or has been removed since.
  ///
  /// ```swift
  /// ForEach(state.pages.indices, id: \.self) { page in
  ///   Section("Page \(page + 1)") {
  ///     ForEach(state.elements(ofPage: page)) { message in MessageRow(message) }
  ///   }
  /// }
  /// ```
  public func elements(ofPage index: Int) -> IdentifiedElements<Element>.SubSequence {
    guard let range = pages.range(ofPage: index) else { return elements[0..<0] }
    return elements[range.clamped(to: elements.indices)]
  }

  /// The offset in ``pages`` of the page that the element with `id` came from: O(log pages); nil
  /// when it is not loaded.
  ///
  /// ```swift
  /// let page = state.page(containing: state.selection)  // "page 3 of 10"
  /// ```
  public func page(containing id: Element.ID) -> Int? {
    elements.index(id: id).flatMap(pages.page(containingOffset:))
  }
}
