import Pageflow

/// A chat message of the simulated channel.
struct Message: Identifiable, Equatable, Sendable {
  let id: Int
  var text: String { "message #\(id)" }
}

/// A message API over 1,000 messages (ids 0…999, oldest first), answering after a short latency.
///
/// Cursors name the message a page continues from: `after-549` asks for the messages after #549,
/// `before-500` for those before #500. Failures can be injected to show retries.
actor SimulatedMessageAPI {
  let total = 1_000
  let pageSize = 20
  let latency: Duration
  private var failuresToInject: Int

  struct Unavailable: Error, CustomStringConvertible {
    var description: String { "503 Service Unavailable" }
  }

  init(latency: Duration = .milliseconds(25), failuresToInject: Int = 0) {
    self.latency = latency
    self.failuresToInject = failuresToInject
  }

  /// Makes the next `count` calls fail.
  func injectFailures(_ count: Int) { failuresToInject = count }

  /// The page around `messageID`: the message and the ones after it.
  func page(around messageID: Int) async throws -> Page<Message> {
    try await respond(from: messageID, count: pageSize)
  }

  /// The page a request asks for.
  func page(for request: PageRequest) async throws -> Page<Message> {
    guard let cursor = request.cursor else { return try await respond(from: 0, count: pageSize) }
    let parts = cursor.rawValue.split(separator: "-")
    guard parts.count == 2, let id = Int(parts[1]) else {
      throw PaginationError.invalidCursor(cursor.rawValue)
    }
    switch parts[0] {
    case "after": return try await respond(from: id + 1, count: pageSize)
    default: return try await respond(from: max(0, id - pageSize), count: min(pageSize, id))
    }
  }

  private func respond(from first: Int, count: Int) async throws -> Page<Message> {
    try await Task.sleep(for: latency)
    if failuresToInject > 0 {
      failuresToInject -= 1
      throw Unavailable()
    }
    let range = first..<min(total, first + count)
    return Page(
      previous: range.lowerBound > 0 ? PaginationCursor("before-\(range.lowerBound)") : nil,
      next: range.upperBound < total ? PaginationCursor("after-\(range.upperBound - 1)") : nil,
      elements: range.map(Message.init)
    )
  }
}
