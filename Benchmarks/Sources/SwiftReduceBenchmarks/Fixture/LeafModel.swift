import SwiftReduce

/// A leaf of the fixture tree: counts the broadcasts it has reduced.
protocol LeafModel: Reducer, ErasedReceiver where ReducedAction == LeafAction {
  /// The number of ``LeafAction/bump`` actions reduced since the last reset.
  var value: Int { get set }

  /// Whether the tree's model types declare ``Reducer/handledBelow``, so that
  /// actions nothing below a model handles skip what it holds.
  static var declaresSubtrees: Bool { get }
}

extension LeafModel {
  static var declaresSubtrees: Bool { false }

  static var handledBelow: HandledBelow { declaresSubtrees ? .nothing : .anything }
}

extension LeafModel {
  /// The declaration of the groups and the root above leaves of this type:
  /// only leaf actions below them, when the tree declares its subtrees.
  static var handledBelowInnerNodes: HandledBelow {
    declaresSubtrees ? .only(LeafAction.self) : .anything
  }
}
