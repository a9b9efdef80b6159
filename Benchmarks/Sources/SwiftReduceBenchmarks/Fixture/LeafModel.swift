import SwiftReduce

/// A leaf of the fixture tree: counts the broadcasts it has reduced.
protocol LeafModel: Reducer, ErasedReceiver where ReducedAction == LeafAction {
  /// The number of ``LeafAction/bump`` actions reduced since the last reset.
  var value: Int { get set }
}
