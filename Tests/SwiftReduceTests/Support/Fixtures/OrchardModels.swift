import SwiftReduce
import SwiftReduceTestSupport

// An orchard built at random from a seed, in the shapes a test store pairs without
// snapshots (arrays and optionals of models, shared models, cycles, `weak` references,
// structs and tuples holding models, value models, plain values and their collections),
// and edits that change it or leave it printing the same.

/// A value model holding no model: compared by its bytes.
struct Ring: ValueReducer {
  var width: Int
  var note: String

  mutating func reduce(action: Never) {}
}

/// A struct holding a model, stored inline in its owner.
struct Graft {
  var label: String
  var tree: Sapling?
}

/// A model of the orchard.
final class Sapling: Reducer {
  var label: String
  var height: Double
  var next: Sapling?
  weak var orchard: Orchard?

  init(label: String, height: Double) {
    self.label = label
    self.height = height
  }
}

/// The root of an orchard.
final class Orchard: Reducer {
  var name = "Orchard"
  var rows: [Sapling] = []
  var featured: Sapling?
  var graft = Graft(label: "graft", tree: nil)
  var pair: (Int, Sapling?) = (0, nil)
  var rings: [Ring] = []
  var counts: [String: Int] = [:]

  /// Every sapling made, to edit at random and to unlink.
  private(set) var saplings: [Sapling] = []

  /// Builds the orchard of `seed`.
  init(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for index in 0..<Int(random.next() % 6 + 1) {
      saplings.append(Sapling(label: "tree \(index)", height: Double(random.next() % 4)))
    }
    func pick(_ random: inout SplitMix64) -> Sapling? {
      random.next() % 4 == 0 ? nil : saplings[Int(random.next() % UInt64(saplings.count))]
    }
    for sapling in saplings {
      sapling.next = pick(&random)
      if random.next() % 2 == 0 { sapling.orchard = self }
    }
    rows = (0..<Int(random.next() % 5)).compactMap { _ in pick(&random) }
    featured = pick(&random)
    graft.tree = pick(&random)
    pair = (Int(random.next() % 3), pick(&random))
    rings = (0..<Int(random.next() % 4)).map { Ring(width: $0, note: "ring \($0)") }
    counts = ["a": 1, "b": Int(random.next() % 3)]
  }

  /// Drops the links between saplings, which may form cycles.
  func unlink() {
    for sapling in saplings { sapling.next = nil }
  }

  /// Makes one edit chosen by `random`: some change what the orchard prints, some only
  /// where its values are stored, and some make no change at all.
  func edit(_ random: inout SplitMix64) {
    let tree = saplings[Int(random.next() % UInt64(saplings.count))]
    let other = saplings[Int(random.next() % UInt64(saplings.count))]
    switch random.next() % 10 {
    case 0: tree.height += Double(random.next() % 2)
    case 1: tree.label = String("a label long enough to live in its own storage".reversed())
    case 2: tree.next = other
    case 3: if !rows.isEmpty { rows[Int(random.next() % UInt64(rows.count))] = other }
    case 4: featured = random.next() % 2 == 0 ? nil : other
    case 5: graft.tree = other
    case 6: if !rings.isEmpty { rings[0].width += Int(random.next() % 2) }
    case 7: counts = Dictionary(uniqueKeysWithValues: counts.map { ($0, $1) })
    case 8: rows = rows.map { $0 }
    default: name = random.next() % 2 == 0 ? name : "Grove"
    }
  }
}
