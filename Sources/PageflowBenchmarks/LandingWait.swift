/// What the first fling of a simulated scroll took to load where it lands: from the finger's lift
/// until every row of the screen it comes to rest on is loaded, and the requests and rows that
/// took. In virtual time, nanoseconds.
struct LandingWait {
  /// The rows the fling covers.
  let rows: Int
  /// When the fling comes to rest if nothing holds it up, after the lift.
  let arrival: Int
  /// When every row of the screen it rests on was loaded, after the lift; nil while it is not (or
  /// never was).
  var loadedAfter: Int?
  /// The requests made from the lift until then.
  var requests = 0
  /// The rows loaded from the lift until then.
  var loadedRows = 0
  /// The round trip of the request the lift itself made (the largest, if it made more than one);
  /// nil when it made none.
  var roundTrip: Int?
}
