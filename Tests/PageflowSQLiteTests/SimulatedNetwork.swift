import Pageflow
import PageflowSQLite
import pageflow_sqlite_writer

/// The network as a layered loader sees it: a `NoteServer` that answers at once, or fails while it
/// is offline, and counts what it was asked. It takes an `.around` anchor as a key or as a note's id,
/// or, when it speaks only keys, refuses an id.
final class SimulatedNetwork: Sendable {
  struct Offline: Error, Equatable {}
  /// What a network that speaks only keys says to a cursor that is not one.
  struct NotAKey: Error, Equatable {
    let cursor: PaginationCursor
  }

  private struct State {
    var server: NoteServer
    var isOffline = false
    var requests: [PageRequest] = []
  }

  private let state: Lock<State>
  let pageSize: Int
  /// Whether an `.around` anchor may be a note's id.
  let acceptsIDs: Bool

  init(notes count: Int, pageSize: Int, acceptsIDs: Bool = true) {
    state = Lock(State(server: NoteServer(count: count)))
    self.pageSize = pageSize
    self.acceptsIDs = acceptsIDs
  }

  /// Whether requests fail.
  var isOffline: Bool {
    get { state.withLock { $0.isOffline } }
    set { state.withLock { $0.isOffline = newValue } }
  }

  /// The requests received so far.
  var requests: [PageRequest] { state.withLock { $0.requests } }

  /// Changes the server's notes.
  func change(_ edit: (inout NoteServer) -> Void) { state.withLock { edit(&$0.server) } }

  /// Answers `request` with its ``PageRequest/count`` of notes (else ``pageSize``); an `.around`
  /// anchor may be a key, or a note's id when ``acceptsIDs``.
  func page(_ request: PageRequest) throws -> Page<Note> {
    try state.withLock { state in
      state.requests.append(request)
      if state.isOffline { throw Offline() }
      var position = request.position
      if let cursor = position.cursor, (try? cursor.decode(Note.Key.self)) == nil, !acceptsIDs {
        throw NotAKey(cursor: cursor)
      }
      if case .around(let anchor) = position, (try? anchor.decode(Note.Key.self)) == nil,
        let id = Int64(anchor.rawValue),
        let note = state.server.notes.first(where: { $0.id == id })
      {
        position = .around(try PaginationCursor(key: note.key))
      }
      return try state.server.page(at: position, limit: request.count ?? pageSize)
    }
  }
}
