/// An action sent to one model and the models below it, not to the whole tree.
///
/// ``Store/dispatch(_:to:)-(_,KeyPath<Root,Target?>)`` sends one. The
/// middleware see it as this action, which names the model by its
/// ``path``; passed on, it reaches only the models at and below its target,
/// parents before children, as a dispatch to the whole tree would reach
/// them. A middleware that passes on ``action`` instead sends it to the whole
/// tree.
///
/// ```swift
/// let store = Store(ShoppingList(), middleware: [
///   Middleware { action, _, next in
///     print(action)
///     next(action)
///   }
/// ])
/// store.dispatch(ShoppingAction.toggle, to: \.items[id: 42])
/// ```
///
/// prints
///
/// ```
/// ShoppingAction.toggle to items[id: 42]
/// ```
///
/// History steps, `printingChanges` and a test store's failures name it the
/// same way.
public struct TargetedAction: Action, CustomStringConvertible {
  /// The action the models below the target take.
  public var action: any Action { target.action }

  /// Where the target is, from the root: the key path it was sent to,
  /// written as snapshots write paths, with each `[id:]` step's id.
  public var path: TreePath { TreePath(parsing: pathText) }

  /// How it prints: the action, `to`, and its target's path.
  public var description: String { "\(actionText(action)) to \(pathText)" }

  /// The action, and how to find the target and deliver it there.
  ///
  /// The action is kept there too, so that this struct is one reference,
  /// which an `any Action` holds without a box of its own.
  let target: DispatchTarget

  /// The path, as text, worked out each time it is asked for: only printing asks.
  private var pathText: String { target.pathText }

  init(_ target: DispatchTarget) {
    self.target = target
  }
}

/// The model a targeted action goes to: a key path from the root, with the
/// ids its `[id:]` steps were read with when it was sent.
final class DispatchTarget: @unchecked Sendable {
  /// The action the models below the target take.
  let action: any Action
  /// The key path, for its name.
  let keyPath: AnyKeyPath
  /// The root's type, whose name the key path's description starts with.
  let rootType: Any.Type
  /// The ids the `[id:]` steps were read with, in order.
  let steps: [Any]
  /// The id of the row of the array at the key path, for a target named by
  /// an array and an id; `nil` for one named by its key path alone.
  let elementID: Any?
  /// Delivers an action to the target in a root and the models below it;
  /// the target is this one, which a value's holder keeps.
  let deliver:
    @MainActor (_ action: any Action, _ root: AnyObject, _ target: DispatchTarget) ->
      TargetDelivery

  init(
    action: any Action, keyPath: AnyKeyPath, rootType: Any.Type, steps: [Any], elementID: Any?,
    deliver: @escaping @MainActor (any Action, AnyObject, DispatchTarget) -> TargetDelivery
  ) {
    self.action = action
    self.keyPath = keyPath
    self.rootType = rootType
    self.steps = steps
    self.elementID = elementID
    self.deliver = deliver
  }

  /// The path from the root, written as snapshots write paths.
  var pathText: String {
    pathText { String(reflecting: $0) }
  }

  /// The path from the root, with each id written by `idText`.
  func pathText(writingIDs idText: (Any) -> String) -> String {
    let path = Self.pathText(
      of: keyPath, rootName: String(describing: rootType), steps: steps, idText: idText)
    guard let elementID else { return path }
    return (path == "root" ? "" : path) + "[id: \(idText(elementID))]"
  }

  /// A dictionary key as snapshots write it, for the keys whose text needs
  /// no snapshot (which only the main actor makes): strings quoted and
  /// escaped, integers in decimal; `nil` for any other.
  private static func keyText(_ key: Any) -> String? {
    switch key {
    case let text as String: String(reflecting: text)
    case let text as Substring: String(reflecting: String(text))
    case let integer as any BinaryInteger: String(describing: integer)
    default: nil
    }
  }

  /// The path `keyPath` from a root of type named `rootName` leads to,
  /// written as snapshots write paths, with `steps` the ids of its `[id:]` steps.
  ///
  /// An array position is written `[2]`, a dictionary's string or integer
  /// key as snapshots write it (`["b"]`, `[7]`), and the ids read make the
  /// `[id:]` steps, in order; any other computed step is written
  /// `.<computed Type>`.
  /// Optional steps (`?`, `!`) are left out, as in every path.
  static func pathText(
    of keyPath: AnyKeyPath, rootName: String, steps: [Any],
    idText: (Any) -> String = { String(reflecting: $0) }
  ) -> String {
    var ids = steps[...]
    return pathText(of: keyPath, rootName: rootName, ids: &ids, idText: idText)
  }

  /// The path `keyPath` leads to, taking the ids of its `[id:]` steps, and
  /// the key paths of a scope's steps into a child scope's key path
  /// (``ScopedStep``), from the front of `ids`.
  private static func pathText(
    of keyPath: AnyKeyPath, rootName: String, ids: inout ArraySlice<Any>,
    idText: (Any) -> String
  ) -> String {
    let layout = KeyPathLayout(of: keyPath, valueType: type(of: keyPath).valueType)
    let positions = layout?.positions ?? []
    func plain(_ part: Substring) -> Substring { part.filter { $0 != "?" && $0 != "!" }[...] }
    var named = KeyPathLayout.written(keyPath, literal: plain) { index, type in
      if index < positions.count { return "[\(positions[index])]" }
      if index == positions.count, let key = layout?.dictionaryKey.flatMap(Self.keyText) {
        return "[" + key + "]"
      }
      if let scoped = ids.first as? ScopedStep {
        // A child scope's key path, named by its own steps.
        ids.removeFirst()
        let inner = pathText(
          of: scoped.keyPath, rootName: String(describing: Swift.type(of: scoped.keyPath).rootType),
          ids: &ids, idText: idText)
        return inner == "root" ? "" : (inner.hasPrefix("[") ? inner : "." + inner)
      }
      if let id = ids.popFirst() { return "[id: \(idText(id))]" }
      // A computed property or another subscript: its type, without the address.
      return ".<computed \(type)>"
    }
    // The root's name, as the parts between computed steps are written.
    let root = "\\" + plain(rootName[...])
    if named.hasPrefix(root) { named.removeFirst(root.count) }
    if named.hasPrefix(".") { named.removeFirst() }
    // `\Root.self`, the identity key path, leads to the root.
    return named.isEmpty || named == "self" ? "root" : named
  }
}
