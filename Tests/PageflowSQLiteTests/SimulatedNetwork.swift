import Pageflow
import PageflowSQLite
import pageflow_sqlite_writer

/// The network as a layered loader sees it: a `NoteServer` that answers at once, or fails while it
/// is offline, and counts what it was asked.
final class SimulatedNetwork: Sendable {
  struct Offline: Error, Equatable {}

  private struct State {
    var server: NoteServer
    var isOffline = false
    var requests: [PageRequest] = []
  }

  private let state: Lock<State>
  let pageSize: Int

  init(notes count: Int, pageSize: Int) {
    state = Lock(State(server: NoteServer(count: count)))
    self.pageSize = pageSize
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

  /// Answers `request`; an `.around` anchor may be a key or a note's id.
  func page(_ request: PageRequest) throws -> Page<Note> {
    try state.withLock { state in
      state.requests.append(request)
      if state.isOffline { throw Offline() }
      var position = request.position
      if case .around(let anchor) = position, (try? anchor.decode(Note.Key.self)) == nil,
        let id = Int64(anchor.rawValue),
        let note = state.server.notes.first(where: { $0.id == id })
      {
        position = .around(try PaginationCursor(key: note.key))
      }
      return try state.server.page(at: position, limit: pageSize)
    }
  }
}
