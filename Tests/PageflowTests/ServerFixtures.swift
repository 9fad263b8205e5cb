import Foundation
import Pageflow

/// An entry of the servers' lists: `created` repeats (three entries per value), so that a keyset
/// over it needs the id to break ties.
struct DocEntry: Identifiable, Codable, Equatable, Sendable {
  var id: Int
  var created: Int
  var text: String

  init(_ id: Int) {
    self.id = id
    self.created = id / 3
    self.text = "post \(id)"
  }
}

/// What a server records of what it was asked, from any task (under the package's `Lock`, which the
/// thread sanitizer sees).
final class Asked<Request: Sendable>: Sendable {
  private let lock = Lock<[Request]>([])

  func append(_ request: Request) { lock.withLock { $0.append(request) } }
  var all: [Request] { lock.withLock { $0 } }
}

/// Drives a list of posts as a user would, through a store: the first page, then every page to the
/// end; and from the end, every page back to the start.
@MainActor
enum ListDrive {
  typealias State = PaginationFeature<DocEntry>.State

  /// The window after loading the first page and then each next page until the end is reached (at
  /// most `limit` loads).
  static func toTheEnd(_ feature: PaginationFeature<DocEntry>, limit: Int = 200) async -> State {
    let store = Store(initialState: State.notLoaded(selection: 0)) { feature }
    for _ in 0..<limit where !store.state.endStatus.isEndReached && !store.state.endStatus.isFailed {
      await store.send(.loadPage(.bottom)).finish()
    }
    return store.state
  }

  /// The window after a jump to the end and then each previous page until the start is reached (at
  /// most `limit` loads).
  static func toTheStart(_ feature: PaginationFeature<DocEntry>, limit: Int = 200) async -> State {
    let store = Store(initialState: State.notLoaded(selection: 0)) { feature }
    await store.send(.jump(to: .end)).finish()
    for _ in 0..<limit where !store.state.startStatus.isEndReached && !store.state.startStatus.isFailed {
      await store.send(.loadPage(.top)).finish()
    }
    return store.state
  }
}
