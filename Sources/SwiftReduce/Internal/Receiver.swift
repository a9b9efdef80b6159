/// Delivers a type-erased action to the typed `reduce(action:)` of one model type.
protocol ActionReceiver {
  /// Whether the model type's `reduce(action:)` takes actions of `action`'s type.
  func canReceive(_ action: any Action) -> Bool

  /// Casts `action` and calls `reduce(action:)` on `model`, if the cast succeeds.
  func deliver(_ action: any Action, to model: AnyObject)
}

/// The receiver for models of type `Model`.
struct Receiver<Model: Reducer>: ActionReceiver {
  func canReceive(_ action: any Action) -> Bool {
    action is Model.ReducedAction
  }

  func deliver(_ action: any Action, to model: AnyObject) {
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
