// The scripted changes of the moving graphs: what a model's `reduce(action:)` does to the
// containers of a node above or beside it. Positions are taken when the move runs, from the
// container as it is then, so that the walk under test and the reference, running the same
// moves on two copies of a graph, make the same changes whenever they deliver alike.

/// A container of ``MovingNode``.
enum MovingPlace: String, CaseIterable, Sendable {
  case kids, stack, byKey, spare, tag, idRows, hashRows, plainRows, cells, panel

  var isArray: Bool { [.kids, .stack, .idRows, .hashRows, .plainRows].contains(self) }
  var isDictionary: Bool { self == .byKey || self == .cells }
  var isOptional: Bool { self == .spare || self == .panel }
  var holdsValueModels: Bool { [.idRows, .hashRows, .plainRows, .cells, .panel].contains(self) }
}

/// One change to a container.
///
/// "Mine" is the element that is the acting model, or the row
/// whose controller it is; a move naming it does nothing when the container does not hold it.
enum MovingEdit: Equatable, Sendable, CustomStringConvertible {
  case removeMine, removeBefore, removeAfter
  case removeAt(Int)
  case append, insertBeforeMine
  case insertAt(Int)
  case replaceAt(Int)
  case replaceMine
  case clear
  /// Takes mine out and appends it to the same container of the node with this serial.
  case moveMineTo(Int)
  /// Stores a new model into an optional or a class field.
  case fill

  var name: String {
    switch self {
    case .removeMine: "removeMine"
    case .removeBefore: "removeBefore"
    case .removeAfter: "removeAfter"
    case .removeAt: "removeAt"
    case .append: "append"
    case .insertBeforeMine: "insertBeforeMine"
    case .insertAt: "insertAt"
    case .replaceAt: "replaceAt"
    case .replaceMine: "replaceMine"
    case .clear: "clear"
    case .moveMineTo: "moveMineTo"
    case .fill: "fill"
    }
  }

  var description: String {
    switch self {
    case .removeAt(let index), .insertAt(let index), .replaceAt(let index):
      "\(name)(\(index))"
    case .moveMineTo(let owner): "moveMineTo(N\(owner))"
    default: name
    }
  }
}

/// A change a model makes while it reduces: `edit` on the `place` of the node `owner`.
struct MovingMove: Sendable, CustomStringConvertible {
  let owner: Int
  let place: MovingPlace
  let edit: MovingEdit

  var description: String { "N\(owner).\(place.rawValue).\(edit)" }
}

extension MovingStage {
  /// Runs the moves `actor`'s script holds for this dispatch.
  func act(_ actor: Int) {
    guard let script = scripts[actor], dispatch < script.count else { return }
    for move in script[dispatch] {
      guard let node = nodes[move.owner] else { continue }
      let changed = perform(move, on: node, by: actor)
      trace.append("\(actor): \(move)\(changed ? "" : " (no change)")")
      if changed { performed["\(move.place.rawValue).\(move.edit.name)", default: 0] += 1 }
    }
  }

  private func perform(_ move: MovingMove, on node: MovingNode, by actor: Int) -> Bool {
    let edit = move.edit
    func mine(_ model: MovingNode) -> Bool { model.serial == actor }
    func newNode() -> MovingNode { MovingNode(madeBy: actor, stage: self) }
    func target(_ place: MovingPlace) -> MovingNode? {
      guard case .moveMineTo(let owner) = edit else { return nil }
      return nodes[owner]
    }
    switch move.place {
    case .kids:
      guard let moved = Self.edit(&node.kids, edit, isMine: mine, make: newNode) else {
        return false
      }
      if let moved { target(.kids)?.kids.append(moved) }
      return true
    case .stack:
      guard let moved = Self.edit(&node.stack, edit, isMine: mine, make: newNode) else {
        return false
      }
      if let moved { target(.stack)?.stack.append(moved) }
      return true
    case .byKey:
      guard
        let moved = Self.edit(
          &node.byKey, edit, isMine: mine, make: newNode,
          key: { MovingSlot(value: fresh(by: actor)) })
      else { return false }
      if let moved { target(.byKey)?.byKey[moved.0] = moved.1 }
      return true
    case .spare:
      node.spare = edit == .clear ? nil : newNode()
      return true
    case .tag:
      node.tag = MovingLeaf(serial: fresh(by: actor), stage: self)
      return true
    case .idRows:
      return editRows(&node.idRows, move, actor) { target(.idRows)?.idRows.append($0) }
    case .hashRows:
      return editRows(&node.hashRows, move, actor) { target(.hashRows)?.hashRows.append($0) }
    case .plainRows:
      return editRows(&node.plainRows, move, actor) {
        target(.plainRows)?.plainRows.append($0)
      }
    case .cells:
      guard
        let moved = Self.edit(
          &node.cells, edit, isMine: { $0.controller?.serial == actor },
          make: { IdentifiedRow(madeBy: actor, stage: self) },
          key: { MovingSlot(value: fresh(by: actor)) })
      else { return false }
      if let moved { target(.cells)?.cells[moved.0] = moved.1 }
      return true
    case .panel:
      if edit == .clear {
        node.panel = nil
      } else {
        let closer = newNode()
        node.panel = MovingPanel(
          closer: closer, note: MovingNote(serial: fresh(by: actor), stage: self))
      }
      return true
    }
  }

