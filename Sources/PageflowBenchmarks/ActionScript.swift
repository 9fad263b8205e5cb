import Pageflow

/// The actions of one simulated scroll and their virtual times, recorded so that they can be
/// replayed through the reducer with a clock running: the reducer's own work, without the
/// simulation's.
struct ActionScript {
  typealias Feature = PaginationFeature<BenchRow>

  /// One recorded action.
  enum Step {
    /// `.elementAppeared(id)` at a virtual time.
    case appear(Int, at: Int)
    /// `.pageResponse(responses[index])` at a virtual time.
    case respond(Int, at: Int)
    /// `actions[index]` (a fling's landing, its cancellation) at a virtual time.
    case send(Int, at: Int)
  }

  /// The state the actions start from.
  let initial: Feature.State
  private(set) var steps: [Step] = []
  private(set) var responses: [Feature.PageResponse] = []
  /// The actions the `.send` steps send, in order.
  private(set) var actions: [Feature.Action] = []

  init(initial: Feature.State) {
    self.initial = initial
  }

  /// Records `.elementAppeared(id)` at virtual time `time`.
  mutating func recordAppear(_ id: Int, at time: Int) {
    steps.append(.appear(id, at: time))
  }

  /// Records `.pageResponse(response)` at virtual time `time`.
  mutating func recordResponse(_ response: Feature.PageResponse, at time: Int) {
    steps.append(.respond(responses.count, at: time))
    responses.append(response)
  }

  /// Records `action` at virtual time `time`.
  mutating func record(_ action: Feature.Action, at time: Int) {
    steps.append(.send(actions.count, at: time))
    actions.append(action)
  }

  /// Sends every action through the feature of `policy`, from ``initial``, each at its virtual time,
  /// and returns how long the reducer took in all, in nanoseconds (the state it leaves is freed
  /// after the clock stops).
  func replay(through policy: ScrollPolicy) -> Double {
    let clock = VirtualClock()
    let feature = policy.feature(on: clock)
    var state = initial
    let elapsed = ContinuousClock().measure {
      for step in steps {
        switch step {
        case .appear(let id, let time):
          clock.set(nanoseconds: time)
          blackHole(feature.reduce(into: &state, action: .elementAppeared(id)))
        case .respond(let index, let time):
          clock.set(nanoseconds: time)
          blackHole(feature.reduce(into: &state, action: .pageResponse(responses[index])))
        case .send(let index, let time):
          clock.set(nanoseconds: time)
          blackHole(feature.reduce(into: &state, action: actions[index]))
        }
      }
    }
    blackHole(state)
    return Measurement.nanoseconds(elapsed)
  }
}
