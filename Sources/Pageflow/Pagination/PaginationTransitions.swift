extension PaginationFeature {
  /// What a transition asks the reducer to do.
  @usableFromInline
  enum Command {
    /// Start loading `request`.
    case load(PageRequest)
    /// Cancel the load at `edge`.
    case cancel(PaginationEdge)
    /// Tell the parent the selection moved.
    case didSelect(Element)
    /// Tell the parent the pages changed.
    case didUpdate
  }
}

/// The transitions of a paginated list: each action is one small mutating method returning the
/// commands the reducer turns into effects.
extension PaginationFeature.State {
  @usableFromInline
  typealias Command = PaginationFeature<Element>.Command

  // MARK: Loading

  @inlinable
  mutating func requestPage(_ direction: PaginationDirection) -> [Command] {
    let edge = direction.edge
    guard self[edge] == .idle, !isRefreshing else { return [] }
    guard let cursor = edge == .start ? previous : next else {
      self[edge] = .endReached(.noMoreCursor)
      return []
    }
    guard !self[book: edge].requested.contains(cursor) else { return [] }
    return load(PageRequest(direction: direction, context: context, cursor: cursor))
  }

  @inlinable
  mutating func retry(_ direction: PaginationDirection) -> [Command] {
    let edge = direction.edge
    guard case .failed(_, retryable: true) = self[edge], let request = self[book: edge].lastRequest else {
      return []
    }
    if let cursor = request.cursor { updateBook(edge) { _ = $0.requested.remove(cursor) } }
    return load(request)
  }

  @inlinable
  mutating func cancel(_ direction: PaginationDirection) -> [Command] {
    let edge = direction.edge
    guard case .loading(let request) = self[edge] else { return [] }
    if let cursor = request.cursor { updateBook(edge) { _ = $0.requested.remove(cursor) } }
    self[edge] = .idle
    if pendingSelection == edge { pendingSelection = nil }
    return [.cancel(edge)]
  }

  @inlinable
  mutating func refresh() -> [Command] {
    generation &+= 1
    pendingSelection = nil
    startBook = .init()
    endBook = .init()
    // The start's bookkeeping is gone, so a load or failure there is forgotten with it; a
    // reached start stays reached until the new first page says otherwise.
    if !startStatus.isEndReached { startStatus = .idle }
    return [.cancel(.start)] + load(PageRequest(direction: .bottom, context: context, cursor: nil))
  }

  @inlinable
  mutating func reset(context: any PaginationContext) -> [Command] {
    self.context = context
    elements.removeAll()
    pages.removeAll()
    startStatus = .idle
    return refresh()
  }

  @inlinable
  mutating func load(_ request: PageRequest) -> [Command] {
    let edge = request.direction.edge
    self[edge] = .loading(request)
    updateBook(edge) { book in
      book.lastRequest = request
      if let cursor = request.cursor { book.requested.insert(cursor) }
    }
    return [.load(request)]
  }

  // MARK: Responses

  @inlinable
  mutating func receive(_ response: PaginationFeature<Element>.PageResponse, maxEmptyPages: Int) -> [Command] {
    let request = response.request
    let edge = request.direction.edge
    guard response.generation ?? generation == generation, case .loading(let current) = self[edge], current == request
    else {
      return []  // an answer from before a refresh, reset or cancel: dropped, never merged
    }
    switch response.result {
    case .failure(let error):
      self[edge] = .failed(error, retryable: true)
      if pendingSelection == edge { pendingSelection = nil }
      return []
    case .success(let page) where request.cursor == nil:
      return replace(with: page, direction: request.direction, maxEmptyPages: maxEmptyPages)
    case .success(let page):
      let added: Int
      if edge == .end {
        added = elements.append(contentsOf: page.elements)
        pages.append(PageInfo(previous: page.previous, next: page.next, count: added))
      } else {
        added = elements.prepend(contentsOf: page.elements)
        pages.prepend(PageInfo(previous: page.previous, next: page.next, count: added))
      }
      var commands = settle(
        edge, cursor: edge == .end ? page.next : page.previous, added: added,
        direction: request.direction, maxEmptyPages: maxEmptyPages)
      if pendingSelection == edge {
        if added > 0 {
          pendingSelection = nil
          commands += moveSelection(toward: edge)
        } else if !self[edge].isLoading {
          pendingSelection = nil
        }
      }
      return commands + [.didUpdate]
    }
  }

  @inlinable
  mutating func replace(with page: Pageflow.Page<Element>, direction: PaginationDirection, maxEmptyPages: Int)
    -> [Command]
  {
    elements = IdentifiedElements(page.elements)
    pages = PageList([PageInfo(previous: page.previous, next: page.next, count: elements.count)])
    startStatus = page.previous == nil ? .endReached(.noMoreCursor) : .idle
    var commands = settle(
      .end, cursor: page.next, added: elements.count, direction: direction,
      maxEmptyPages: maxEmptyPages)
    if !elements.contains(id: selection), let first = elements.first {
      selection = first.id
      commands.append(.didSelect(first))
    }
    return commands + [.didUpdate]
  }

