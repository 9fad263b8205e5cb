import Foundation
import Pageflow

/// The command line of `pageflow-browse`.
public struct BrowseOptions: Equatable, Sendable {
  /// The server's database of messages.
  public var database: String
  /// Rebuild the server's database and empty the on-device store.
  public var reset = false
  /// Empty the on-device store only (a first launch on a new device).
  public var cold = false
  /// How many messages the channel holds.
  public var messages = 1_000_000
  /// How long a network request takes, in milliseconds.
  public var latency = 300
  /// The share of network requests that fail.
  public var failureRate = 0.05
  /// The messages of a page.
  public var pageSize = 50
  /// The most messages the window holds in memory.
  public var maxElements = 500
  /// Pages fetched ahead into the on-device store while the network is idle.
  public var preload = 2
  /// The seed of the network's failures.
  public var seed: UInt64 = 1
  /// Keys to run without a terminal, printing the final screen.
  public var script: String?
  /// The screen size of a script.
  public var size = TerminalSize.standard
  /// Print the help and exit.
  public var help = false

  /// The on-device store, next to the server's database: `messages.sqlite` → `messages-device.sqlite`.
  public var deviceStore: String {
    let base = database.hasSuffix(".sqlite") ? String(database.dropLast(".sqlite".count)) : database
    return base + "-device.sqlite"
  }

  /// Where the user's place is saved on quitting, next to the on-device store:
  /// `messages-device.sqlite` → `messages-device.place.json`.
  public var savedPlace: String {
    let store = deviceStore
    return String(store.dropLast(".sqlite".count)) + ".place.json"
  }

  /// The default place of the server's database: the user's cache folder.
  public static var defaultDatabase: String {
    let caches =
      FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
      ?? URL(filePath: NSTemporaryDirectory())
    return caches.appending(path: "pageflow-browse").appending(path: "messages.sqlite").path
  }

  /// What a command line could not be read as.
  public struct Invalid: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public let description: String
  }

  /// The options of `arguments` (without the program's name).
  public init(arguments: [String], defaultDatabase: String = Self.defaultDatabase) throws(Invalid) {
    database = defaultDatabase
    var rest = arguments[...]
    func value(_ flag: String) throws(Invalid) -> String {
      guard let value = rest.popFirst() else { throw Invalid(description: "\(flag) needs a value") }
      return value
    }
    func number<N: LosslessStringConvertible & Comparable>(_ flag: String, minimum: N) throws(Invalid) -> N {
      let text = try value(flag)
      guard let number = N(text), number >= minimum else {
        throw Invalid(description: "\(flag) takes a number of at least \(minimum), not '\(text)'")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--db": database = try value(argument)
      case "--reset": reset = true
      case "--cold": cold = true
      case "--messages": messages = try number(argument, minimum: 1)
      case "--latency": latency = try number(argument, minimum: 0)
      case "--failure-rate":
        failureRate = try number(argument, minimum: 0.0)
        guard failureRate <= 1 else { throw Invalid(description: "--failure-rate is a share, from 0 to 1") }
      case "--page-size": pageSize = try number(argument, minimum: 1)
      case "--max-elements": maxElements = try number(argument, minimum: 1)
      case "--preload": preload = try number(argument, minimum: 0)
      case "--seed": seed = try number(argument, minimum: 0)
      case "--script": script = try value(argument)
      case "--size":
        let text = try value(argument)
        guard let size = TerminalSize(text) else {
          throw Invalid(description: "--size takes COLUMNSxROWS, not '\(text)'")
        }
        self.size = size
      case "-h", "--help": help = true
      default: throw Invalid(description: "unknown option '\(argument)'")
      }
    }
    let window = PaginationFeature<Message>(maxElements: maxElements) { _ in throw CancellationError() }
    do {
      try window.validateWindow(pageSize: pageSize)
    } catch {
      throw Invalid(description: "--max-elements \(maxElements) is too small for pages of \(pageSize): \(error)")
    }
  }

  /// The help text.
  public static let usage = """
    pageflow-browse: scroll through a channel of a million messages kept in SQLite behind a simulated
    network, with Pageflow's window in memory and its on-device store in between.

    usage: swift run pageflow-browse [options]

      --db PATH            the server's database (default: the cache folder, see below); the
                           on-device store is kept next to it, in PATH-device.sqlite
      --reset              rebuild the server's database and empty the on-device store
      --cold               empty the on-device store only (a first launch on a new device)
      --messages N         messages in the channel (default 1,000,000)
      --latency MS         time a network request takes (default 300)
      --failure-rate R     share of network requests that fail, 0 to 1 (default 0.05)
      --page-size N        messages per page (default 50)
      --max-elements N     most messages held in memory (default 500; at least 5 pages)
      --preload N          pages fetched ahead into the on-device store while idle (default 2)
      --seed N             seed of the network's failures (default 1)
      --script "KEYS"      run KEYS without a terminal and print the final screen, e.g.
                           --script "j j G : 500000 q" (':' then a number jumps to that message)
      --size COLSxROWS     the screen size of a script (default 80x24)

    keys: ↑/↓ or j/k move · ←/→ page · PgUp/PgDn · g/G oldest/newest · ':' id Enter jumps ·
          f/F fling 5,000 messages down/up (the landing loads at once) ·
          '/' filter (all, mentions, unread) · r refresh in place · R retry · o offline · q quit
    """
}
