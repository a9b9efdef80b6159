/// A change a store makes without a walk (a history's undo and redo), told
/// to observers as an action whose models are those it changed.
///
/// A read of a model that is not `Observable` has changed when that model,
/// or one it holds, took the action: for a direct change, when it or a model
/// it holds is one of ``changedModels``.
protocol DirectChange: Action {
  var changedModels: [AnyObject] { get }
}
