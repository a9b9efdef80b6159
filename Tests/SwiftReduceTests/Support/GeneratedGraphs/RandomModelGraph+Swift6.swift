import SwiftReduce

// Filling the crates of the Swift 6 shape families (issue 36; see `ShapeModels+Swift6.swift`).
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
extension RandomModelGraph {
  /// Fills `crate` if it is of a Swift 6 shape family; `false` if it is not.
  func fillSwift6Shapes(_ crate: Crate) -> Bool {
    switch crate {
    case let crate as InlineArrayCrate:
      let family = ShapeFamily.inlineArrays
      for index in crate.leaves.indices { crate.leaves[index] = optionalLeaf(family) }
      for index in crate.dials.indices { crate.dials[index] = dial(family) }
      for index in crate.models.indices {
        crate.models[index] = chance(2) ? leaf(family) : pickObject() as? any Reducer
      }
      for index in crate.counts.indices { crate.counts[index] = count() }
      for index in crate.pair.leaves.indices { crate.pair.leaves[index] = optionalLeaf(family) }
      return true
    case let crate as LockedCrate:
      let family = ShapeFamily.lockedModels
      crate.leaf = leaf(family)
      let hidden = leaves(family)
      crate.guarded.withLock { $0 = hidden }
      crate.hits.store(count(), ordering: .relaxed)
      return true
    default:
      return false
    }
  }
}
