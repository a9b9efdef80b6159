/// How `TestStore.receive` compares the action it receives with the one
/// expected: by `==` when the action is `Equatable`, and otherwise, such as
/// for an action carrying a `Result<Success, any Error>`, part by part.
///
/// Two values match when they have the same type and:
/// - the type is `Equatable`, and they are equal by `==`;
/// - the type is an error that is not `Equatable`, and they print alike
///   (`String(reflecting:)`: an enum's case and payload, a struct's
///   properties, an `NSError`'s domain, code and user info);
/// - the type is a class that is neither, and they are the same instance;
/// - otherwise, their cases and stored values match, one by one, by these
///   same rules (what `Mirror` shows), or, where it shows none, they print
///   alike.
///
/// So an `any Error` inside an action compares by its dynamic type first,
/// then by `==` when that type is `Equatable`, as TCA's `TaskResult` did,
/// and by its description when it is not, where TCA's reported that it
/// could not compare.
enum ActionComparison {
  /// Whether `lhs` and `rhs` match by the rules above.
  static func matches(_ lhs: Any, _ rhs: Any) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    if let lhs = lhs as? any Equatable { return isEqual(lhs, rhs) }
    if lhs is any Error { return String(reflecting: lhs) == String(reflecting: rhs) }
    if type(of: lhs) is AnyClass { return (lhs as AnyObject) === (rhs as AnyObject) }
    let left = Mirror(reflecting: lhs)
    let right = Mirror(reflecting: rhs)
    guard !left.children.isEmpty || !right.children.isEmpty else {
      return String(reflecting: lhs) == String(reflecting: rhs)
    }
    return left.children.count == right.children.count
      && zip(left.children, right.children).allSatisfy { pair in
        pair.0.label == pair.1.label && matches(pair.0.value, pair.1.value)
      }
  }

  /// Whether `lhs` equals `rhs`, which has the same type.
  private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? Value else { return false }
    return lhs == rhs
  }
}
