import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pageflow-browse` in a real terminal: a pseudo-terminal of 80x24 whose other end the test
/// reads and types into. The browser draws its screen in raw mode on the alternate screen, and
/// however it ends — `q`, Ctrl-C, or a crash — the terminal comes back as it was: the shell's screen
/// restored, the cursor shown, line editing and echo on again.
@Suite(.serialized)
struct TerminalSessionTests {
  static let enter = "\u{1B}[?1049h"
  static let leave = "\u{1B}[?1049l"

  /// A pseudo-terminal: the test holds the controlling side; the browser gets the other.
  final class PseudoTerminal {
    let control: Int32
    let device: Int32
    private(set) var output = ""

    init() throws {
      var control: Int32 = -1
      var device: Int32 = -1
      var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
      try #require(openpty(&control, &device, nil, nil, &size) == 0, "openpty failed: errno \(errno)")
      self.control = control
      self.device = device
    }

    deinit {
      close(control)
      close(device)
    }

    /// Whether the device is in line mode with echo (as a shell leaves it).
    var isCooked: Bool {
      var settings = termios()
      _ = tcgetattr(device, &settings)
      let flags = tcflag_t(ICANON | ECHO)
      return settings.c_lflag & flags == flags
    }

    func type(_ bytes: [UInt8]) {
      _ = bytes.withUnsafeBytes { write(control, $0.baseAddress, $0.count) }
    }

    /// Reads what the browser writes until `text` has appeared after `offset` (a hang guard stops
    /// waiting after 60 seconds without output); returns where it ends.
    @discardableResult
    func read(until text: String, after offset: String.Index? = nil) throws -> String.Index {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        if let found = output.range(of: text, range: (offset ?? output.startIndex)..<output.endIndex) {
          return found.upperBound
        }
        var ready = pollfd(fd: control, events: Int16(POLLIN), revents: 0)
        try #require(poll(&ready, 1, 60_000) == 1, "no output for 60 s; so far: \(output.debugDescription)")
        let count = buffer.withUnsafeMutableBytes { systemRead(control, $0.baseAddress, $0.count) }
        try #require(count > 0, "the terminal closed; so far: \(output.debugDescription)")
        output += String(decoding: buffer[0..<count], as: UTF8.self)
      }
    }
  }

  /// Starts the browser on a small channel in `terminal`, and waits for its first screen.
  func start(in terminal: PseudoTerminal, folder: TemporaryFolder) throws -> Process {
    #expect(terminal.isCooked)
    let child = Process()
    child.executableURL = try BrowseExecutable.url()
    child.arguments = BrowseExecutable.arguments(in: folder, messages: 2_000)
    child.currentDirectoryURL = folder.url
    // Without the Swift runtime's crash report, which on a terminal waits for a key.
    child.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    let device = FileHandle(fileDescriptor: terminal.device, closeOnDealloc: false)
    child.standardInput = device
    child.standardOutput = device
    child.standardError = device
    try child.run()
    let screen = try terminal.read(until: Self.enter)
    try terminal.read(until: "stalls 0 · online", after: screen)
    #expect(!terminal.isCooked)  // raw mode while it runs
    return child
  }

  /// Checks that the browser left the alternate screen after entering it, and that the terminal is
  /// cooked again.
  func expectRestored(_ terminal: PseudoTerminal) throws {
    let entered = try #require(terminal.output.range(of: Self.enter))
    try terminal.read(until: Self.leave, after: entered.upperBound)
    #expect(terminal.output.contains("\u{1B}[?25h"))  // the cursor shown again
    #expect(terminal.isCooked)
  }

  @Test func qQuitsAndTheTerminalIsAsItWas() throws {
    let folder = try TemporaryFolder()
    let terminal = try PseudoTerminal()
    let child = try start(in: terminal, folder: folder)
    terminal.type(Array("q".utf8))
    child.waitUntilExit()
    #expect(child.terminationReason == .exit && child.terminationStatus == 0)
    try expectRestored(terminal)
  }

  @Test func ctrlCQuitsAndTheTerminalIsAsItWas() throws {
    let folder = try TemporaryFolder()
    let terminal = try PseudoTerminal()
    let child = try start(in: terminal, folder: folder)
    terminal.type([0x03])
    child.waitUntilExit()
    #expect(child.terminationReason == .exit && child.terminationStatus == 0)
    try expectRestored(terminal)
  }

  /// A Swift runtime error traps with SIGILL; the browser restores the terminal, then dies of it.
  /// (Not under the thread sanitizer, which defers a signal sent with `kill` to a moment of its
  /// choosing, sometimes never while the child waits for input; the plain `swift test` runs it.)
  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil,
      "the thread sanitizer defers signals sent with kill(2)"),
    arguments: [SIGILL, SIGSEGV, SIGTERM])
  func aCrashOrAKillRestoresTheTerminalBeforeTheProcessEnds(signal: Int32) throws {
    let folder = try TemporaryFolder()
    let terminal = try PseudoTerminal()
    let child = try start(in: terminal, folder: folder)
    kill(child.processIdentifier, signal)
    child.waitUntilExit()
    #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == signal)
    try expectRestored(terminal)
  }
}

/// The C library's `read`, by a name that the methods named `read` do not hide.
private func systemRead(_ file: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(file, buffer, count)
}
