/// How much a ``TestStore`` insists on.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be described, every action an effect sends must be received, and
  /// every effect must have finished by the end of the test.
  case on
  /// Only what the test asserts is checked: an `assert` closure describes the fields it cares
  /// about, `receive` skips actions until one matches, and leftover actions and effects are fine.
  case off
}
