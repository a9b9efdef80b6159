extension Store {
  /// Sends an action to the model at `target` and the models below it only,
  /// while there is one there.
  ///
  /// The models of that subtree take it as a dispatch to the whole tree
  /// would reach them, parents before children, and nothing else is
  /// visited, so its cost does not grow with the rows beside the target; a
  /// reference back up to the root, or to a row found by an `[id:]` step on
  /// the way, is passed over.
  /// The action goes through the middleware as a ``TargetedAction`` naming
  /// the target's path, and is queued like any dispatch; the target is found
  /// when the action reaches the models, so a row that moved meanwhile is
  /// still found by its id:
  ///
  /// ```swift
  /// let store = Store(ShoppingList())
  /// store.dispatch(ShoppingAction.add("Milk"))
  /// store.dispatch(ShoppingAction.add("Eggs"))
  /// let eggs = store.items[1].id
  /// store.dispatch(ShoppingAction.toggle, to: \.items[id: eggs])
  /// print(store.items.map(\.isBought))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// [false, true]
  /// ```
  ///
  /// A class model is reached where it is. A value model, or any value
  /// holding models, is reduced in a copy written back through the key path,
  /// which must then be writable (`var` all the way); a debug build reports
  /// one that is not, and one where no model is found when the action
  /// arrives, and nothing is reduced.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - target: The key path from the root to the model, through optionals
  ///     and `[id:]` steps as needed.
  public func dispatch<Target>(_ action: any Action, to target: KeyPath<Root, Target?>) {
    dispatch(targeted(action, to: target))
  }

  /// Sends an action to the model at `target` and the models below it only,
  /// as ``dispatch(_:to:)-(_,KeyPath<Root,Target?>)`` does.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - target: The key path from the root to the model.
  public func dispatch<Target>(_ action: any Action, to target: KeyPath<Root, Target>) {
    dispatch(targeted(action, to: target))
  }

  /// Sends an action to the row with id `id` of the array at `rows`, and the
  /// models below it only: the same dispatch as `dispatch(action, to: \.rows[id: id])`.
  ///
  /// It costs less: a key path with an argument, such as `\.rows[id: 42]`, is
  /// made anew each time the expression runs, which costs the standard
  /// library more than the dispatch itself (the *Feature Modules* article
  /// gives the figures), while `\.rows` is made once.
  ///
  /// ```swift
  /// store.dispatch(ShoppingAction.toggle, to: \.items, id: 42)
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - rows: The key path from the root to the array.
  ///   - id: The id of the row.
  public func dispatch<Row: Identifiable>(
    _ action: any Action, to rows: KeyPath<Root, [Row]>, id: Row.ID
  ) {
    dispatch(targeted(action, to: rows, id: id))
  }

  /// The action that sends `action` to the row with id `id` of the array at `rows`.
  package func targeted<Row: Identifiable>(
    _ action: any Action, to rows: KeyPath<Root, [Row]>, id: Row.ID
  ) -> TargetedAction {
    // Only a value row is written back: a class row is reduced where it is.
    let writable = Row.self is AnyObject.Type ? nil : rows as? ReferenceWritableKeyPath<Root, [Row]>
    let target = DispatchTarget(
      action: action, keyPath: rows, rootType: Root.self, steps: [], elementID: id
    ) { action, root, target in
      Self.deliver(
        action, toRowWithID: id, of: rows, writable: writable,
        in: unsafeDowncast(root, to: Root.self), target: target)
    }
    return TargetedAction(target)
  }

  /// The action that sends `action` to the model at `target`, when one is there.
  package func targeted<Target>(
    _ action: any Action, to target: KeyPath<Root, Target?>
  ) -> TargetedAction {
    // Only a value is written back: a class model is reduced where it is.
    let writable =
      Target.self is AnyObject.Type ? nil : target as? ReferenceWritableKeyPath<Root, Target?>
    // Read as a subscription reads: `nil` where reading would stop the program.
    let project = Self.projection(of: target)
    return targeted(
      action, keyPath: target, read: { (root: Root) -> Target? in project(root) ?? nil },
      write: writable.map { writable in { $0[keyPath: writable] = $1 } })
  }

  /// The action that sends `action` to the model at `target`.
  package func targeted<Target>(
    _ action: any Action, to target: KeyPath<Root, Target>
  ) -> TargetedAction {
    // Only a value is written back: a class model is reduced where it is.
    let writable =
      Target.self is AnyObject.Type ? nil : target as? ReferenceWritableKeyPath<Root, Target>
    // Read as a subscription reads: `nil` where reading would stop the program.
    let project = Self.projection(of: target)
    return targeted(
      action, keyPath: target, read: project,
      write: writable.map { writable in { $0[keyPath: writable] = $1 } })
  }

  /// The action that sends `action` to what `read` finds, written back with
  /// `write` when it is a value; `read` gives `nil` where the key path no
  /// longer leads anywhere (a position past the end), rather than stopping
  /// the program, and the action then reaches no model, as a debug build says.
  private func targeted<Target>(
    _ action: any Action, keyPath: AnyKeyPath, read: @escaping (Root) -> Target?,
    write: ((Root, Target) -> Void)?
  ) -> TargetedAction {
    // Read once now for the ids of its `[id:]` steps, which name its path.
    let (_, steps) = ElementLookup.resolving(keepingSteps: true) { read(root) }
    let target = DispatchTarget(
      action: action, keyPath: keyPath, rootType: Root.self, steps: steps, elementID: nil
    ) { action, root, target in
      Self.deliver(
        action, to: read, write: write, in: unsafeDowncast(root, to: Root.self), target: target)
    }
    return TargetedAction(target)
  }

  /// Delivers `action` to the row with id `id` of the array at `rows` in
  /// `root` and the models below it.
  ///
  /// No copy of the array is held while the row reduces: a reduce that
  /// changes the array, or a value row written back, would copy it whole.
  private static func deliver<Row: Identifiable>(
    _ action: any Action, toRowWithID id: Row.ID, of rows: KeyPath<Root, [Row]>,
    writable: ReferenceWritableKeyPath<Root, [Row]>?, in root: Root, target: DispatchTarget
  ) -> TargetDelivery {
    ElementLookup.resolvingKeepingPassedModels { () -> TargetDelivery in
      var array = root[keyPath: rows]
      let position = ElementLookup.index(of: id, in: array)
      guard position >= 0 else { return .absent }
      let found = array[position]
      array = []
      // The models above the row, which a reference back up does not reach.
      let above = ElementLookup.passedModels
      if Row.self is AnyObject.Type {
        return .delivered(
          Walk.deliver(action, from: object(found), passingOver: above, andRoot: root),
          holder: nil)
      }
      guard let writable else { return .notWritable(Row.self) }
      return deliver(action, toValue: found, of: target, passingOver: above, andRoot: root) {
        value in
        // A reduce that removed the row leaves it removed.
        let now = ElementLookup.index(of: id, in: root[keyPath: writable])
        if now >= 0 { root[keyPath: writable][now] = value }
      }
    }
  }

  /// Delivers `action` to what `read` finds in `root` and the models below it.
  private static func deliver<Target>(
    _ action: any Action, to read: @escaping (Root) -> Target?,
    write: ((Root, Target) -> Void)?, in root: Root, target: DispatchTarget
  ) -> TargetDelivery {
    guard
      let (found, passed) = ElementLookup.resolvingKeepingPassedModels({
        read(root).map { ($0, ElementLookup.passedModels) }
      })
    else { return .absent }
    if Target.self is AnyObject.Type {
      // The models above the target, which a reference back up does not reach.
      let model = object(found)
      let above = passed.filter { $0 !== model }
      return .delivered(
        Walk.deliver(action, from: model, passingOver: above, andRoot: root), holder: nil)
    }
    guard let write else { return .notWritable(Target.self) }
    return deliver(action, toValue: found, of: target, passingOver: passed, andRoot: root) {
      value in
      ElementLookup.resolving {
        // A reduce that removed the target leaves it removed.
        guard let now = read(root) else { return }
        // One that moved another row to its position is not written over.
        guard isSameRow(now, as: found) else {
          #if DEBUG
            DebugReport.emit(
              "SwiftReduce: \(actionText(action)) to \(target.pathText): another row is at "
                + "\(target.pathText) now (the reduce moved the rows), so what it changed in "
                + "its own row was not written back; send it to the row's id instead "
                + "(reported in debug builds)")
          #endif
          return
        }
        write(root, value)
      }
    }
  }

  /// Whether `now` is the row `found` was, by its `id`, where it has one.
  private static func isSameRow<Target>(_ now: Target, as found: Target) -> Bool {
    guard let now = now as? any Identifiable, let found = found as? any Identifiable else {
      return true
    }
    func id<Row: Identifiable>(_ row: Row) -> AnyHashable { AnyHashable(row.id) }
    return id(now) == id(found)
  }

  /// Delivers `action` to the value `found` and the models below it: reduced
  /// in a holder, as a class model holds one, then handed to `writeBack`.
  ///
  /// The closure is not optional: unspecialized, an optional closure of a
  /// generic type costs a lookup of its type's metadata on every call.
  private static func deliver<Target>(
    _ action: any Action, toValue found: Target, of target: DispatchTarget,
    passingOver above: [AnyObject], andRoot top: AnyObject, writeBack: (Target) -> Void
  ) -> TargetDelivery {
    let box = TargetValue(found, target: target)
    let result = Walk.deliver(action, from: box, passingOver: above, andRoot: top)
    writeBack(box.value)
    return .delivered(result, holder: box)
  }

  /// A value of a class type as the object it refers to.
  private static func object<Target>(_ value: Target) -> AnyObject {
    // A class type's value is one reference: no box, where `as AnyObject` would ask for one.
    MemoryLayout<Target>.size == MemoryLayout<AnyObject>.size
      ? unsafeBitCast(value, to: AnyObject.self) : value as AnyObject
  }
}

