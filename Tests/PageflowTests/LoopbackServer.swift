import Foundation

/// An HTTP server on the loopback interface, run by python3's standard library (`http.server`), that
/// serves a thousand posts in each of the four shapes of `ServersOverHTTPTests`. Started by
/// ``start()``, which returns once the server prints the port it bound (no sleep, no retry);
/// stopped by ``stop()`` (``serving(_:)`` does both), and by the server itself when its standard
/// input closes (this process ended).
final class LoopbackServer {
  /// The server's root, `http://127.0.0.1:<port>/`.
  let base: URL
  /// The server's standard input: closing it stops the server.
  private let input: Pipe
  /// Finishes when the server has exited.
  private let exited: AsyncStream<Void>

  private init(base: URL, input: Pipe, exited: AsyncStream<Void>) {
    self.base = base
    self.input = input
    self.exited = exited
  }

  /// `python3` on the `PATH`, or nil.
  static let python3: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":")
    .map { URL(fileURLWithPath: String($0)).appending(path: "python3") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

  /// Why the server cannot start.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts the server on a free port and waits for the line that names it.
  static func start() async throws -> LoopbackServer {
    guard let python3 else { throw Failure(description: "python3 is not on the PATH") }
    let process = Process()
    process.executableURL = python3
    process.arguments = ["-u", "-c", script]
    let output = Pipe()
    process.standardOutput = output
    let input = Pipe()  // the server exits when it closes (stop(), or this process ending)
    process.standardInput = input
    let (exited, exit) = AsyncStream<Void>.makeStream()
    process.terminationHandler = { _ in exit.finish() }
    try process.run()
    let port = await firstLine(of: output.fileHandleForReading)
    let server = LoopbackServer(base: URL(fileURLWithPath: "/"), input: input, exited: exited)
    guard let number = Int(port), let base = URL(string: "http://127.0.0.1:\(number)/") else {
      await server.stop()
      throw Failure(description: "the server did not say its port (it printed \"\(port)\")")
    }
    return LoopbackServer(base: base, input: input, exited: exited)
  }

  /// The first line `file` gives (up to its end, if it ends first), read on a thread of its own:
  /// a blocking read on the tasks' threads would hold one of them until the server has started.
  private static func firstLine(of file: FileHandle) async -> String {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
          let chunk = file.availableData
          if chunk.isEmpty { break }
          line.append(chunk)
        }
        continuation.resume(
          returning: String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      }
    }
  }

  /// Starts a server, runs `body` with its root URL, then stops the server and waits until it
  /// has exited (without blocking a thread: `waitUntilExit` would spin the main thread's run loop).
  static func serving(
    isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> Void
  ) async throws {
    let server = try await start()
    do {
      try await body(server.base)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// Stops the server (it exits when its standard input closes: a signal could be blocked in a
  /// child of a test process) and waits for it to exit.
  func stop() async {
    try? input.fileHandleForWriting.close()
    for await _ in exited {}
  }

  /// The server: posts `0..<1000` (`created` is `id / 3`), in four shapes.
  ///
  /// - `GET /link?page=n&per_page=p&around=id`: a JSON array, and a `Link` header with relative
  ///   `first`, `prev`, `next` and `last` URLs (pages numbered from 1; at most 100 rows).
  /// - `POST /graphql` with `{"variables": {first, after, last, before}}`: `{"data": {"posts":
  ///   connection}}`, a Relay connection whose cursors are base64 of `post:<id>`, answering
  ///   `hasPreviousPage: false` when paging forward and `hasNextPage: false` when paging backward,
  ///   as the specification allows.
  /// - `GET /offset?offset=o&limit=l`: `{"items": […], "total": 1000}`.
  /// - `GET /keyset?rows=first|last|after|before|from&created=c&id=i&limit=l`: a JSON array, rows
  ///   before a key and the last rows nearest first (descending).
  static let script = #"""
    import base64, json, math, os, sys, threading
    from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
    from urllib.parse import urlparse, parse_qs

    TOTAL = 1000
    def post(i): return {"id": i, "created": i // 3, "text": "post %d" % i}
    def key(i): return (i // 3, i)
    def cursor(i): return base64.b64encode(("post:%d" % i).encode()).decode()
    def uncursor(c): return int(base64.b64decode(c).decode().split(":")[1])

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args): pass

        def send_json(self, body, headers=()):
            data = json.dumps(body).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers: self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            url = urlparse(self.path)
            q = {name: values[-1] for name, values in parse_qs(url.query).items()}
            if url.path == "/link":
                size = min(100, int(q.get("per_page", 20)))
                page = int(q["around"]) // size + 1 if "around" in q else int(q.get("page", 1))
                last = math.ceil(TOTAL / size)
                rows = range((page - 1) * size, min(TOTAL, page * size))
                link = lambda n, rel: '</link?page=%d&per_page=%d>; rel="%s"' % (n, size, rel)
                links = [link(1, "first"), link(last, "last")]
                if page < last: links.append(link(page + 1, "next"))
                if page > 1: links.append(link(page - 1, "prev"))
                return self.send_json([post(i) for i in rows], [("Link", ", ".join(links))])
            if url.path == "/offset":
                offset, limit = int(q["offset"]), min(100, int(q["limit"]))
                return self.send_json({"items": [post(i) for i in range(offset, min(TOTAL, offset + limit))], "total": TOTAL})
            if url.path == "/keyset":
                kind, limit = q["rows"], min(100, int(q["limit"]))
                bound = (int(q["created"]), int(q["id"])) if "id" in q else None
                rows = list(range(TOTAL))
                if kind == "after": rows = [i for i in rows if key(i) > bound]
                if kind == "from": rows = [i for i in rows if key(i) >= bound]
                if kind == "before": rows = [i for i in rows if key(i) < bound]
                if kind in ("before", "last"): rows.reverse()
                return self.send_json([post(i) for i in rows[:limit]])
            self.send_error(404)

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            v = body.get("variables", {})
            rows = list(range(TOTAL))
            if v.get("after"): rows = [i for i in rows if i > uncursor(v["after"])]
            if v.get("before"): rows = [i for i in rows if i < uncursor(v["before"])]
            every = rows
            if v.get("first") is not None: rows = rows[:v["first"]]
            if v.get("last") is not None: rows = rows[-v["last"]:] if v["last"] else []
            forward = v.get("last") is None
            info = {
                "hasNextPage": bool(forward and rows and rows[-1] < every[-1]),
                "hasPreviousPage": bool(not forward and rows and rows[0] > every[0]),
                "startCursor": cursor(rows[0]) if rows else None,
                "endCursor": cursor(rows[-1]) if rows else None,
            }
            edges = [{"cursor": cursor(i), "node": post(i)} for i in rows]
            self.send_json({"data": {"posts": {"edges": edges, "pageInfo": info}}})

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}
