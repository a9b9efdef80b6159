import SwiftReduce

/// The broadcast action: every leaf of the fixture tree handles it, nothing else does.
enum LeafAction: Action {
  /// Adds one to the leaf's count.
  case bump
}