  private func editRows<Row: MovingRow>(
    _ rows: inout [Row], _ move: MovingMove, _ actor: Int, moveTo: (Row) -> Void
  ) -> Bool {
    guard
      let moved = Self.edit(
        &rows, move.edit, isMine: { $0.controller?.serial == actor },
        make: { Row(madeBy: actor, stage: self) })
    else { return false }
    if let moved { moveTo(moved) }
    return true
  }

  /// Applies `edit` to an array; `nil` when it changed nothing, else the element taken out by
  /// `moveMineTo`, if any.
  private static func edit<C: RangeReplaceableCollection & MutableCollection>(
    _ elements: inout C, _ edit: MovingEdit, isMine: (C.Element) -> Bool,
    make: () -> C.Element
  ) -> C.Element?? where C.Index == Int {
    let mine = elements.firstIndex(where: isMine)
    let count = elements.count
    switch edit {
    case .removeMine:
      guard let mine else { return nil }
      elements.remove(at: mine)
    case .removeBefore:
      guard let mine, mine > 0 else { return nil }
      elements.remove(at: mine - 1)
    case .removeAfter:
      guard let mine, mine + 1 < count else { return nil }
      elements.remove(at: mine + 1)
    case .removeAt(let index):
      guard count > 0 else { return nil }
      elements.remove(at: index % count)
    case .append, .fill:
      elements.append(make())
    case .insertBeforeMine:
      guard let mine else { return nil }
      elements.insert(make(), at: mine)
    case .insertAt(let index):
      elements.insert(make(), at: index % (count + 1))
    case .replaceAt(let index):
      guard count > 0 else { return nil }
      elements[index % count] = make()
    case .replaceMine:
      guard let mine else { return nil }
      elements[mine] = make()
    case .clear:
      guard count > 0 else { return nil }
      elements.removeAll()
    case .moveMineTo:
      guard let mine else { return nil }
      return .some(elements.remove(at: mine))
    }
    return .some(nil)
  }

  /// Applies `edit` to a dictionary, positions counted in its iteration order; `nil` when it
  /// changed nothing, else the entry taken out by `moveMineTo`, if any.
  private static func edit<Value>(
    _ entries: inout [MovingSlot: Value], _ edit: MovingEdit, isMine: (Value) -> Bool,
    make: () -> Value, key: () -> MovingSlot
  ) -> (MovingSlot, Value)?? {
    let keys = Array(entries.keys)
    let mine = entries.first { isMine($0.value) }?.key
    switch edit {
    case .removeMine, .removeBefore, .removeAfter:
      guard let mine else { return nil }
      entries[mine] = nil
    case .removeAt(let index):
      guard !keys.isEmpty else { return nil }
      entries[keys[index % keys.count]] = nil
    case .append, .fill, .insertBeforeMine, .insertAt:
      // The key's serial first, then the value's.
      let added = key()
      entries[added] = make()
    case .replaceAt(let index):
      guard !keys.isEmpty else { return nil }
      entries[keys[index % keys.count]] = make()
    case .replaceMine:
      guard let mine else { return nil }
      entries[mine] = make()
    case .clear:
      guard !keys.isEmpty else { return nil }
      entries.removeAll()
    case .moveMineTo:
      guard let mine, let value = entries.removeValue(forKey: mine) else { return nil }
      return .some((mine, value))
    }
    return .some(nil)
  }
}
