/// The crash writer's options: its row and byte limits, and whether it checkpoints after each
/// write.
public struct WriterOptions: Equatable, Sendable {
  /// The store's row limit, if any.
  public var rowLimit: Int?
  /// The store's byte limit, if any.
  public var byteLimit: Int?
  /// Whether the writer checkpoints (and truncates the log) after each write.
  public var checkpoints = false

  /// Options with the given limits and checkpoints.
  public init(rowLimit: Int? = nil, byteLimit: Int? = nil, checkpoints: Bool = false) {
    self.rowLimit = rowLimit
    self.byteLimit = byteLimit
    self.checkpoints = checkpoints
  }

  /// The options as command-line arguments: `--rows N`, `--bytes N`, `--checkpoint`.
  public var arguments: [String] {
    (rowLimit.map { ["--rows", "\($0)"] } ?? []) + (byteLimit.map { ["--bytes", "\($0)"] } ?? [])
      + (checkpoints ? ["--checkpoint"] : [])
  }

  /// Reads `arguments` (as ``arguments`` writes them); false when one is not an option.
  public mutating func parse(_ arguments: some Collection<String>) -> Bool {
    var rest = arguments[...]
    while let option = rest.popFirst() {
      switch option {
      case "--checkpoint": checkpoints = true
      case "--rows": guard let value = rest.popFirst().flatMap({ Int($0) }) else { return false }; rowLimit = value
      case "--bytes": guard let value = rest.popFirst().flatMap({ Int($0) }) else { return false }; byteLimit = value
      default: return false
      }
    }
    return true
  }
}
