/// A random number generator that repeats its sequence for a seed (xorshift64*), so that a
/// randomized run can be replayed from the seed it prints.
public struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  /// A generator for `seed` (any value; 0 is replaced by a fixed non-zero state).
  public init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }

  /// The next number of the sequence.
  public mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }
}
