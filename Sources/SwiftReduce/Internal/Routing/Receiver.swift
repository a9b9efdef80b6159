/// Delivers a type-erased action to the typed `reduce(action:)` of one model type.
protocol ActionReceiver {
  /// How the model type takes actions of `action`'s dynamic type.
  func acceptance(of action: any Action) -> ModelPlan.Acceptance

  /// Calls `reduce(action:)` on the model at `model` with the action stored at
  /// `action`, which is of exactly the model's parameter type.
  func deliverExact(_ action: UnsafeRawPointer, to model: UnsafeRawPointer)

  /// Casts `action` to the model's action family and calls `reduce(action:)`.
  func deliverFamily(_ action: any Action, to model: UnsafeRawPointer)

  /// Calls `reduce(action:)` on `count` value models from `first`, `stride`
  /// bytes apart, with the action stored at `action`, of exactly their parameter type.
  func deliverExact(
    _ action: UnsafeRawPointer, toEach first: UnsafeRawPointer, count: Int, stride: Int)
}

extension ActionReceiver {
  func deliverExact(
    _ action: UnsafeRawPointer, toEach first: UnsafeRawPointer, count: Int, stride: Int
  ) {
    for position in 0..<count { deliverExact(action, to: first + position * stride) }
  }
}

/// The receiver for models of type `Model`.
struct Receiver<Model: Reducer>: ActionReceiver {
  func acceptance(of action: any Action) -> ModelPlan.Acceptance {
    ModelPlan.Acceptance(of: action, by: Model.ReducedAction.self)
  }

  func deliverExact(_ action: UnsafeRawPointer, to model: UnsafeRawPointer) {
    // Specialised where the model type conforms; the walk keeps the model alive.
    Model._reduce(exactly: action, on: model)
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

  func deliverExact(_ action: UnsafeRawPointer, to model: UnsafeRawPointer) {
    Model._reduce(exactly: action, onEach: UnsafeMutableRawPointer(mutating: model), count: 1)
  }

  func deliverFamily(_ action: any Action, to model: UnsafeRawPointer) {
    guard let typed = action as? Model.ReducedAction else { return }
    UnsafeMutablePointer(mutating: model.assumingMemoryBound(to: Model.self)).pointee.reduce(
      action: typed)
  }

  func deliverExact(
    _ action: UnsafeRawPointer, toEach first: UnsafeRawPointer, count: Int, stride: Int
  ) {
    // Specialised where the value model type conforms: one loop for the run.
    assert(stride == MemoryLayout<Model>.stride, "a run of values is contiguous")
    Model._reduce(exactly: action, onEach: UnsafeMutableRawPointer(mutating: first), count: count)
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
