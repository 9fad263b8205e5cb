import Foundation
import Pageflow

// pageflow-place-roundtrip save|restore LIST FILE: the user's place in a list, saved by one process
// and restored by the next, as an app does across launches (hashing is seeded per process and a
// private type's name carries its load address, so only two processes show what a place survives).
//
// `save` opens LIST on messages 15 to 24 with message 16 selected and 17 on screen, and writes
// its place to FILE. `restore` opens LIST as a new launch does (a `filter` list with its default
// filter), sends it the place read from FILE, and prints what it opened:
// `selection 16, on screen 17, context <context>`, or `refused: <reason>`.
//
// LIST is one of
// - `labels`: a context holding a set and a dictionary, not Codable;
// - `private`: a private element type and a fileprivate context type;
// - `filter`: a Codable filter holding a set, saved as closed; the new launch opens the open one.

/// A message of the lists.
struct Message: Identifiable, Sendable {
  var id: Int
}

/// A message whose type is private.
private struct PrivateMessage: Identifiable, Sendable {
  var id: Int
}

/// A context that is not Codable and holds a set and a dictionary.
struct LabelContext: PaginationContext {
  var labels: Set<String>
  var counts: [String: Int]

  static let saved = LabelContext(
    labels: Set((1...20).map { "label-\($0)" }),
    counts: Dictionary(uniqueKeysWithValues: (1...20).map { ("c\($0)", $0) }))
}

/// A context whose type is fileprivate.
private struct Folder: PaginationContext {
  var name: String
}

/// A Codable filter holding a set.
struct IssueFilter: PaginationContext, Codable {
  enum State: String, Codable, Sendable {
    case open, closed
  }

  var state: State
  var labels: Set<String>

  /// The filter the list opens with at launch.
  static let launch = IssueFilter(state: .open, labels: [])
  /// The filter of the saved place.
  static let saved = IssueFilter(state: .closed, labels: Set((1...20).map { "label-\($0)" }))

  var summary: String { "\(state) \(labels.sorted().joined(separator: ","))" }
}

/// Pages of five messages, the page around a message being the one that holds it.
func page<Element: Identifiable & Sendable>(
  _ request: PageRequest, _ make: @Sendable (Int) -> Element
) -> Page<Element> {
  let number: Int
  switch request.position {
  case .first: number = 0
  case .last: number = 19
  case .after(let cursor), .before(let cursor): number = Int(cursor.rawValue) ?? 0
  case .around(let anchor): number = (Int(anchor.rawValue) ?? 0) / 5
  }
  let page = min(max(0, number), 19)
  return Page(
    previous: page > 0 ? PaginationCursor("\(page - 1)") : nil, next: page < 19 ? PaginationCursor("\(page + 1)") : nil,
    elements: (page * 5..<page * 5 + 5).map(make))
}

/// Saves the place of a window on messages 15 to 24, or opens a list at the saved one.
@MainActor
func run<Element: Identifiable & Sendable>(
  _ command: String, file: URL, saving: any PaginationContext, opening: any PaginationContext,
  _ make: @escaping @Sendable (Int) -> Element, describe: (any PaginationContext) -> String
) async throws where Element.ID == Int {
  typealias List = PaginationFeature<Element>
  if command == "save" {
    var window = List.State(
      context: saving, selection: 16, previous: "2", next: "5", elements: (15..<25).map(make))
    window.lastVisible = 17
    guard let place = window.place else { throw CocoaError(.featureUnsupported) }
    try JSONEncoder().encode(place).write(to: file)
    return
  }
  let place = try JSONDecoder().decode(List.Place.self, from: Data(contentsOf: file))
  let store = Store(initialState: List.State(context: opening, selection: 0, next: "1", elements: (0..<5).map(make))) {
    List(retry: .never) { request in page(request, make) }
  }
  do {
    try store.state.check(place)
  } catch {
    print("refused: \(error)")
    return
  }
  await store.send(.restore(place)).finish()
  let onScreen = store.state.lastVisible.map { "\($0)" } ?? "nothing"
  print("selection \(store.state.selection), on screen \(onScreen), context \(describe(store.state.context))")
}

let arguments = CommandLine.arguments
guard arguments.count == 4, ["save", "restore"].contains(arguments[1]) else {
  FileHandle.standardError.write(Data("usage: pageflow-place-roundtrip save|restore LIST FILE\n".utf8))
  exit(2)
}
let (command, file) = (arguments[1], URL(filePath: arguments[3]))
do {
  switch arguments[2] {
  case "labels":
    try await run(command, file: file, saving: LabelContext.saved, opening: LabelContext.saved, Message.init) {
      ($0 as? LabelContext) == LabelContext.saved ? "the saved labels" : "other labels"
    }
  case "private":
    try await run(
      command, file: file, saving: Folder(name: "inbox"), opening: Folder(name: "inbox"), PrivateMessage.init
    ) { ($0 as? Folder)?.name ?? "another context" }
  case "filter":
    try await run(command, file: file, saving: IssueFilter.saved, opening: IssueFilter.launch, Message.init) {
      ($0 as? IssueFilter)?.summary ?? "another context"
    }
  default:
    FileHandle.standardError.write(Data("unknown list \(arguments[2])\n".utf8))
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("failed: \(error)\n".utf8))
  exit(1)
}