  /// Decides what an end does after a page: idle, end reached, failed on a cycle, or follows an
  /// empty page (a bounded number of times).
  @inlinable
  mutating func settle(
    _ edge: PaginationEdge, cursor: PaginationCursor?, added: Int, direction: PaginationDirection, maxEmptyPages: Int
  ) -> [Command] {
    guard let cursor else {
      self[edge] = .endReached(.noMoreCursor)
      updateBook(edge) { $0.emptyStreak = 0 }
      return []
    }
    if self[book: edge].requested.contains(cursor) {
      self[edge] = .failed(LoadError(PaginationError.cursorCycle(cursor)), retryable: false)
      return []
    }
    self[edge] = .idle
    guard added == 0 else {
      updateBook(edge) { $0.emptyStreak = 0 }
      return []
    }
    let emptyStreak = updateBook(edge) { book in
      book.emptyStreak += 1
      return book.emptyStreak
    }
    if emptyStreak >= maxEmptyPages {
      self[edge] = .endReached(.tooManyEmptyPages(emptyStreak))
      return []
    }
    return requestPage(direction)
  }

  // MARK: Selection

  @inlinable
  mutating func select(_ direction: PaginationDirection) -> [Command] {
    guard selectionIndex != nil else {
      guard let first = elements.first else { return [] }
      selection = first.id
      return [.didSelect(first)]
    }
    let edge = direction.edge
    let moved = moveSelection(toward: edge)
    guard moved.isEmpty else { return moved }
    let commands = requestPage(direction)
    if direction.isHorizontal, self[edge].isLoading { pendingSelection = edge }
    return commands
  }

  @inlinable
  mutating func selectElement(_ id: Element.ID) -> [Command] {
    guard let element = elements[id: id] else { return [] }
    selection = id
    return [.didSelect(element)]
  }

  @inlinable
  mutating func elementAppeared(_ id: Element.ID, prefetchDistance: Int) -> [Command] {
    guard let index = elements.index(id: id) else { return [] }
    var commands: [Command] = []
    if index >= elements.count - 1 - prefetchDistance { commands += requestPage(.bottom) }
    if index <= prefetchDistance { commands += requestPage(.top) }
    return commands
  }

  @inlinable
  mutating func moveSelection(toward edge: PaginationEdge) -> [Command] {
    guard let index = selectionIndex else { return [] }
    let target = edge == .end ? index + 1 : index - 1
    guard elements.indices.contains(target) else { return [] }
    selection = elements[target].id
    return [.didSelect(elements[target])]
  }

  // MARK: Live updates

  @inlinable
  mutating func insert(
    _ element: Element, at point: PaginationFeature<Element>.InsertionPoint,
    order: (@Sendable (Element, Element) -> Bool)?
  ) -> [Command] {
    guard !elements.contains(id: element.id) else { return update(element) }
    let offset: Int
    switch point {
    case .top: offset = 0
    case .bottom: offset = elements.count
    case .sorted:
      guard let order else {
        RuntimeWarning.emit("insert(_:at: .sorted) without areInIncreasingOrder; inserted at the bottom")
        return insert(element, at: .bottom, order: nil)
      }
      offset = elements.partitioningIndex { order(element, $0) }
    }
    let page = offset == elements.count ? pages.indices.last : pages.page(containing: offset)
    _ = elements.insert(element, at: offset)
    if let page {
      pages[page].count += 1
    } else {
      pages.append(PageInfo(count: 1))
    }
    return []
  }

  @inlinable
  mutating func update(_ element: Element) -> [Command] {
    _ = elements.replace(element)
    return []
  }

  @inlinable
  mutating func remove(_ id: Element.ID) -> [Command] {
    guard let offset = elements.index(id: id) else { return [] }
    if let page = pages.page(containing: offset) { pages[page].count -= 1 }
    elements.remove(at: offset)
    guard id == selection, !elements.isEmpty else { return [] }
    let neighbour = elements[Swift.min(offset, elements.count - 1)]
    selection = neighbour.id
    return [.didSelect(neighbour)]
  }
}

extension RandomAccessCollection {
  /// The first index whose element satisfies `belongsInSecondPartition`, for a collection already
  /// partitioned by it: O(log n).
  @inlinable
  func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Index {
    var low = startIndex
    var length = count
    while length > 0 {
      let half = length / 2
      let middle = index(low, offsetBy: half)
      if belongsInSecondPartition(self[middle]) {
        length = half
      } else {
        low = index(after: middle)
        length -= half + 1
      }
    }
    return low
  }
}
