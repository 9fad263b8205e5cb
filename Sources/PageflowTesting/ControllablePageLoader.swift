import Pageflow

/// A page loader whose answers the test gives, in the order it chooses, so that concurrent loads,
/// late answers and out-of-order answers are tested deterministically.
///
/// ```swift
/// let loader = ControllablePageLoader<Message>()
/// let store = TestStore(initialState: state) { PaginationFeature(loadPage: loader.loadPage) }
/// await store.send(.loadPage(.bottom)) { … }
/// loader.respond(to: PageRequest(direction: .bottom, cursor: "page-2"), with: page2)
/// await store.receive(case: PaginationFeature<Message>.Action.pageResponse) { … }
/// ```
///
/// Answers reach the feature in the order the test gives them, even when several loads are waiting
/// at once: each answered load returns only after the loads answered before it have returned.
/// An answer given before its request arrives is kept and returned as soon as it does. A request
/// that is never answered never returns (a hung server) unless its task is cancelled, which it
/// honours unless `ignoresCancellation` is set (a loader that answers after being cancelled).
public final class ControllablePageLoader<Element: Sendable>: Sendable {
  private struct Waiter {
    let id: Int
    let continuation: CheckedContinuation<Answer, any Error>
  }

  /// A result and its place in the order of answers.
  private struct Answer: Sendable {
    let turn: Int
    let result: Result<Page<Element>, any Error>
  }

  private struct Book {
    var requests: [PageRequest] = []
    var waiting: [PageRequest: [Waiter]] = [:]
    var answers: [PageRequest: [Result<Page<Element>, any Error>]] = [:]
    var cancelled: Set<Int> = []
    var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var nextID = 0
    /// The turn the next answer handed to a waiting load gets.
    var nextTurn = 0
    /// The turn whose load may return now.
    var currentTurn = 0
    /// Loads that were answered and wait for their turn to return.
    var turnWaiters: [Int: CheckedContinuation<Void, Never>] = [:]

    /// Gives `result` the next place in the order of answers.
    mutating func takeTurn(_ result: Result<Page<Element>, any Error>) -> Answer {
      defer { nextTurn += 1 }
      return Answer(turn: nextTurn, result: result)
    }
  }

  private let book = Lock(Book())
  private let ignoresCancellation: Bool

  /// A loader with no answers yet.
  ///
  /// - Parameter ignoresCancellation: keep waiting for an answer after the loading task was
  ///   cancelled, like a loader that does not check for cancellation.
  public init(ignoresCancellation: Bool = false) {
    self.ignoresCancellation = ignoresCancellation
  }

  /// The loader closure to give to `PaginationFeature`.
  ///
  /// It runs on the main actor, like the test and the store's effects, so answers resume the
  /// waiting loads in exactly the order the test gives them.
  public var loadPage: @isolated(any) @Sendable (PageRequest) async throws -> Page<Element> {
    { @MainActor request in try await self.load(request) }
  }

  /// Waits until `count` requests have been received in total (deterministic: the effects that
  /// make them run on the main actor as soon as the test awaits).
  ///
  /// An answer given before its request arrives is returned as soon as it does, so such loads finish
  /// in the order they started; to make concurrent loads finish in an order of the test's choosing,
  /// wait for their requests first and then answer them.
  @MainActor
  public func waitForRequests(count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = book.withLock { book -> Bool in
        if book.requests.count >= count { return true }
        book.requestWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Every request received so far, in order.
  public var requests: [PageRequest] { book.withLock { $0.requests } }

  /// The requests received and not answered yet.
  public var pendingRequests: [PageRequest] {
    book.withLock { book in book.requests.filter { book.waiting[$0]?.isEmpty == false } }
  }

  /// Answers `request` with `page`.
  public func respond(to request: PageRequest, with page: Page<Element>) {
    answer(request, with: .success(page))
  }

  /// Answers `request` by throwing `error`.
  public func fail(_ request: PageRequest, with error: any Error) {
    answer(request, with: .failure(error))
  }

  /// Answers `request` with `result`: now if it is waiting, otherwise when it arrives.
  public func answer(_ request: PageRequest, with result: Result<Page<Element>, any Error>) {
    let handOff = book.withLock { book -> (Waiter, Answer)? in
      if var waiters = book.waiting[request], !waiters.isEmpty {
        let first = waiters.removeFirst()
        book.waiting[request] = waiters
        return (first, book.takeTurn(result))
      }
      book.answers[request, default: []].append(result)
      return nil
    }
    if let (waiter, answer) = handOff { waiter.continuation.resume(returning: answer) }
  }

  @MainActor
  private func load(_ request: PageRequest) async throws -> Page<Element> {
    let (id, ready) = book.withLock { book -> (Int, [CheckedContinuation<Void, Never>]) in
      book.requests.append(request)
      let count = book.requests.count
      let ready = book.requestWaiters.filter { $0.count <= count }.map(\.continuation)
      book.requestWaiters.removeAll { $0.count <= count }
      defer { book.nextID += 1 }
      return (book.nextID, ready)
    }
    for continuation in ready { continuation.resume() }
    return try await withTaskCancellationHandler {
      let answer = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer, any Error>) in
        let answer = book.withLock { book -> Result<Answer, any Error>? in
          if book.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if var answers = book.answers[request], !answers.isEmpty {
            let first = answers.removeFirst()
            book.answers[request] = answers
            return .success(book.takeTurn(first))
          }
          book.waiting[request, default: []].append(Waiter(id: id, continuation: continuation))
          return nil
        }
        if let answer { continuation.resume(with: answer) }
      }
      await waitForTurn(answer.turn)
      return try answer.result.get()
    } onCancel: {
      guard !ignoresCancellation else { return }
      let waiter = book.withLock { book -> Waiter? in
        guard let index = book.waiting[request]?.firstIndex(where: { $0.id == id }) else {
          book.cancelled.insert(id)
          return nil
        }
        return book.waiting[request]?.remove(at: index)
      }
      waiter?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Returns once every load answered before this one has returned, then lets the next one go.
  ///
  /// Resumed continuations do not run in the order they were resumed, so without this two loads
  /// answered one after the other could reach the feature in either order. Each load returns on
  /// the main actor and its effect sends the response before it suspends again, so letting the
  /// next load go here keeps the responses in the order of the answers.
  @MainActor
  private func waitForTurn(_ turn: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isNow = book.withLock { book -> Bool in
        guard book.currentTurn == turn else {
          book.turnWaiters[turn] = continuation
          return false
        }
        return true
      }
      if isNow { continuation.resume() }
    }
    let next = book.withLock { book -> CheckedContinuation<Void, Never>? in
      book.currentTurn = turn + 1
      return book.turnWaiters.removeValue(forKey: turn + 1)
    }
    next?.resume()
  }
}
