/// How much of what happens a ``TestStore`` requires a test to assert.
public enum Exhaustivity: Equatable, Sendable {
  /// Every change to the state and every action dispatched by middleware,
  /// subscribers or effects must be asserted; anything else fails the test.
  case on
  /// Only what the test asserts is checked: changes it does not describe and
  /// actions it does not receive pass, but each change it does describe must
  /// match the state.
  case off
}
