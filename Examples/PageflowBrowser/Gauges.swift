/// What the layers around the window report, for the screen: the on-device store's contents and
/// known ranges, and the network's counters. The browser's state is the rest of what is drawn.
public struct Gauges: Equatable, Sendable {
  /// How many messages the channel holds on the server.
  public var channelMessages: Int
  /// Pages of the page size held on disk (all filters).
  public var diskPages: Int
  /// The stretches of the current filter's list held on disk, as spans of message ids (ids grow
  /// with the date, so a span of ids is a span of the list's order).
  public var knownRanges: [ClosedRange<Int64>]
  /// What the network has done.
  public var network: SimulatedNetwork.Counters
  /// How the channel opened (`opened from disk in 0.3 ms`), shown until the first key.
  public var opening: String?

  /// Gauges with these values.
  public init(
    channelMessages: Int, diskPages: Int = 0, knownRanges: [ClosedRange<Int64>] = [],
    network: SimulatedNetwork.Counters = .init(), opening: String? = nil
  ) {
    self.channelMessages = channelMessages
    self.diskPages = diskPages
    self.knownRanges = knownRanges
    self.network = network
    self.opening = opening
  }
}
