import SwiftReduce

// The models of the moving differential test (issue 22): class and value models whose
// `reduce(action:)` logs a delivery and then changes containers above and beside them, as a
// script the generator wrote says. Every model and value model has a serial, unique in its
// graph, so that a delivery log names who took the action, and so that value rows are told
// apart without doubt (routing rule 13.5).

/// The one action of the moving graphs.
struct MovingTick: Action {}

/// The shared record of one moving graph.
///
/// What was delivered, in order, and the scripts the models follow. A plain class, not a model, so the walk never enters it.
///
/// It is unchecked `Sendable` because value models hold it: only the walks under test, on the
/// main actor, touch it.
final class MovingStage: @unchecked Sendable {
  /// The serials of the models and value models that reduced, in delivery order.
  var deliveries: [Int] = []
  /// The moves performed, in order, for a failure's message.
  var trace: [String] = []
  /// The moves that changed something, by place and edit, for coverage.
  var performed: [String: Int] = [:]
  /// Which dispatch of the graph is running: a script holds moves for each.
  var dispatch = 0
  /// The moves of each acting model, by its serial, one list per dispatch.
  var scripts: [Int: [[MovingMove]]] = [:]
  /// The class models of the graph that moves can name, by serial.
  var nodes: [Int: MovingNode] = [:]
  /// How many models each actor made, so that a new model's serial depends on its maker alone.
  private var made: [Int: Int] = [:]

  /// Starts dispatch `number`: an empty log.
  func begin(dispatch number: Int) {
    dispatch = number
    deliveries = []
    trace = []
  }

  /// A serial for a model that `actor` makes, the same whatever order the actors run in.
  func fresh(by actor: Int) -> Int {
    let count = made[actor, default: 0] + 1
    made[actor] = count
    return 100_000 + actor * 1_000 + count
  }

  /// Breaks the cycles through the stage so that the graph can go.
  func tearDown() {
    nodes = [:]
    scripts = [:]
  }
}

// MARK: - Class models

/// A class model holding every kind of container rule 13 speaks of, in declaration order.
final class MovingNode: Reducer {
  let serial: Int
  let stage: MovingStage
  var ticks = 0
  var kids: [MovingNode] = []
  var stack: ContiguousArray<MovingNode> = []
  var byKey: [MovingSlot: MovingNode] = [:]
  var spare: MovingNode?
  /// A plain (non-optional) class field.
  var tag: MovingLeaf
  var idRows: [IdentifiedRow] = []
  var hashRows: [HashedRow] = []
  var plainRows: [PlainRow] = []
  var cells: [MovingSlot: IdentifiedRow] = [:]
  var panel: MovingPanel?

  init(serial: Int, stage: MovingStage, tag: MovingLeaf) {
    self.serial = serial
    self.stage = stage
    self.tag = tag
  }

  /// A node with a fresh leaf, both serials made by `actor`.
  convenience init(madeBy actor: Int, stage: MovingStage) {
    let serial = stage.fresh(by: actor)
    self.init(
      serial: serial, stage: stage,
      tag: MovingLeaf(serial: stage.fresh(by: actor), stage: stage))
  }

  func reduce(action: MovingTick) {
    ticks += 1
    stage.deliveries.append(serial)
    stage.act(serial)
  }
}

/// A class model with no containers, held in ``MovingNode/tag``.
final class MovingLeaf: Reducer {
  let serial: Int
  let stage: MovingStage
  var ticks = 0

  init(serial: Int, stage: MovingStage) {
    self.serial = serial
    self.stage = stage
  }

  func reduce(action: MovingTick) {
    ticks += 1
    stage.deliveries.append(serial)
    stage.act(serial)
  }
}

// MARK: - Value models

/// A value model with nothing below it.
struct MovingNote: ValueReducer {
  let serial: Int
  let stage: MovingStage
  var ticks = 0

  mutating func reduce(action: MovingTick) {
    ticks += 1
    stage.deliveries.append(serial)
  }
}

/// A row: a value model holding a class model (its controller, which may change the array
/// that holds the row) and, after it, a value model.
///
/// The kinds of row differ only in how they are told apart; what they hold and do is stated
/// once, here: each is built by its memberwise initializer and ticks as this extension says.
protocol MovingRow: ValueReducer where ReducedAction == MovingTick {
  var serial: Int { get }
  var stage: MovingStage { get }
  var ticks: Int { get set }
  var controller: MovingNode? { get }
  var note: MovingNote { get set }
  init(serial: Int, stage: MovingStage, ticks: Int, controller: MovingNode?, note: MovingNote)
}

extension MovingRow {
  /// A row not yet ticked.
  init(serial: Int, stage: MovingStage, controller: MovingNode?, note: MovingNote) {
    self.init(serial: serial, stage: stage, ticks: 0, controller: controller, note: note)
  }

  /// Counts the tick and records its delivery to this row.
  mutating func reduce(action: MovingTick) {
    ticks += 1
    stage.deliveries.append(serial)
  }

  /// A row with a controller and a note, every serial made by `actor`.
  init(madeBy actor: Int, stage: MovingStage) {
    let serial = stage.fresh(by: actor)
    let controller = MovingNode(madeBy: actor, stage: stage)
    self.init(
      serial: serial, stage: stage, controller: controller,
      note: MovingNote(serial: stage.fresh(by: actor), stage: stage))
  }
}

/// A row told apart by `id`.
struct IdentifiedRow: MovingRow, Identifiable {
  let serial: Int
  let stage: MovingStage
  var ticks = 0
  var controller: MovingNode?
  var note: MovingNote

  var id: Int { serial }
}

/// A row told apart by `==`, which compares its serial and its ticks.
struct HashedRow: MovingRow, Hashable {
  let serial: Int
  let stage: MovingStage
  var ticks = 0
  var controller: MovingNode?
  var note: MovingNote

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.serial == rhs.serial && lhs.ticks == rhs.ticks
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(serial)
  }
}

/// A row neither `Identifiable` nor `Equatable`: told apart by its stored properties, which
/// its serial makes distinct.
struct PlainRow: MovingRow {
  let serial: Int
  let stage: MovingStage
  var ticks = 0
  var controller: MovingNode?
  var note: MovingNote

}

/// A plain struct in an optional, holding a class model and then a value model: the panel of
/// issue 22, whose closer may close it.
struct MovingPanel {
  var closer: MovingNode
  var note: MovingNote
}

/// A dictionary key whose hash ignores the dictionary's seed, so that two dictionaries with
/// the same history iterate in the same order, as the two copies of a graph must.
struct MovingSlot: Hashable, Comparable, CustomStringConvertible {
  let value: Int

  var description: String { "k\(value)" }

  func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }

  func _rawHashValue(seed: Int) -> Int {
    value &* -7_046_029_254_386_353_131
  }

  static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.value < rhs.value
  }
}
