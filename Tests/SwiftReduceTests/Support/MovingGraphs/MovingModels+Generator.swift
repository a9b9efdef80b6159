import SwiftReduceTestSupport

// Random moving graphs: a tree of ``MovingNode``s, its containers filled by family, and a
// script for some of its class models, all from one seed, so that two graphs built from the
// same seed are the same graph, serials and scripts included.

/// Which containers a moving graph fills and its models change.
enum MovingFamily: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Arrays, contiguous arrays and dictionaries of class models, optional class fields.
  case classContainers
  /// Arrays of the three row families, a dictionary of rows, the panel; class models inside
  /// value models inside class models, nested.
  case valueRows
  /// All of them.
  case mixed

  var description: String { rawValue }

  /// The containers built and changed; every node also has its ``MovingNode/tag``.
  var places: [MovingPlace] {
    switch self {
    case .classContainers: [.kids, .stack, .byKey, .spare]
    case .valueRows: [.idRows, .hashRows, .plainRows, .cells, .panel]
    case .mixed: MovingPlace.allCases.filter { $0 != .tag }
    }
  }
}

/// One moving graph, built from its seed.
@MainActor
final class MovingGraph {
  let seed: UInt64
  let family: MovingFamily
  let stage = MovingStage()
  private(set) var root: MovingNode
  private var random: SplitMix64
  private var lastSerial = 0
  /// The class models that may act: where each is held, and the class models above it.
  private var actors: [Actor] = []

  private struct Actor {
    let serial: Int
    /// The node and container holding it (for a row's controller, the row's container).
    let home: (owner: Int, place: MovingPlace)?
    /// The serials of the nodes above it, the nearest last.
    let ancestors: [Int]
  }

  static let maximumDepth = 3
  static let nodeBudget = 18

  init(seed: UInt64, family: MovingFamily) {
    self.seed = seed
    self.family = family
    random = SplitMix64(seed: seed)
    root = MovingNode(serial: 0, stage: stage, tag: MovingLeaf(serial: 0, stage: stage))
    root = makeNode(depth: 0, ancestors: [], home: nil)
    writeScripts()
  }

  func tearDown() {
    stage.tearDown()
  }

  // MARK: Building

  private func take() -> Int {
    lastSerial += 1
    return lastSerial
  }

  private func pick<Element>(_ elements: [Element]) -> Element { random.pick(elements) }

  private func chance(_ probability: Double) -> Bool { random.chance(probability) }

  private func makeNode(
    depth: Int, ancestors: [Int], home: (owner: Int, place: MovingPlace)?
  ) -> MovingNode {
    let serial = take()
    let leaf = MovingLeaf(serial: take(), stage: stage)
    let node = MovingNode(serial: serial, stage: stage, tag: leaf)
    stage.nodes[serial] = node
    actors.append(Actor(serial: serial, home: home, ancestors: ancestors))
    actors.append(Actor(serial: leaf.serial, home: (serial, .tag), ancestors: ancestors + [serial]))
    guard depth < Self.maximumDepth else { return node }
    let inner = ancestors + [serial]
    var places = family.places.filter { _ in chance(depth == 0 ? 0.6 : 0.35) }
    if depth == 0 && places.isEmpty { places = [pick(family.places)] }
    for place in places where stage.nodes.count < Self.nodeBudget {
      let count = Int.random(in: 1...3, using: &random)
      func child() -> MovingNode {
        makeNode(depth: depth + 1, ancestors: inner, home: (serial, place))
      }
      func row<Row: MovingRow>() -> Row {
        let rowSerial = take()
        let controller = chance(0.8) ? child() : nil
        return Row(
          serial: rowSerial, stage: stage, controller: controller,
          note: MovingNote(serial: take(), stage: stage))
      }
      switch place {
      case .kids: node.kids = (0..<count).map { _ in child() }
      case .stack: node.stack = ContiguousArray((0..<count).map { _ in child() })
      case .byKey:
        for _ in 0..<count { node.byKey[MovingSlot(value: take())] = child() }
      case .spare: node.spare = child()
      case .tag: break
      case .idRows: node.idRows = (0..<count).map { _ in row() }
      case .hashRows: node.hashRows = (0..<count).map { _ in row() }
      case .plainRows: node.plainRows = (0..<count).map { _ in row() }
      case .cells:
        for _ in 0..<count { node.cells[MovingSlot(value: take())] = row() }
      case .panel:
        node.panel = MovingPanel(closer: child(), note: MovingNote(serial: take(), stage: stage))
      }
    }
    return node
  }

  // MARK: Scripts

  private func writeScripts() {
    let owners = stage.nodes.keys.sorted()
    for actor in actors {
      var script: [[MovingMove]] = []
      for dispatch in 0..<2 {
        let acts = chance(dispatch == 0 ? 0.5 : 0.3)
        let count = acts ? Int.random(in: 1...2, using: &random) : 0
        script.append((0..<count).map { _ in move(for: actor, owners: owners) })
      }
      if script.contains(where: { !$0.isEmpty }) { stage.scripts[actor.serial] = script }
    }
  }

  private func move(for actor: Actor, owners: [Int]) -> MovingMove {
    let roll = Double.random(in: 0..<1, using: &random)
    if roll < 0.5, let home = actor.home {
      return MovingMove(
        owner: home.owner, place: home.place,
        edit: edit(home.place, owner: home.owner, mine: true, owners: owners))
    }
    let owner =
      roll < 0.8 && !actor.ancestors.isEmpty
      ? pick(actor.ancestors)
      : pick(owners)
    let place = pick(family.places + [.tag])
    return MovingMove(
      owner: owner, place: place, edit: edit(place, owner: owner, mine: false, owners: owners))
  }

  private func edit(
    _ place: MovingPlace, owner: Int, mine: Bool, owners: [Int]
  ) -> MovingEdit {
    let index = Int.random(in: 0..<4, using: &random)
    var edits: [MovingEdit]
    if place == .tag {
      edits = [.fill]
    } else if place.isOptional {
      edits = [.clear, .fill]
    } else {
      // Replacing a row in place is ambiguous for rows without an `id` (rule 13.5): only
      // `Identifiable` rows and class models are replaced.
      let replaces = place != .hashRows && place != .plainRows
      edits = [.removeAt(index), .append, .append, .insertAt(index), .clear]
      if replaces { edits.append(.replaceAt(index)) }
      if mine {
        // A row moved within its own array is not a new value there: moved elsewhere only.
        let others = place.holdsValueModels ? owners.filter { $0 != owner } : owners
        edits += [.removeMine, .removeMine, .insertBeforeMine]
        if let other = others.randomElement(using: &random) { edits.append(.moveMineTo(other)) }
        if place.isArray { edits += [.removeBefore, .removeAfter] }
        if replaces { edits.append(.replaceMine) }
      }
    }
    return pick(edits)
  }

  // MARK: Describing

  /// The scripts, for a failure's message.
  var scriptDescription: String {
    stage.scripts.sorted { $0.key < $1.key }.map { serial, script in
      "\(serial): " + script.map { "\($0)" }.joined(separator: " then ")
    }.joined(separator: "\n")
  }
}
