import SwiftReduce
import Synchronization

/// ``ShapeFamily/inlineArrays``: `InlineArray`s of optional class models, of value models, of
/// existentials and of ints, one inside a tuple.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
final class InlineArrayCrate: Crate {
  var leaves: InlineArray<3, Leaf?> = [nil, nil, nil]
  var dials: InlineArray<2, Dial>
  var models: InlineArray<2, (any Reducer)?> = [nil, nil]
  var counts: InlineArray<4, Int> = [0, 0, 0, 0]
  var pair: (label: String, leaves: InlineArray<2, Leaf?>) = ("pair", [nil, nil])

  required init(id: Int, log: ProbeLog) {
    dials = [Dial(id: 0, log: log), Dial(id: 0, log: log)]
    super.init(id: id, log: log)
  }

  override func unlink() {
    leaves = [nil, nil, nil]
    models = [nil, nil]
    pair.leaves = [nil, nil]
    for index in dials.indices { dials[index].leaf = nil }
  }
}

/// ``ShapeFamily/lockedModels``: models behind a `Mutex`, which is never entered, beside an
/// `Atomic` and a model that is reached.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
final class LockedCrate: Crate {
  var leaf: Leaf?
  let guarded = Mutex<[Leaf]>([])
  let hits = Atomic<Int>(0)

  override func unlink() {
    leaf = nil
    guarded.withLock { $0 = [] }
  }
}
