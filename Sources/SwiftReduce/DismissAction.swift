/// The action an effect's ``Send/dismiss()`` dispatches: the model that
/// started the effect is removed from what holds it.
///
/// It passes through the middleware and is recorded like any action; no
/// model's `reduce(action:)` receives it: past the last middleware, the store
/// removes the model that started the effect, from where it is then. A test
/// receives it by the path the model had when the effect asked:
///
/// ```swift
/// await store.receive(DismissAction(path: "rows[1]")) { $0.rows.remove(at: 1) }
/// ```
///
/// A `DismissAction` dispatched by hand dismisses nothing.
public struct DismissAction: Action, Equatable, CustomDebugStringConvertible {
  /// Where the model was when its effect asked to dismiss it.
  public let path: TreePath

  /// The key of the effect that asked, in its store; `nil` for one made by hand.
  let effectKey: Int?

  /// An action to compare with the one an effect dispatched, in a test.
  ///
  /// - Parameter path: The path of the model the effect dismisses.
  public init(path: TreePath) {
    self.init(path: path, effectKey: nil)
  }

  init(path: TreePath, effectKey: Int?) {
    self.path = path
    self.effectKey = effectKey
  }

  /// Whether both name the same path.
  public static func == (first: DismissAction, second: DismissAction) -> Bool {
    first.path == second.path
  }

  /// `DismissAction(path: "rows[1]")`.
  public var debugDescription: String {
    "DismissAction(path: \(path.debugDescription))"
  }
}
