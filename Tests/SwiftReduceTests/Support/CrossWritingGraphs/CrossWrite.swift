// The scripted writes of the cross-writing graphs: what a node's `reduce(action:)` does to
// itself and to the models around it. Positions are taken when the write runs, from the
// containers as they are then; a write whose model is not there changes nothing.

/// One write a node makes while it reduces.
enum CrossWrite: Equatable, Sendable, CustomStringConvertible {
  // The node writes only itself: what the history records today.
  case retitleSelf, gaugeSelf, addCell, tagSelf, relinkSelf
  case dropCell(Int)
  // The node writes others.
  /// A parent renames a child, which takes the action too, before or after.
  case renameKid(Int)
  /// A parent writes a cell it holds, which does not take the action: its count and gauge.
  case bumpCell(Int)
  /// A child writes its parent, through its weak ``CrossNode/parent``.
  case writeParent
  /// A child writes a sibling, through its parent.
  case writeSibling(Int)
  /// Any node tags the root, through its unowned ``CrossNode/root``.
  case tagRoot
  /// A row removes itself from its parent's kids, then retitles itself, out of the tree.
  case removeSelf
  /// A cell moved from the node's cells to the cells of the node with this serial.
  case moveCell(Int, to: Int)
  /// A cell moved from the node's cells into its parent's ``CrossNode/byKey``.
  case fileCell(Int)
  /// The node moves itself into the kids of the node with this serial.
  case moveSelf(to: Int)
  /// The cell the node with this serial links to is written: held, perhaps, only there.
  case writeLinked(Int)

  var name: String {
    switch self {
    case .retitleSelf: "retitleSelf"
    case .gaugeSelf: "gaugeSelf"
    case .addCell: "addCell"
    case .tagSelf: "tagSelf"
    case .relinkSelf: "relinkSelf"
    case .dropCell: "dropCell"
    case .renameKid: "renameKid"
    case .bumpCell: "bumpCell"
    case .writeParent: "writeParent"
    case .writeSibling: "writeSibling"
    case .tagRoot: "tagRoot"
    case .removeSelf: "removeSelf"
    case .moveCell: "moveCell"
    case .fileCell: "fileCell"
    case .moveSelf: "moveSelf"
    case .writeLinked: "writeLinked"
    }
  }

  var description: String {
    switch self {
    case .dropCell(let index), .renameKid(let index), .bumpCell(let index),
      .writeSibling(let index), .fileCell(let index):
      "\(name)(\(index))"
    case .moveCell(let index, let owner): "moveCell(\(index), to: N\(owner))"
    case .moveSelf(let owner): "moveSelf(to: N\(owner))"
    case .writeLinked(let holder): "writeLinked(N\(holder))"
    default: name
    }
  }
}

extension CrossStage {
  /// Runs the writes `node`'s script holds for this dispatch.
  func act(_ node: CrossNode) {
    guard let script = scripts[node.serial], dispatch < script.count else { return }
    for write in script[dispatch] {
      let changed = perform(write, by: node)
      trace.append("N\(node.serial): \(write)\(changed ? "" : " (no change)")")
      if changed { performed[write.name, default: 0] += 1 }
    }
  }

  /// A text no model held before, made by `node`.
  private func text(by node: CrossNode) -> String {
    "w\(fresh(by: node.serial))"
  }

  private func perform(_ write: CrossWrite, by node: CrossNode) -> Bool {
    switch write {
    case .retitleSelf:
      node.title = text(by: node)
    case .gaugeSelf:
      node.gauge.level += 1
      node.gauge.label = text(by: node)
    case .addCell:
      node.cells.append(CrossCell(serial: fresh(by: node.serial), stage: self))
    case .tagSelf:
      node.tags.insert(text(by: node))
    case .relinkSelf:
      node.link = node.link == nil ? CrossCell(serial: fresh(by: node.serial), stage: self) : nil
    case .dropCell(let index):
      guard !node.cells.isEmpty else { return false }
      node.cells.remove(at: index % node.cells.count)
    case .renameKid(let index):
      guard !node.kids.isEmpty else { return false }
      node.kids[index % node.kids.count].title = text(by: node)
    case .bumpCell(let index):
      guard !node.cells.isEmpty else { return false }
      let cell = node.cells[index % node.cells.count]
      cell.count += 1
      cell.gauge.level += 1
    case .writeParent:
      guard let parent = node.parent else { return false }
      parent.title = text(by: node)
      parent.gauge.label = text(by: node)
    case .writeSibling(let index):
      let siblings = node.parent?.kids.filter { $0 !== node } ?? []
      guard !siblings.isEmpty else { return false }
      siblings[index % siblings.count].title = text(by: node)
    case .tagRoot:
      guard let root = node.root else { return false }
      root.tags.insert(text(by: node))
    case .removeSelf:
      guard let parent = node.parent, let index = parent.kids.firstIndex(where: { $0 === node })
      else { return false }
      parent.kids.remove(at: index)
      // Written once it is out of the tree: undo must bring it back with its title before.
      node.title = text(by: node)
    case .moveCell(let index, let owner):
      guard !node.cells.isEmpty, let target = nodes[owner], target !== node else { return false }
      target.cells.append(node.cells.remove(at: index % node.cells.count))
    case .fileCell(let index):
      guard !node.cells.isEmpty, let parent = node.parent else { return false }
      let cell = node.cells.remove(at: index % node.cells.count)
      parent.byKey["k\(cell.serial)"] = cell
    case .moveSelf(let owner):
      guard let parent = node.parent, let target = nodes[owner], target !== parent,
        !Self.holds(node, target), let index = parent.kids.firstIndex(where: { $0 === node })
      else { return false }
      parent.kids.remove(at: index)
      target.kids.append(node)
      node.parent = target
    case .writeLinked(let holder):
      guard let cell = nodes[holder]?.link else { return false }
      cell.text = text(by: node)
      cell.gauge.level += 1
    }
    return true
  }

  /// Whether `node` is `other` or holds it among its kids, at any depth.
  private static func holds(_ node: CrossNode, _ other: CrossNode) -> Bool {
    var pending = [node]
    var seen: Set<ObjectIdentifier> = []
    while let next = pending.popLast() {
      if next === other { return true }
      guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
      pending += next.kids
    }
    return false
  }
}
