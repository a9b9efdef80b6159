/// A read, in a test store, of a dependency the test did not set and whose
/// key declares no test value: what the test store reports.
package struct UnprovidedDependency: Sendable {
  /// Who read a dependency.
  enum Reader: Sendable {
    /// A model's `reduce(action:)`, a middleware or a subscriber, during a dispatch.
    case dispatch(DependencyReadSite)
    /// An effect, or a task it created.
    case effect(RunningEffect)
    /// Nothing a store can name: values a dispatch read, read again on another thread.
    case outside
  }

  /// The dependency's name: `DependencyValues.clock`, or its key's type.
  package let name: String
  let reader: Reader

  /// Who read it, as the failure names it: `while reducing TodoAction.add in
  /// todos[0]`, or `by the effect no id, started by …`.
  @MainActor package var readerDescription: String {
    switch reader {
    case .dispatch(let site):
      return site.store?.describe(site.reader) ?? "during a dispatch of a store since released"
    case .effect(let effect):
      guard let store = effect.host else { return "by an effect of a store since released" }
      return store.describe(.effect(effect))
    case .outside:
      return "on another thread than its dispatch's, outside any effect"
    }
  }
}

/// Who read a dependency during a dispatch, taken when it read it: the walk
/// names a value model's place only when its `reduce` returns, and the
/// message is made after that.
@MainActor
final class DependencyReadSite {
  /// What was reading.
  enum Reader {
    /// A model's `reduce(action:)`, reducing this action: the model, or for a
    /// value model the class model holding it, and the value model's place.
    case model(any Action, RunningEffect.ReducingModel, ValueModelPlace?)
    /// A middleware or a subscriber, during the dispatch of this action.
    case dispatch(any Action)
    /// An effect.
    case effect(RunningEffect)
    /// Nothing a store knows: a read outside any dispatch and any effect.
    case outside
  }

  let reader: Reader
  /// The store whose dispatch it was; weak, so that a pending message does not keep it alive.
  weak var store: (any EffectHost)?
  /// The model read, held: the holder of a value a targeted action reached,
  /// which goes when the dispatch ends and names the value's place.
  private let heldModel: AnyObject?

  init(_ reader: Reader, store: any EffectHost, holding model: AnyObject? = nil) {
    self.reader = reader
    self.store = store
    self.heldModel = model
  }
}
