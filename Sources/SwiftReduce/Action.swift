/// A value that describes a change to the state, dispatched to a ``Store``.
///
/// Actions are usually enums, one per feature, but any type can be an action.
/// A model receives an action when the type of its ``Reducer/reduce(action:)``
/// parameter matches: either the action's own type, or a protocol the action
/// conforms to, which lets one model handle a whole family of actions.
///
/// ```swift
/// enum NameChange: Action {
///   case clear
///   case setName(String)
/// }
/// ```
public protocol Action {}