/// What became of a targeted action when it reached the models.
enum TargetDelivery {
  /// Delivered to the target and the models below it, with what the walk
  /// found, and the holder a value target was reduced in, if it was one.
  ///
  /// The store keeps the holder until the effects its value started are
  /// placed: they are the store's, not a model's, since the holder is not in
  /// the tree (see ``TargetValue``).
  case delivered(Walk.Result, holder: (any TargetValueHolder)?)
  /// No model was at the target.
  case absent
  /// The target is a value of this type, and its key path is not writable.
  case notWritable(Any.Type)
}

/// A value a targeted action is delivered to, held as a class model holds
/// one so that the walk reduces it in place.
///
/// The holder is not in the tree: an effect a value model starts there is
/// placed by the target's path, where the value was written back, and
/// belongs to the row and the model there as it would in a dispatch to the
/// whole tree.
final class TargetValue<Value>: Reducer, TargetValueHolder {
  var value: Value
  let target: DispatchTarget?

  /// - Parameters:
  ///   - value: The value to reduce.
  ///   - target: The target it was read from, or `nil` for a holder that
  ///     only lists the models below it.
  init(_ value: Value, target: DispatchTarget? = nil) {
    self.value = value
    self.target = target
  }
}

/// A holder of a value a targeted action was delivered to, whatever its type.
protocol TargetValueHolder: AnyObject {
  /// The target the value was read from and written back to; `nil` for a
  /// holder that only lists the models below it.
  var target: DispatchTarget? { get }
}
