import SwiftReduce

/// The type-erased entry a framework would use to hand an action to a model.
///
/// The library routes through an internal entry of its own; the benchmark
/// cannot name that, so its hand-written "erased direct" loops and its naive
/// Mirror walk go through this one, which does the same work: one dynamic
/// cast of the action to the model's action type, then the typed `reduce`.
protocol ErasedReceiver: AnyObject {
  /// Reduces `action` if this model handles its type.
  func receive(_ action: Any)
}

extension ErasedReceiver where Self: Reducer {
  func receive(_ action: Any) {
    if let typed = action as? ReducedAction {
      reduce(action: typed)
    }
  }
}
