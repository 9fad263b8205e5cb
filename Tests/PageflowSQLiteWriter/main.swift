import Foundation
import PageflowSQLite

// pageflow-sqlite-writer DATABASE SEED [ROW-LIMIT]: writes pages of 200 notes of a 5,000-note
// timeline at random positions (so ranges merge; with a row limit, the least recently viewed ones
// are dropped too), into lists "all" and "pinned" (every third page), printing `committed N` after
// the Nth write has committed. The crash test kills it with SIGKILL in the middle of this and
// checks what the file holds.

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let seed = UInt64(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: pageflow-sqlite-writer DATABASE SEED [ROW-LIMIT]\n".utf8))
  exit(2)
}
let rowLimit = arguments.count == 4 ? Int(arguments[3]) : nil

/// The notes the writer writes: the truth every range must agree with.
let server = NoteServer(count: 5_000)
var script = PageScript(seed: seed)
do {
  let store = try SQLitePageStore<Note>(path: arguments[1], rowLimit: rowLimit)
  // Bounded, so that a writer whose test died before killing it stops by itself.
  for written in 1...20_000 {
    let position = try script.nextPosition(in: server)
    try store.write(try server.page(at: position, limit: 200), at: position, in: PageScript.list(ofWrite: written))
    FileHandle.standardOutput.write(Data("committed \(written)\n".utf8))
  }
} catch {
  FileHandle.standardError.write(Data("pageflow-sqlite-writer: \(error)\n".utf8))
  exit(1)
}
