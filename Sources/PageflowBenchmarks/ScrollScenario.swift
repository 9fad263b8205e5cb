/// One scroll of the simulation: how fast the user scrolls and for how long, how slow the server
/// is, and how it pages. Times are virtual, in nanoseconds.
struct ScrollScenario: Equatable {
  /// Rows per second entering the viewport at its bottom while nothing is stalled.
  let speed: Double
  /// How long the server takes to answer a request for a page of `pageSize` rows (or fewer), in
  /// milliseconds.
  let latencyMilliseconds: Int
  /// The rows in a page.
  let pageSize: Int
  /// How long the user scrolls (stalls included), in nanoseconds.
  let duration: Int
  /// The scroll's first second, in nanoseconds: from a standing start, a scroll faster than the
  /// rows loaded ahead of the first screen can feed over one round trip (20 rows in 300 ms: 67
  /// rows/s) stalls at first whatever the policy, since no policy can know the speed before the
  /// scroll starts. Figures "once under way" leave it out.
  static let warmUp = 1_000_000_000

  /// How long a fling lasts, in nanoseconds: the finger lifts once a second, and each fling comes
  /// to rest as the next begins (``ScrollSimulation``).
  static let flingDuration = 1_000_000_000

  /// The rows on screen at once.
  let viewport = 20
  /// The rows in the list: by default more than any scroll reaches.
  var listSize = 100_000_000
  /// How the network fails, if it does.
  var network = ScrollNetwork.reliable
  /// Whether the scroll is one fling from rest, over its rows in a fling's time, that lasts until it
  /// comes to rest on a loaded screen however long that takes (else it lasts ``duration``).
  var isSingleFling = false

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
    scenario.listSize = listSize
    scenario.isSingleFling = isSingleFling
    return scenario
  }

  /// The same scroll over `network`.
  func over(_ network: ScrollNetwork) -> ScrollScenario {
    var scenario = self
    scenario.network = network
    return scenario
  }

  /// A fling of `rows` rows from rest, over a list of `listSize` rows: `rows` rows a second, for a
  /// fling's time.
  static func fling(rows: Int, latencyMilliseconds: Int, pageSize: Int, listSize: Int) -> ScrollScenario {
    var scenario = ScrollScenario(
      speed: Double(rows), latencyMilliseconds: latencyMilliseconds, pageSize: pageSize, rows: rows)
    scenario.listSize = listSize
    scenario.isSingleFling = true
    return scenario
  }

  /// The time between two rows entering the viewport, in nanoseconds.
  var rowInterval: Int { Self.rowInterval(at: speed) }
  /// The rows a fling covers: those that enter the viewport in ``flingDuration``, to the nearest
  /// row (at least 1).
  var flingRows: Int { max(1, Int((Double(Self.flingDuration) / Double(rowInterval)).rounded())) }
  /// The server's latency for a page of `pageSize` rows, in nanoseconds.
  var latency: Int { latencyMilliseconds * 1_000_000 }

  /// What each row past `pageSize` adds to an answer, in nanoseconds: 1 ms, a row of about 1 KB over
  /// an 8 Mbit/s link. A server answers `n` rows in `latency + (n - pageSize) × 1 ms`: a larger
  /// request costs a longer round trip, so that asking for more is not free; a request of a page or
  /// less (every fixed-size policy's) costs `latency`, as before.
  static let latencyPerRow = 1_000_000

  /// The server's latency for a request of `count` rows (nil: a page), in nanoseconds.
  func latency(forRows count: Int?) -> Int {
    latency + max(0, (count ?? pageSize) - pageSize) * Self.latencyPerRow
  }
  /// How many rows the scroll shows when nothing stalls.
  var rows: Int { duration / rowInterval }

  /// The time between two rows at `speed` rows per second, in nanoseconds (at least 1).
  static func rowInterval(at speed: Double) -> Int {
    max(1, Int((1e9 / speed).rounded()))
  }
}
