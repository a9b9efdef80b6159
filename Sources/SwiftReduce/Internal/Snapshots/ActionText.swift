/// How printouts and test failures name an action: `UpdateMovies.setInput("Alien")`.
///
/// An action with its own description shows it; an enum case is prefixed
/// with its type's name, since the case alone (`submit`) does not say which
/// feature it belongs to; anything else shows as `String(describing:)` does.
package func actionText(_ action: any Action) -> String {
  if let action = action as? any CustomDebugStringConvertible { return action.debugDescription }
  if let action = action as? any CustomStringConvertible { return action.description }
  let actionType = type(of: action)
  if Reflection.kind(of: actionType) == .enum {
    return _typeName(actionType, qualified: false) + "." + String(describing: action)
  }
  return String(describing: action)
}
