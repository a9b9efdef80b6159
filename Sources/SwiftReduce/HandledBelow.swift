/// The actions that the models below a model can handle, declared so that a dispatch can skip them.
///
/// The walk cannot tell on its own that nothing below a model takes an
/// action: a class that is not `final` can be subclassed by a model, and the
/// runtime does not record `final`. A model type can declare it instead, with
/// ``Reducer/handledBelow``, and an action outside the declaration then skips
/// everything below every instance of the type, however many models are there.
/// The model itself is still reduced as usual.
///
/// ```swift
/// final class Catalog: Reducer {
///   static let handledBelow = HandledBelow.only(ShelfAction.self)
///   var shelves: [Shelf] = []
///   func reduce(action: CatalogAction) { … }
/// }
/// ```
///
/// The declaration belongs to the class that conforms to ``Reducer``, and its
/// subclasses inherit it. For subclasses to declare their own, declare it in
/// the conforming class as `class var handledBelow: HandledBelow { … }` and
/// override it.
///
/// A declaration that leaves out an action a model below handles is a bug:
/// in debug builds the store checks every skip against a full walk and stops
/// the program with a message naming the declaring type, the action and the
/// path of the model that would have missed it.
public struct HandledBelow: Sendable {
  /// The action types (or protocol families) that models below may handle; `nil` for any.
  let types: [any Any.Type]?

  /// Undeclared, the default: models below may handle any action, so the walk always looks.
  public static let anything = HandledBelow(types: nil)

  /// No model below handles any action: every dispatch skips what this model holds.
  public static let nothing = HandledBelow(types: [])

  /// Models below handle only these action types, or actions conforming to these protocols.
  ///
  /// - Parameter types: Action types such as `LeafAction.self`, or families
  ///   such as `(any EditorAction).self`.
  /// - Returns: The declaration.
  public static func only(_ types: any Any.Type...) -> HandledBelow {
    HandledBelow(types: types)
  }

  /// Whether the declaration lets models below take `action`.
  func admits(_ action: any Action) -> Bool {
    guard let types else { return true }
    return types.contains { type in action.is(type) }
  }
}

extension Action {
  /// Whether this action is of `type`, or conforms to it when it is a protocol.
  fileprivate func `is`(_ type: any Any.Type) -> Bool {
    func check<Target>(_: Target.Type) -> Bool { self is Target }
    return check(type)
  }
}
