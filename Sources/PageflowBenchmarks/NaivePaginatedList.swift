/// The baseline: a paginated list as a simple implementation keeps it, as an array of pages that is
/// flattened and de-duplicated every time the elements are read.
struct NaivePaginatedList {
  var pages: [[BenchRow]]
  var selection: Int

  /// The elements: every page, in order, first copy of each id kept. O(loaded) on every access.
  var elements: [BenchRow] {
    var seen = Set<Int>()
    return pages.joined().filter { seen.insert($0.id).inserted }
  }

  /// Takes in a page at the end, and reads the list once (to show it), as such an implementation does.
  mutating func append(_ page: [BenchRow]) {
    pages.append(page)
    blackHole(elements.count)
  }

  /// Takes in a page at the start, and reads the list once.
  mutating func prepend(_ page: [BenchRow]) {
    pages.insert(page, at: 0)
    blackHole(elements.count)
  }

  /// Moves the selection to the next element.
  mutating func selectNext() {
    let all = elements
    guard let index = all.firstIndex(where: { $0.id == selection }), index + 1 < all.count else { return }
    selection = all[index + 1].id
  }

  /// The element with `id`.
  func element(id: Int) -> BenchRow? {
    elements.first { $0.id == id }
  }

  /// `size` rows in pages of 50, ids 0..<size, with the first selected.
  init(size: Int) {
    pages = (0..<(size / BenchRow.pageSize)).map { BenchRow.page($0) }
    selection = 0
  }
}
