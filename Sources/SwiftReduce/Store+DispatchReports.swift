/// What a dispatch tells about itself besides reducing: the stop for a false
/// declaration, and the reports debug builds print, each once per type and place.
extension Store {
  /// Stops the program for a ``Reducer/handledBelow`` declaration that left
  /// out `action`, naming the type, the action and the path of the model it missed.
  func stop(for declaration: FalseDeclaration, _ action: any Action) -> Never {
    let missedType: Any.Type
    let path: TreePath?
    switch declaration.missed {
    case let .object(missed):
      missedType = type(of: missed)
      path = ModelPaths.paths(to: [missed], from: root)[ObjectIdentifier(missed)]
    case let .value(missed, steps):
      missedType = type(of: missed.value)
      let ownerPath = ModelPaths.paths(to: [missed.owner], from: root)[
        ObjectIdentifier(missed.owner)]
      path = ownerPath.map { ModelPaths.path(to: missed, steps: steps, ownerPath: $0) }
    }
    fatalError(
      """
      SwiftReduce: \(String(reflecting: declaration.declaringType)).handledBelow leaves out \
      \(String(reflecting: type(of: action))), but the \(String(reflecting: missedType)) \
      at \(path ?? "a path no snapshot shows") below it handles \(String(reflecting: action)). \
      Add the action's type to the declaration, or remove the declaration.
      """
    )
  }

  /// Reports, once per action type, an action that no model reduced.
  func reportUnhandled(_ action: any Action) {
    #if DEBUG
      // A targeted action is reported once per type of the action it sends.
      let reported = (action as? TargetedAction)?.action ?? action
      guard reportsUnhandledActions,
        ReportedOnce.unhandledActions.insert(ObjectIdentifier(type(of: reported))).inserted
      else { return }
      DebugReport.emit(
        "SwiftReduce: no model handled \(String(reflecting: action)) (reported once per action "
          + "type in debug builds; pass reportsUnhandledActions: false to the Store to silence)")
    #endif
  }

  /// Reports a targeted action that found no model to go to, or a value it
  /// could not write back, which no model reduced.
  func reportUndelivered(_ targeted: TargetedAction, _ outcome: TargetDelivery) {
    #if DEBUG
      switch outcome {
      case .delivered:
        return
      case .absent:
        DebugReport.emit(
          "SwiftReduce: \(targeted) reached no model: there is none at \(targeted.path) now, so "
            + "nothing was reduced (reported in debug builds)")
      case let .notWritable(type):
        DebugReport.emit(
          "SwiftReduce: \(targeted) reached no model: the \(String(reflecting: type)) at "
            + "\(targeted.path) is a value, reduced in a copy written back through the key path, "
            + "and the key path is not writable. Make each property on the way a `var` "
            + "(reported in debug builds)")
      }
    #endif
  }

  /// Reports, once per value model type and holder, value models a dispatch
  /// met where they cannot be changed in place, and so did not reduce.
  func reportNotInPlace(_ found: [(model: Any.Type, container: Any.Type)]) {
    #if DEBUG
      for (model, container) in found {
        let key = [ObjectIdentifier(model), ObjectIdentifier(container)]
        guard ReportedOnce.notInPlace.insert(key).inserted else { continue }
        DebugReport.emit(
          "SwiftReduce: the value model \(String(reflecting: model)) held in a "
            + "\(String(reflecting: container)) is not reduced: it is held where it cannot be "
            + "changed in place (a `let`, a `Set` element, a dictionary's keys or values view, an "
            + "enum's payload or an existential such as `Any`). Hold it in a `var` of a class or "
            + "value model, an Array, a ContiguousArray, an ArraySlice, a Dictionary's values, an "
            + "Optional or a tuple (reported once per type and place in debug builds)")
      }
    #endif
  }

  /// Reports, once per element type and place, arrays of value models that
  /// changed under a dispatch where the walk could not tell the elements it
  /// had reduced from those it had not (routing rule 13).
  func reportIndistinct(_ found: [IndistinctElements], _ action: any Action) {
    #if DEBUG
      for found in found {
        let ownerPath = ModelPaths.paths(to: [found.owner], from: root)[
          ObjectIdentifier(found.owner)]
        let steps = found.steps.enumerated().map { (parent: $0.offset - 1, step: $0.element) }
        let path = ownerPath.map {
          ModelPaths.path(
            to: ReachedValue(position: 0, owner: found.owner, path: steps.count - 1, value: ()),
            steps: steps, ownerPath: $0)
        }
        let key = [ObjectIdentifier(found.elementType), ObjectIdentifier(type(of: found.owner))]
        guard ReportedOnce.indistinct.insert(key).inserted else { continue }
        let element = String(reflecting: found.elementType)
        let place = path ?? "a path no snapshot shows"
        DebugReport.emit(
          "SwiftReduce: the \(String(reflecting: found.collection)) at \(place) changed while \(String(reflecting: action)) was delivered, and "
            + "some of its \(element) elements that were reduced and some that were not look "
            + "the same: they were all counted as reduced, so some may have missed the action. "
            + "Make \(element) Identifiable, with an id that tells them apart (reported once per "
            + "type and holder in debug builds)")
      }
    #endif
  }
}
