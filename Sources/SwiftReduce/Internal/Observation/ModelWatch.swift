/// What a read of a plain model keeps of that model and the models below it,
/// to find a write that changed them whoever made it.
///
/// A plain model changes in place, where comparing the read's value (the
/// model's identity) sees nothing, and another model's reducer can write
/// into it without it taking the action: a model shared by two features,
/// changed by one of them. A watch is made when such a read is armed and
/// let go when it is told, so a store pays for one only while a view waits
/// on a plain model. The store makes it (``ObservedRead`` is handed the
/// means), from the history's shadow of a tree.
@MainActor
protocol ModelWatch: AnyObject {
  /// The model watched.
  var model: AnyObject { get }

  /// Whether a write changed the model, or a model below it, since the
  /// watch was made or last asked; the watch then holds them as they are.
  func hasChanged() -> Bool
}
