import Pageflow
import Synchronization

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
/// An answer given before its request arrives is kept and returned as soon as it does. A request
/// that is never answered never returns (a hung server) unless its task is cancelled, which it
/// honours unless `ignoresCancellation` is set (a loader that answers after being cancelled).
public final class ControllablePageLoader<Element: Sendable>: Sendable {
  private struct Waiter {
    let id: Int
    let continuation: CheckedContinuation<Page<Element>, any Error>
  }

  private struct Book {
    var requests: [PageRequest] = []
    var waiting: [PageRequest: [Waiter]] = [:]
    var answers: [PageRequest: [Result<Page<Element>, any Error>]] = [:]
    var cancelled: Set<Int> = []
    var nextID = 0
  }

  private let book = Mutex(Book())
  private let ignoresCancellation: Bool

  /// A loader with no answers yet.
  ///
  /// - Parameter ignoresCancellation: keep waiting for an answer after the loading task was
  ///   cancelled, like a loader that does not check for cancellation.
  public init(ignoresCancellation: Bool = false) {
    self.ignoresCancellation = ignoresCancellation
  }

  /// The loader closure to give to `PaginationFeature`.
  public var loadPage: @Sendable (PageRequest) async throws -> Page<Element> {
    { request in try await self.load(request) }
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
    let waiter = book.withLock { book -> Waiter? in
      if var waiters = book.waiting[request], !waiters.isEmpty {
        let first = waiters.removeFirst()
        book.waiting[request] = waiters
        return first
      }
      book.answers[request, default: []].append(result)
      return nil
    }
    waiter?.continuation.resume(with: result)
  }

  private func load(_ request: PageRequest) async throws -> Page<Element> {
    let id = book.withLock { book -> Int in
      book.requests.append(request)
      defer { book.nextID += 1 }
      return book.nextID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let answer = book.withLock { book -> Result<Page<Element>, any Error>? in
          if book.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if var answers = book.answers[request], !answers.isEmpty {
            let first = answers.removeFirst()
            book.answers[request] = answers
            return first
          }
          book.waiting[request, default: []].append(Waiter(id: id, continuation: continuation))
          return nil
        }
        if let answer { continuation.resume(with: answer) }
      }
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
}
