import Foundation
import Pageflow
import PageflowSQLite

// pageflow-sqlite-writer DATABASE SEED [--rows N] [--bytes N] [--checkpoint]: writes pages of 200
// notes of a 5,000-note timeline at random positions (so ranges merge; with a row or byte limit,
// the least recently viewed ones are dropped and the range written is trimmed too), into lists
// "all" and "pinned" (every third page), printing `committed N` after the Nth write has committed;
// with --checkpoint, it then copies the log into the database file and truncates it. The crash
// test kills it with SIGKILL in the middle of this and checks what the file holds.

let arguments = CommandLine.arguments
var options = WriterOptions()
guard arguments.count >= 3, let seed = UInt64(arguments[2]), options.parse(arguments.dropFirst(3)) else {
  FileHandle.standardError.write(
    Data("usage: pageflow-sqlite-writer DATABASE SEED [--rows N] [--bytes N] [--checkpoint]\n".utf8))
  exit(2)
}

/// The notes the writer writes: the truth every range must agree with.
let server = NoteServer(count: 5_000)
var script = PageScript(seed: seed)
do {
  let store = try SQLitePageStore<Note>(path: arguments[1], rowLimit: options.rowLimit, byteLimit: options.byteLimit)
  /// The next write's position and page.
  func nextWrite() throws -> (PageRequest.Position, Page<Note>) {
    let position = try script.nextPosition(in: server)
    return (position, try server.page(at: position, limit: 200))
  }
  var (position, page) = try nextWrite()
  // Bounded, so that a writer whose test died before killing it stops by itself.
  for written in 1...20_000 {
    try store.write(page, at: position, in: PageScript.list(ofWrite: written))
    // The next page is ready before this write is reported, so that the kill that follows the
    // report finds the writer in the store's work: the checkpoint, or the next write.
    (position, page) = try nextWrite()
    FileHandle.standardOutput.write(Data("committed \(written)\n".utf8))
    if options.checkpoints { try store.checkpoint() }
  }
} catch {
  FileHandle.standardError.write(Data("pageflow-sqlite-writer: \(error)\n".utf8))
  exit(1)
}
