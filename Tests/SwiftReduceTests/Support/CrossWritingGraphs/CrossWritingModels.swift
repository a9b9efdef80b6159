import SwiftReduce

// The models of the cross-writing differential test (issue #34 item 7): class models whose
// `reduce(action:)` writes *other* models, as a script the generator wrote says: a parent its
// children, a child its parent and siblings through a weak reference, any model the root
// through an unowned one, a row itself out of its parent's array, a cell from one container
// model to another, a cell held only by another model's stored reference. Every model has a
// serial, unique in its graph, so that scripts name their targets and two graphs built from
// one seed are the same graph.

/// The one action of the cross-writing graphs; only ``CrossNode`` takes it.
struct CrossTick: Action {}

/// The action of cells and gauges, never dispatched: they change only when others write them.
struct CrossPoke: Action {}

/// The shared record of one cross-writing graph: the scripts, every model, what was written.
///
/// A plain class, not a model, so that neither the walk nor a snapshot enters it.
///
/// It is unchecked `Sendable` because a value model would need it to be; only the tests, on
/// the main actor, touch it.
final class CrossStage: @unchecked Sendable {
  /// Which dispatch of the graph is running: a script holds writes for each.
  var dispatch = 0
  /// The writes of each acting node, by its serial, one list per dispatch.
  var scripts: [Int: [[CrossWrite]]] = [:]
  /// Every node made, by serial, those that left the tree too.
  var nodes: [Int: CrossNode] = [:]
  /// Every cell made, by serial.
  var cells: [Int: CrossCell] = [:]
  /// The writes performed, in order, for a failure's message.
  var trace: [String] = []
  /// The writes that changed something, by name, for coverage.
  var performed: [String: Int] = [:]
  /// How many texts and models each actor made, so that what one makes depends on it alone.
  private var made: [Int: Int] = [:]

  /// A number for something `actor` makes, the same whatever order the actors run in.
  func fresh(by actor: Int) -> Int {
    let count = made[actor, default: 0] + 1
    made[actor] = count
    return 100_000 + actor * 1_000 + count
  }

  /// Breaks the cycles through the stage and the models so that the graph can go.
  func tearDown() {
    for node in nodes.values {
      node.kids = []
      node.cells = []
      node.byKey = [:]
      node.link = nil
    }
    nodes = [:]
    cells = [:]
    scripts = [:]
  }
}

/// A value model only others write: a level and a label, inside nodes and cells.
struct CrossGauge: ValueReducer, Equatable {
  var level = 0
  var label = ""

  mutating func reduce(action: CrossPoke) {}
}

/// A node: the model that takes ``CrossTick`` and writes others, and the containers they are
/// written in, in declaration order.
final class CrossNode: Reducer {
  let serial: Int
  let stage: CrossStage
  var title: String
  var gauge = CrossGauge()
  var kids: [CrossNode] = []
  var cells: [CrossCell] = []
  var byKey: [String: CrossCell] = [:]
  var tags: Set<String> = []
  /// A cell held here, and maybe nowhere else: the stored reference another model writes through.
  var link: CrossCell?
  /// The node whose ``kids`` hold this one.
  weak var parent: CrossNode?
  /// The root of the graph, which outlives every node of it.
  unowned var root: CrossNode?
  /// Written only by the other writer between dispatches, never by a script.
  var margin = ""

  init(serial: Int, stage: CrossStage) {
    self.serial = serial
    self.stage = stage
    title = "n\(serial)"
    stage.nodes[serial] = self
  }

  func reduce(action: CrossTick) {
    stage.act(self)
  }
}

/// A cell: a model that never takes ``CrossTick``, held in a node's ``CrossNode/cells``,
/// ``CrossNode/byKey`` or ``CrossNode/link``; it changes only when a node writes it.
final class CrossCell: Reducer {
  let serial: Int
  let stage: CrossStage
  var text: String
  var count = 0
  var gauge = CrossGauge()
  /// Written only by the other writer between dispatches, never by a script.
  var margin = ""

  init(serial: Int, stage: CrossStage) {
    self.serial = serial
    self.stage = stage
    text = "c\(serial)"
    stage.cells[serial] = self
  }

  func reduce(action: CrossPoke) {}
}
