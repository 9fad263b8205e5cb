import Pageflow

/// The actions of one simulated scroll, recorded so that they can be replayed through the reducer
/// with a clock running: the reducer's own work, without the simulation's.
struct ActionScript {
  typealias Feature = PaginationFeature<BenchRow>

  /// One recorded action.
  enum Step {
    /// `.elementAppeared(id)`.
    case appear(Int)
    /// `.pageResponse(responses[index])`.
    case respond(Int)
  }

  /// The state the actions start from.
  let initial: Feature.State
  private(set) var steps: [Step] = []
  private(set) var responses: [Feature.PageResponse] = []

  init(initial: Feature.State) {
    self.initial = initial
  }

  /// Records `.elementAppeared(id)`.
  mutating func recordAppear(_ id: Int) {
    steps.append(.appear(id))
  }

  /// Records `.pageResponse(response)`.
  mutating func recordResponse(_ response: Feature.PageResponse) {
    steps.append(.respond(responses.count))
    responses.append(response)
  }

  /// Sends every action through `feature`, from ``initial``, and returns how long the reducer took
  /// in all, in nanoseconds (the state it leaves is freed after the clock stops).
  func replay(through feature: Feature) -> Double {
    var state = initial
    let elapsed = ContinuousClock().measure {
      for step in steps {
        switch step {
        case .appear(let id): blackHole(feature.reduce(into: &state, action: .elementAppeared(id)))
        case .respond(let index): blackHole(feature.reduce(into: &state, action: .pageResponse(responses[index])))
        }
      }
    }
    blackHole(state)
    return Measurement.nanoseconds(elapsed)
  }
}
