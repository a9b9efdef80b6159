/// A ``Reducer/handledBelow`` declaration that leaves out an action a model below takes.
struct FalseDeclaration {
  let declaringType: Any.Type
  /// The first model below the declaring one that takes the action.
  let missed: Missed

  enum Missed {
    case object(AnyObject)
    /// A value model, with the steps of the walk that found it.
    case value(ReachedValue, steps: [(parent: Int, step: PathStep)])
  }
}
