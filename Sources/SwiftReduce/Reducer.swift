/// A model class in the state tree that handles its own actions.
///
/// A model declares `reduce(action:)` with the action type it handles; the
/// type is inferred from the parameter, so no registration is needed. The
/// ``Store`` finds every model in the tree by reflection and calls `reduce`
/// on each one whose parameter type matches the dispatched action, parents
/// before children.
///
/// ```swift
/// final class Person: Reducer {
///   var name = ""
///   var favoriteMovies = FavoriteMovies()
///
///   func reduce(action: NameChange) {
///     switch action {
///     case .clear: name = ""
///     case let .setName(new): name = new
///     }
///   }
/// }
/// ```
///
/// A model that declares no `reduce(action:)` is a pure container: it handles
/// nothing itself, and the models it holds still receive their actions.
///
/// To handle a family of actions, declare a protocol refining ``Action`` and
/// take the existential: `func reduce(action: any EditorAction)` receives every
/// dispatched action whose type conforms to `EditorAction`.
public protocol Reducer: AnyObject {
  /// The type of action this model handles: a concrete action type, or an
  /// existential such as `any EditorAction` for a family of actions.
  ///
  /// It is inferred from the parameter of ``reduce(action:)``; a model that
  /// declares no `reduce(action:)` handles `Never`, that is, nothing.
  associatedtype ReducedAction = Never

  /// Applies an action to this model.
  ///
  /// - Parameter action: The dispatched action, already cast to the type
  ///   this model handles.
  func reduce(action: ReducedAction)

  /// The actions the models below this one can handle; ``HandledBelow/anything`` unless declared.
  ///
  /// Declare it to let dispatches of other actions skip everything this
  /// model holds: `static let handledBelow = HandledBelow.only(LeafAction.self)`,
  /// or ``HandledBelow/nothing`` for a model with no models below it.
  static var handledBelow: HandledBelow { get }

  /// The store's way into ``reduce(action:)``; not for use outside SwiftReduce.
  ///
  /// Do not implement or call it: its default is its only implementation.
  /// It is a requirement so that the default is compiled where the model
  /// type conforms, with the type known, and the store's call reaches the
  /// model's own `reduce(action:)` without a generic step in between.
  ///
  /// - Parameters:
  ///   - action: The address of an action of exactly the type ``ReducedAction``.
  ///   - model: The address of an instance of this type, which the caller keeps alive.
  static func _reduce(exactly action: UnsafeRawPointer, on model: UnsafeRawPointer)
}

extension Reducer {
  /// Undeclared: the models below may handle any action.
  public static var handledBelow: HandledBelow { .anything }

  /// Calls ``reduce(action:)`` with the action at `action` on the instance at
  /// `model`; the only implementation of this requirement.
  ///
  /// - Parameters:
  ///   - action: The address of an action of exactly the type ``ReducedAction``.
  ///   - model: The address of an instance of this type, which the caller keeps alive.
  @inlinable @inline(__always)
  public static func _reduce(exactly action: UnsafeRawPointer, on model: UnsafeRawPointer) {
    // Borrowed, not retained: the caller holds the model for the call.
    Unmanaged<Self>.fromOpaque(model)._withUnsafeGuaranteedRef {
      $0.reduce(action: action.assumingMemoryBound(to: ReducedAction.self).pointee)
    }
  }
}

extension Reducer where ReducedAction == Never {
  /// Handles nothing: a model without its own `reduce(action:)` is a container.
  ///
  /// - Parameter action: No value of `Never` exists, so this is never called.
  public func reduce(action: Never) {}
}
