import Pageflow

/// A chat message of the simulated channel.
struct Message: Identifiable, Equatable, Sendable {
  let id: Int
  var text: String { "message #\(id)" }
}

/// A message API over a channel whose messages have ids 0, 1, 2, … (oldest first), answering after a
/// short latency.
///
/// Cursors name the message a page continues from: `after-549` asks for the messages after #549,
/// `before-500` for those before #500. It answers every position a window asks for: the first and
/// last pages, and the page around a message (`around` names the message by its id). Failures can
/// be injected to show retries, the network taken down to show recovery, and messages posted to
/// show live updates.
actor SimulatedMessageAPI {
  private(set) var total = 1_000
  let pageSize = 20
  let latency: Duration
  private var failuresToInject: [any Error]
  /// Whether the device is offline: every call fails at once.
  var isOffline = false

  /// A server error that trying again will not fix: it waits for the user's retry.
  struct ServerError: Error, CustomStringConvertible {
    var description: String { "500 Internal Server Error" }
  }

  /// A server that asks to be tried later: transient, so the retry policy tries again on its own.
  struct Unavailable: TransientError, CustomStringConvertible {
    var description: String { "503 Service Unavailable" }
  }

  /// No network.
  struct Offline: TransientError, CustomStringConvertible {
    var description: String { "offline" }
  }

  init(latency: Duration = .milliseconds(25), failuresToInject: [any Error] = []) {
    self.latency = latency
    self.failuresToInject = failuresToInject
  }

  /// Makes the next calls fail, one with each of `errors`.
  func injectFailures(_ errors: any Error...) { failuresToInject = errors }

  /// Takes the network down, or brings it back.
  func setOffline(_ offline: Bool) { isOffline = offline }

  /// Posts a new message at the end of the channel; returns it.
  func post() -> Message {
    total += 1
    return Message(id: total - 1)
  }

  /// The page around `messageID`: the message in the middle of its page.
  func page(around messageID: Int) async throws -> Page<Message> {
    try await respond(from: messageID - pageSize / 2, count: pageSize)
  }

  /// The page a request asks for.
  func page(for request: PageRequest) async throws -> Page<Message> {
    switch request.position {
    case .first: return try await respond(from: 0, count: pageSize)
    case .last: return try await respond(from: total - pageSize, count: pageSize)
    case .around(let anchor):
      guard let id = Int(anchor.rawValue) else { throw PaginationError.invalidCursor(anchor.rawValue) }
      return try await page(around: id)
    case .after(let cursor), .before(let cursor):
      let parts = cursor.rawValue.split(separator: "-")
      guard parts.count == 2, let id = Int(parts[1]) else {
        throw PaginationError.invalidCursor(cursor.rawValue)
      }
      return parts[0] == "after"
        ? try await respond(from: id + 1, count: pageSize)
        : try await respond(from: id - pageSize, count: pageSize)
    }
  }

  private func respond(from first: Int, count: Int) async throws -> Page<Message> {
    if isOffline { throw Offline() }
    try await Task.sleep(for: latency)
    if !failuresToInject.isEmpty { throw failuresToInject.removeFirst() }
    let start = min(max(0, first), max(0, total - count))
    let range = start..<min(total, start + count)
    return Page(
      previous: range.lowerBound > 0 ? PaginationCursor("before-\(range.lowerBound)") : nil,
      next: range.upperBound < total ? PaginationCursor("after-\(range.upperBound - 1)") : nil,
      elements: range.map(Message.init)
    )
  }
}
