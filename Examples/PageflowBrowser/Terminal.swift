import Foundation
import Pageflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal the browser draws on: raw mode (keys arrive one by one, unechoed), the alternate
/// screen (the shell's screen comes back untouched), and the way back to the terminal as it was —
/// on quitting, on Ctrl-C, on `exit`, and on a crash (a fatal signal restores the terminal, then
/// lets the signal end the process as it would have).
///
/// Only one terminal is active at a time; the signal handlers read what it saved from globals set
/// before they are installed, and call nothing but `write`, `tcsetattr`, `sigaction` and `raise`.
@MainActor
public final class Terminal {
  /// The escape sequences that enter the browser's screen: the alternate screen, cursor hidden,
  /// cleared.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
  /// The escape sequences that leave it: attributes reset, cursor shown, the shell's screen back.
  static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  private var frames = FrameWriter()

  /// Whether both standard input and output are a terminal.
  public nonisolated static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

  /// Puts the terminal in raw mode on the alternate screen. Returns nil when standard input is not
  /// a terminal.
  public init?() {
    guard TerminalRestore.enter() else { return nil }
  }

  /// Restores the terminal (also done at exit and on fatal signals).
  public func restore() {
    TerminalRestore.restore()
  }

  /// The terminal's size now (80 by 24 when it does not say).
  public func size() -> TerminalSize {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return .standard }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// Draws `screen`, the frame of `list`, in one write: the lines of the list that moved moved by
  /// the terminal, then the lines that changed written (``ScreenUpdate``); the whole screen after a
  /// resize, when the list's changes say to reload, or after a frame the terminal did not take.
  public func draw(_ screen: Screen, list: PaginationFeature<Message>.State) {
    frames.draw(screen, list: list) { Self.write($0) }
  }

  /// Reads standard input on a thread of its own, handing each chunk of bytes to `receive`, until
  /// the input ends.
  public nonisolated static func readInput(_ receive: @escaping @Sendable ([UInt8]) -> Void) {
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 256)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return }
        receive(Array(buffer[0..<count]))
      }
    }
    reader.start()
  }

  /// Writes `text` to standard output, all of it: a short write goes on from where it stopped, an
  /// interrupted one or one the terminal is not ready for (`EAGAIN`) is tried again once it is.
  /// Returns whether all of it was written (false when a write failed otherwise, or wrote nothing).
  @discardableResult
  static func write(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(1, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
          var ready = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
          guard poll(&ready, 1, 1_000) > 0 else { return false }
          continue
        }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }
}

/// What the signal handlers need to put the terminal back, kept where a signal handler can read it
/// without allocating: the saved settings, the bytes of ``Terminal/leaveSequence``, and whether the
/// terminal is in the browser's mode now.
enum TerminalRestore {
  nonisolated(unsafe) static var saved = termios()
  nonisolated(unsafe) static var isActive = false
  nonisolated(unsafe) static var leaveBytes: UnsafeMutablePointer<UInt8>?
  nonisolated(unsafe) static var leaveCount = 0
  /// The actions the handlers replaced, by signal number: the handler passes each signal on to
  /// its old action (the Swift runtime's crash report, or the default).
  nonisolated(unsafe) static var previousActions: UnsafeMutablePointer<sigaction>?
  static let signalCount = 65

  /// The signals that end the process and after which the terminal must be restored: a crash
  /// (a Swift runtime error traps with SIGILL or SIGTRAP), or being told to stop. (Ctrl-C does not
  /// send SIGINT in raw mode: it arrives as a key.)
  static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Saves the terminal's settings, switches to raw mode and the alternate screen, and installs the
  /// handlers that restore it. False when standard input is not a terminal.
  @MainActor
  static func enter() -> Bool {
    guard !isActive, tcgetattr(0, &saved) == 0 else { return false }
    if leaveBytes == nil {
      let bytes = Array(Terminal.leaveSequence.utf8)
      let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
      pointer.initialize(from: bytes, count: bytes.count)
      leaveBytes = pointer
      leaveCount = bytes.count
      let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: signalCount)
      actions.initialize(repeating: sigaction(), count: signalCount)
      previousActions = actions
      atexit { TerminalRestore.restore() }
    }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    withUnsafeMutableBytes(of: &raw.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { return false }
    isActive = true
    installHandlers()
    Terminal.write(Terminal.enterSequence)
    return true
  }

  /// Installs ``restoreAndReraise`` for each of ``signals``, keeping the actions it replaces.
  static func installHandlers() {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = restoreAndReraise
    #else
      action.__sigaction_u.__sa_handler = restoreAndReraise
    #endif
    sigemptyset(&action.sa_mask)
    for signal in signals where signal < signalCount {
      _ = sigaction(signal, &action, previousActions.map { $0 + Int(signal) })
    }
  }

  /// Leaves the alternate screen and restores the saved settings, once.
  static func restore() {
    guard isActive else { return }
    isActive = false
    if let leaveBytes { _ = Foundation.write(1, leaveBytes, leaveCount) }
    _ = tcsetattr(0, TCSAFLUSH, &saved)
  }
}

/// The handler of the signals in ``TerminalRestore/signals``: restores the terminal, puts back the
/// signal's old action and raises the signal again, which that action handles once this handler
/// returns: the Swift runtime prints its crash report on the shell's screen, or the process ends
/// as it would have.
private func restoreAndReraise(_ signal: Int32) {
  if TerminalRestore.isActive {
    TerminalRestore.isActive = false
    if let bytes = TerminalRestore.leaveBytes { _ = write(1, bytes, TerminalRestore.leaveCount) }
    _ = tcsetattr(0, TCSANOW, &TerminalRestore.saved)
  }
  if let previous = TerminalRestore.previousActions, signal < TerminalRestore.signalCount {
    _ = sigaction(signal, previous + Int(signal), nil)
  } else {
    _ = Foundation.signal(signal, SIG_DFL)
  }
  _ = raise(signal)
}
