/// A model struct in the state tree that handles its own actions, reduced where it is stored.
///
/// A value model is a struct that declares a `mutating reduce(action:)`.
/// Held in a `var` of a class model or of another value model, in an `Array`,
/// a `ContiguousArray`, a `Dictionary`'s values, an `Optional` or a tuple, it
/// is found by the ``Store`` like a class model and reduced in place, parents
/// before children; the models it holds, class or value, are routed as usual.
///
/// ```swift
/// struct Counter: ValueReducer {
///   var count = 0
///
///   mutating func reduce(action: CounterAction) {
///     switch action {
///     case .increment: count += 1
///     case let .set(value): count = value
///     }
///   }
/// }
///
/// final class Board: Reducer {
///   var counters = [Counter(), Counter()]
/// }
/// ```
///
/// Value semantics are kept: a copy of a value model, or of an array of them,
/// taken before a dispatch is unchanged after it, and storage shared with
/// another owner is copied before it is changed. Swift's exclusivity rules
/// hold as for any `mutating` call: while a value model reduces, the property
/// of the class that holds it is being modified, and reading it from inside
/// `reduce(action:)` stops the program as Swift does for any such overlap.
///
/// A value model held where it cannot be changed in place (a `let`, a `Set`
/// element, an enum's payload, an existential such as `Any`) is not reduced;
/// debug builds report it once per type and place. The models such a value
/// holds are still routed. A computed property stores nothing, so the walk
/// never sees what it returns.
public protocol ValueReducer {
  /// The type of action this model handles: a concrete action type, or an
  /// existential such as `any EditorAction` for a family of actions.
  ///
  /// It is inferred from the parameter of ``reduce(action:)``; a value model
  /// that declares no `reduce(action:)` handles `Never`, that is, nothing.
  associatedtype ReducedAction = Never

  /// Applies an action to this value, where it is stored.
  ///
  /// - Parameter action: The dispatched action, already cast to the type
  ///   this model handles.
  mutating func reduce(action: ReducedAction)

  /// The store's way into ``reduce(action:)`` for values where they are
  /// stored; not for use outside SwiftReduce.
  ///
  /// Do not implement or call it: its default is its only implementation.
  /// It is a requirement so that the default is compiled where the value
  /// model type conforms, with the type known, and the store reduces a run
  /// of values in one loop that calls the model's own `reduce(action:)`.
  ///
  /// - Parameters:
  ///   - action: The address of an action of exactly the type ``ReducedAction``.
  ///   - first: The address of the first of `count` contiguous values of
  ///     this type, which the caller may change.
  ///   - count: The number of values.
  static func _reduce(
    exactly action: UnsafeRawPointer, onEach first: UnsafeMutableRawPointer, count: Int)
}

extension ValueReducer {
  /// Calls ``reduce(action:)`` with the action at `action` on each of `count`
  /// contiguous values from `first`, in order; the only implementation of this requirement.
  ///
  /// - Parameters:
  ///   - action: The address of an action of exactly the type ``ReducedAction``.
  ///   - first: The address of the first of `count` contiguous values of
  ///     this type, which the caller may change.
  ///   - count: The number of values.
  @inlinable @inline(__always)
  public static func _reduce(
    exactly action: UnsafeRawPointer, onEach first: UnsafeMutableRawPointer, count: Int
  ) {
    let action = action.assumingMemoryBound(to: ReducedAction.self)
    let values = first.assumingMemoryBound(to: Self.self)
    for index in 0..<count { values[index].reduce(action: action.pointee) }
  }
}

extension ValueReducer where ReducedAction == Never {
  /// Handles nothing: a value model without its own `reduce(action:)` is a container.
  ///
  /// - Parameter action: No value of `Never` exists, so this is never called.
  public mutating func reduce(action: Never) {}
}
