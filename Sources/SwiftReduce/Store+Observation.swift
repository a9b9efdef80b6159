import Observation

/// A store is observable, value by value: reading state through it inside
/// `withObservationTracking`, or in a SwiftUI view body, registers that read,
/// and a dispatch tells its observers only when what it returned changed.
///
/// A value is compared by `==` when it is `Equatable`; a model by identity,
/// and, when it is not itself `Observable`, also as changed when it or a model
/// it holds reduced the action, or when any write in a dispatch changed it or
/// a model it holds. An `Observable` model tracks its own
/// properties, so the store adds nothing on top. The article *Observation*
/// gives the rules and the limits.
extension Store: Observable {
  /// Registers a read of `keyPath`, which returned `value`, with Observation.
  func registerRead<Value>(of keyPath: KeyPath<Root, Value>, _ value: Value) {
    var isNew = false
    let read = observedReads.read(keyPath) {
      isNew = true
      return ObservedRead(
        project: Self.projection(of: keyPath), value: value, watchModel: ShadowWatch.init)
    }
    if isNew {
      #if DEBUG
        // A read that looks for reductions below its model is told of the
        // plain models there too, so there is nothing to report.
        if !read.looksForReductions { MixedTreeReport.check(value) }
      #endif
    } else {
      read.read(value)
    }
    observedReads.arm(read)
  }

  /// Reads `keyPath` for a binding, and registers the read.
  ///
  /// A path read before is checked first: when it no longer applies (its row
  /// was removed), the binding gives the last value read through it rather
  /// than stopping the program, and its observers are told at the next
  /// dispatch that some model reduces.
  func bindingRead<Value>(of keyPath: KeyPath<Root, Value>) -> Value {
    guard let read = observedReads.existingRead(keyPath) else {
      let value = root[keyPath: keyPath]
      registerRead(of: keyPath, value)
      return value
    }
    let value = read.current(in: root)
    read.read(value)
    observedReads.arm(read)
    return value
  }
}

/// The watch of a plain model read through a store: a shadow of the model and
/// the models below it, the copy a ``History`` keeps of a whole tree.
@MainActor
private final class ShadowWatch: ModelWatch {
  let model: AnyObject
  private let shadow: TreeShadow

  init(_ model: AnyObject) {
    self.model = model
    shadow = TreeShadow(of: model, plans: .shared, isRecorded: nil)
  }

  func hasChanged() -> Bool {
    !shadow.changes(from: model, expectsChanges: false).isEmpty
  }
}
