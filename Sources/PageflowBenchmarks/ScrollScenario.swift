/// One scroll of the simulation: how fast the user scrolls and for how long, how slow the server
/// is, and how it pages. Times are virtual, in nanoseconds.
struct ScrollScenario: Equatable {
  /// Rows per second entering the viewport at its bottom while nothing is stalled.
  let speed: Double
  /// How long the server takes to answer a request, in milliseconds.
  let latencyMilliseconds: Int
  /// The rows in a page.
  let pageSize: Int
  /// How long the user scrolls (stalls included), in nanoseconds.
  let duration: Int
  /// The rows on screen at once.
  let viewport = 20
  /// The rows in the list: more than any scroll reaches.
  let listSize = 100_000_000
  /// How the network fails, if it does.
  var network = ScrollNetwork.reliable

  /// A scroll of `seconds` seconds (to the nearest whole row).
  init(speed: Double, latencyMilliseconds: Int, pageSize: Int, seconds: Int) {
    let rows = Int((speed * Double(seconds)).rounded())
    self.init(speed: speed, latencyMilliseconds: latencyMilliseconds, pageSize: pageSize, rows: rows)
  }

  /// A scroll as long as it takes to scroll through `rows` rows without a stall.
  init(speed: Double, latencyMilliseconds: Int, pageSize: Int, rows: Int) {
    self.speed = speed
    self.latencyMilliseconds = latencyMilliseconds
    self.pageSize = pageSize
    self.duration = rows * Self.rowInterval(at: speed)
  }

  /// The same scroll at another speed, as long in rows.
  func at(speed newSpeed: Double) -> ScrollScenario {
    var scenario = ScrollScenario(
      speed: newSpeed, latencyMilliseconds: latencyMilliseconds, pageSize: pageSize, rows: rows)
    scenario.network = network
    return scenario
  }

  /// The same scroll over `network`.
  func over(_ network: ScrollNetwork) -> ScrollScenario {
    var scenario = self
    scenario.network = network
    return scenario
  }

  /// The time between two rows entering the viewport, in nanoseconds.
  var rowInterval: Int { Self.rowInterval(at: speed) }
  /// The server's latency, in nanoseconds.
  var latency: Int { latencyMilliseconds * 1_000_000 }
  /// How many rows the scroll shows when nothing stalls.
  var rows: Int { duration / rowInterval }

  /// The time between two rows at `speed` rows per second, in nanoseconds (at least 1).
  static func rowInterval(at speed: Double) -> Int {
    max(1, Int((1e9 / speed).rounded()))
  }
}
