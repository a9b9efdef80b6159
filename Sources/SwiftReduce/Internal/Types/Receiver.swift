/// Answers how one model type takes a type-erased action, and delivers one it
/// takes as a member of a family.
///
/// An action of exactly the model's parameter type goes through the model
/// type's own entry instead (`Reducer._reduce(exactly:on:)`,
/// `ValueReducer._reduce(exactly:onEach:count:)`), compiled in its module.
protocol ActionReceiver {
  /// How the model type takes actions of `action`'s dynamic type.
  func acceptance(of action: any Action) -> ModelPlan.Acceptance

  /// Casts `action` to the model's action family and calls `reduce(action:)`.
  func deliverFamily(_ action: any Action, to model: UnsafeRawPointer)
}

/// The receiver for models of type `Model`.
struct Receiver<Model: Reducer>: ActionReceiver {
  func acceptance(of action: any Action) -> ModelPlan.Acceptance {
    ModelPlan.Acceptance(of: action, by: Model.ReducedAction.self)
  }

  func deliverFamily(_ action: any Action, to model: UnsafeRawPointer) {
    guard let typed = action as? Model.ReducedAction else { return }
    Unmanaged<Model>.fromOpaque(model)._withUnsafeGuaranteedRef { $0.reduce(action: typed) }
  }
}

/// A receiver for the model type `type`, opened from its existential metatype.
func makeReceiver(for type: any Reducer.Type) -> any ActionReceiver {
  openReceiver(type)
}

private func openReceiver<Model: Reducer>(_ type: Model.Type) -> any ActionReceiver {
  Receiver<Model>()
}

/// The receiver for value models of type `Model`: the address it is given is
/// the value's, which `reduce(action:)` changes in place.
struct ValueReceiver<Model: ValueReducer>: ActionReceiver {
  func acceptance(of action: any Action) -> ModelPlan.Acceptance {
    ModelPlan.Acceptance(of: action, by: Model.ReducedAction.self)
  }

  func deliverFamily(_ action: any Action, to model: UnsafeRawPointer) {
    guard let typed = action as? Model.ReducedAction else { return }
    UnsafeMutablePointer(mutating: model.assumingMemoryBound(to: Model.self)).pointee.reduce(
      action: typed)
  }
}

/// A receiver for the value model type `type`, opened from its existential metatype.
func makeReceiver(for type: any ValueReducer.Type) -> any ActionReceiver {
  openValueReceiver(type)
}

private func openValueReceiver<Model: ValueReducer>(_ type: Model.Type) -> any ActionReceiver {
  ValueReceiver<Model>()
}

extension ModelPlan.Acceptance {
  /// How a `reduce(action:)` whose parameter is of type `reduced` takes `action`.
  init<Reduced>(of action: any Action, by reduced: Reduced.Type) {
    if ObjectIdentifier(type(of: action)) == ObjectIdentifier(reduced) {
      self = .exactType
    } else {
      self = action is Reduced ? .family : .ignores
    }
  }
}
