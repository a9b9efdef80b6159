import SwiftReduceTestSupport

// Random cross-writing graphs: a tree of ``CrossNode``s with cells, the scripts of some of its
// nodes, and the writes another writer makes between dispatches, all from one seed, so that two
// graphs built from the same seed are the same graph.

/// Which writes a cross-writing graph's scripts make.
enum CrossFamily: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Each node writes only itself, and never replaces an element: what the history records
  /// today, the control.
  case ownWrites
  /// Parents write children and the cells they hold; children write parents and siblings.
  case parentsAndChildren
  /// Rows remove themselves; cells and nodes move between container models.
  case moves
  /// Writes through stored references: to the root, to a cell another node links to.
  case references
  /// All of them, the node's own writes too.
  case mixed

  var description: String { rawValue }

  /// The writes the family's scripts pick from, positions and serials left to fill.
  var writes: [String] {
    let own = ["retitleSelf", "gaugeSelf", "addCell", "tagSelf", "relinkSelf"]
    let parentsAndChildren = [
      "renameKid", "bumpCell", "writeParent", "writeSibling", "renameKid", "bumpCell",
    ]
    let moves = ["removeSelf", "moveCell", "fileCell", "moveSelf"]
    let references = ["tagRoot", "writeLinked", "writeLinked", "writeParent"]
    switch self {
    case .ownWrites: return own
    case .parentsAndChildren: return parentsAndChildren
    case .moves: return moves + ["addCell", "dropCell"]
    case .references: return references + ["relinkSelf"]
    case .mixed: return own + ["dropCell"] + parentsAndChildren + moves + references
    }
  }
}

/// One cross-writing graph, built from its seed.
@MainActor
final class CrossWritingGraph {
  let seed: UInt64
  let family: CrossFamily
  let stage = CrossStage()
  private(set) var root: CrossNode
  private var random: SplitMix64
  private var lastSerial = 0

  static let maximumDepth = 3
  static let nodeBudget = 14
  /// How many dispatches a script holds writes for.
  static let dispatches = 4

  init(seed: UInt64, family: CrossFamily) {
    self.seed = seed
    self.family = family
    random = SplitMix64(seed: seed)
    root = CrossNode(serial: 0, stage: stage)
    root = makeNode(depth: 0, parent: nil)
    for node in stage.nodes.values { node.root = root }
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

  private func makeNode(depth: Int, parent: CrossNode?) -> CrossNode {
    let node = CrossNode(serial: take(), stage: stage)
    node.parent = parent
    node.cells = (0..<Int.random(in: 0...2, using: &random)).map { _ in makeCell() }
    if chance(0.3) {
      let cell = makeCell()
      node.byKey["k\(cell.serial)"] = cell
    }
    if chance(0.4) {
      // A cell held only by this link, or one held in a container elsewhere too.
      let shared = stage.cells.values.sorted { $0.serial < $1.serial }
      node.link = chance(0.7) || shared.isEmpty ? makeCell() : pick(shared)
    }
    guard depth < Self.maximumDepth else { return node }
    let count = Int.random(in: depth == 0 ? 2...3 : 0...3, using: &random)
    for _ in 0..<count where stage.nodes.count < Self.nodeBudget {
      node.kids.append(makeNode(depth: depth + 1, parent: node))
    }
    return node
  }

  private func makeCell() -> CrossCell {
    CrossCell(serial: take(), stage: stage)
  }

  // MARK: Scripts

  private func writeScripts() {
    let serials = stage.nodes.keys.sorted()
    for serial in serials {
      var script: [[CrossWrite]] = []
      for _ in 0..<Self.dispatches {
        let count = chance(0.5) ? Int.random(in: 1...2, using: &random) : 0
        script.append((0..<count).map { _ in write(serials) })
      }
      if script.contains(where: { !$0.isEmpty }) { stage.scripts[serial] = script }
    }
  }

  private func write(_ serials: [Int]) -> CrossWrite {
    let index = Int.random(in: 0..<4, using: &random)
    switch pick(family.writes) {
    case "retitleSelf": return .retitleSelf
    case "gaugeSelf": return .gaugeSelf
    case "addCell": return .addCell
    case "tagSelf": return .tagSelf
    case "relinkSelf": return .relinkSelf
    case "dropCell": return .dropCell(index)
    case "renameKid": return .renameKid(index)
    case "bumpCell": return .bumpCell(index)
    case "writeParent": return .writeParent
    case "writeSibling": return .writeSibling(index)
    case "tagRoot": return .tagRoot
    case "removeSelf": return .removeSelf
    case "moveCell": return .moveCell(index, to: pick(serials))
    case "fileCell": return .fileCell(index)
    case "moveSelf": return .moveSelf(to: pick(serials))
    default: return .writeLinked(pick(serials))
    }
  }

  // MARK: The other writer

  /// The models reachable from the root now, nodes and cells, by serial, in the order met.
  func reachableModels() -> [(serial: Int, model: AnyObject)] {
    var found: [(Int, AnyObject)] = []
    var seen: Set<ObjectIdentifier> = []
    var pending = [root]
    func meet(_ cell: CrossCell?) {
      guard let cell, seen.insert(ObjectIdentifier(cell)).inserted else { return }
      found.append((cell.serial, cell))
    }
    while !pending.isEmpty {
      let node = pending.removeFirst()
      guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
      found.append((node.serial, node))
      for cell in node.cells { meet(cell) }
      for key in node.byKey.keys.sorted() { meet(node.byKey[key]) }
      meet(node.link)
      pending += node.kids
    }
    return found
  }

  /// Another writer, outside any dispatch: sets the ``CrossNode/margin`` or
  /// ``CrossCell/margin`` of one or two models reachable now, which no script writes.
  ///
  /// - Returns: The writes, as the serial written and the text, to make again on a twin.
  func writeOutside(_ dispatch: Int) -> [(serial: Int, text: String)] {
    let models = reachableModels()
    return (0..<Int.random(in: 1...2, using: &random)).map { write in
      let (serial, model) = pick(models)
      let text = "outside \(dispatch).\(write)"
      Self.setMargin(of: model, to: text)
      return (serial, text)
    }
  }

  /// Makes the other writer's writes again, on a graph built from the same seed.
  func writeAgain(_ writes: [(serial: Int, text: String)]) {
    for (serial, text) in writes {
      guard let model: AnyObject = stage.nodes[serial] ?? stage.cells[serial] else { continue }
      Self.setMargin(of: model, to: text)
    }
  }

  private static func setMargin(of model: AnyObject, to text: String) {
    if let node = model as? CrossNode { node.margin = text }
    if let cell = model as? CrossCell { cell.margin = text }
  }

  // MARK: Describing

  /// The scripts, for a failure's message.
  var scriptDescription: String {
    stage.scripts.sorted { $0.key < $1.key }.map { serial, script in
      "N\(serial): " + script.map { "\($0)" }.joined(separator: " then ")
    }.joined(separator: "\n")
  }
}
