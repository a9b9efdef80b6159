/// Delivers a type-erased action to the typed `reduce(action:)` of one model type.
protocol ActionReceiver {
  /// How the model type takes actions of `action`'s dynamic type.
  func acceptance(of action: any Action) -> ModelPlan.Acceptance

  /// Calls `reduce(action:)` on `model` with an action of exactly its parameter type.
  func deliverExact(_ action: any Action, to model: AnyObject)

  /// Casts `action` to the model's action family and calls `reduce(action:)`.
  func deliverFamily(_ action: any Action, to model: AnyObject)
}

/// The receiver for models of type `Model`.
struct Receiver<Model: Reducer>: ActionReceiver {
  func acceptance(of action: any Action) -> ModelPlan.Acceptance {
    if ObjectIdentifier(type(of: action)) == ObjectIdentifier(Model.ReducedAction.self) {
      return .exactType
    }
    return action is Model.ReducedAction ? .family : .ignores
  }

  func deliverExact(_ action: any Action, to model: AnyObject) {
    // The dynamic type was checked to be `Model.ReducedAction` itself, so the
    // opened value is reinterpreted instead of cast: a cast would build
    // `Optional<Model.ReducedAction>` metadata at run time on every call.
    func open<Concrete: Action>(_ concrete: Concrete) {
      unsafeDowncast(model, to: Model.self)
        .reduce(action: unsafeBitCast(concrete, to: Model.ReducedAction.self))
    }
    open(action)
  }

  func deliverFamily(_ action: any Action, to model: AnyObject) {
    guard let typed = action as? Model.ReducedAction else { return }
    unsafeDowncast(model, to: Model.self).reduce(action: typed)
  }
}

/// A receiver for the model type `type`, opened from its existential metatype.
func makeReceiver(for type: any Reducer.Type) -> any ActionReceiver {
  openReceiver(type)
}

private func openReceiver<Model: Reducer>(_ type: Model.Type) -> any ActionReceiver {
  Receiver<Model>()
}
