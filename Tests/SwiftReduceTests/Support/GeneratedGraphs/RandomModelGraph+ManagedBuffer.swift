import SwiftReduce

// ``ShapeFamily/managedBuffers`` (issue 36): `ManagedBuffer` models, whose header and stored
// properties the walk reaches and whose tail elements it never does, by the rule of the Routing
// Rules article; a copy of a graph holding one is refused, naming each by its path.

/// A reel's header: its id and log, the model the walk reaches in it, how many leaves its tail
/// holds, and how many probes it took, which a history records and undoes.
struct ReelHeader {
  let id: Int
  let log: ProbeLog
  var leaf: Leaf?
  let count: Int
  var probes = 0
}

/// A `ManagedBuffer` model: reduced and logged like any model, a leaf in its header, leaves in
/// its tail that nothing but its own code reaches.
final class Reel: ManagedBuffer<ReelHeader, Leaf>, Reducer {
  /// A reel with `header`, holding `tail` past it.
  static func make(_ header: ReelHeader, tail: [Leaf]) -> Reel {
    let buffer = Reel.create(minimumCapacity: tail.count) { _ in header }
    // `create` allocates an instance of the class it is called on.
    let reel = unsafeDowncast(buffer, to: Reel.self)
    reel.withUnsafeMutablePointerToElements { $0.initialize(from: tail, count: tail.count) }
    return reel
  }

  /// The leaves in the tail, read through the buffer's own API.
  var tail: [Leaf] {
    withUnsafeMutablePointers { header, elements in
      Array(UnsafeBufferPointer(start: elements, count: header.pointee.count))
    }
  }

  func reduce(action: any Probe) {
    header.log.entries.append(.reduced(header.id))
    header.probes += 1
  }

  deinit {
    _ = withUnsafeMutablePointers { header, elements in
      elements.deinitialize(count: header.pointee.count)
    }
  }
}

/// Holds reels: one in a property, some in an array.
final class ReelCrate: Crate {
  var reel: Reel?
  var reels: [Reel] = []

  override func unlink() {
    reel?.header.leaf = nil
    for reel in reels { reel.header.leaf = nil }
  }
}

extension RandomModelGraph {
  /// Fills `crate` if it is a ``ReelCrate``; `false` if it is not.
  func fillManagedBufferShapes(_ crate: Crate) -> Bool {
    guard let crate = crate as? ReelCrate else { return false }
    crate.reel = chance(4) ? nil : reel()
    crate.reels = (0..<count()).map { _ in reel() }
    return true
  }

  /// A reel with a family id, an optional leaf in its header and a few in its tail.
  private func reel() -> Reel {
    let family = ShapeFamily.managedBuffers
    let tail = leaves(family)
    return Reel.make(
      ReelHeader(id: newID(family), log: log, leaf: optionalLeaf(family), count: tail.count),
      tail: tail)
  }
}
