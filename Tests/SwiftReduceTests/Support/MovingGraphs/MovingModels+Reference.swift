// The reference for the moving graphs: routing rule 13 written out as a plain recursive
// traversal over the fixture types, and a structural dump of a graph to compare final trees.

/// Dispatches ``MovingTick`` over a moving graph by rules 1 to 13, by hand.
///
/// - Pre-order and declaration order (rules 1, 12): a model reduces, then its properties are
///   read one by one, each when the walk reaches it, from the nearest class model above it
///   (13.1): `node.kids`, `node.rows[place of the row].controller`, `node.panel?.note`.
/// - A class model is reduced once per dispatch (rule 4), told by its identity; one that was
///   reached is walked in full from itself, wherever it went (13.1).
/// - An array or dictionary goes on after every element with the first element, in its order
///   at that time, that this visit of it has not visited yet (13.4): class models by identity,
///   rows by serial (each row family tells them apart unambiguously), dictionary values by key.
/// - A value model is changed where its owner holds it at the time of the change (13.2), and
///   one that is gone when the walk comes to it is not reduced (13.3).
@MainActor
struct MovingReference {
  private var visited: Set<ObjectIdentifier> = []
  /// Keeps every visited instance alive, so that no identifier is reused during a dispatch.
  private var kept: [AnyObject] = []

  static func dispatch(from root: MovingNode) {
    var walk = MovingReference()
    walk.visit(root)
  }

  private mutating func visit(_ node: MovingNode) {
    guard visited.insert(ObjectIdentifier(node)).inserted else { return }
    kept.append(node)
    node.reduce(action: MovingTick())
    visitClassModels { node.kids }
    visitClassModels { Array(node.stack) }
    visitClassModels { Array(node.byKey.values) }
    if let spare = node.spare { visit(spare) }
    visit(node.tag)
    visitRows(of: node, \.idRows)
    visitRows(of: node, \.hashRows)
    visitRows(of: node, \.plainRows)
    var cellsVisited: Set<MovingSlot> = []
    while let key = node.cells.keys.first(where: { !cellsVisited.contains($0) }) {
      cellsVisited.insert(key)
      visitRow(
        read: { node.cells[key] },
        change: { change in
          if let index = node.cells.index(forKey: key) { change(&node.cells.values[index]) }
        })
    }
    if let closer = node.panel?.closer { visit(closer) }
    node.panel?.note.reduce(action: MovingTick())
  }

  private mutating func visit(_ leaf: MovingLeaf) {
    guard visited.insert(ObjectIdentifier(leaf)).inserted else { return }
    kept.append(leaf)
    leaf.reduce(action: MovingTick())
  }

  /// Visits, until there is none, the first element not visited yet of the array as it is now.
  private mutating func visitClassModels(_ read: () -> [MovingNode]) {
    while let next = read().first(where: { !visited.contains(ObjectIdentifier($0)) }) {
      visit(next)
    }
  }

  private mutating func visitRows<Row: MovingRow>(
    of node: MovingNode, _ rows: ReferenceWritableKeyPath<MovingNode, [Row]>
  ) {
    var rowsVisited: Set<Int> = []
    while let serial = node[keyPath: rows].first(where: { !rowsVisited.contains($0.serial) })?
      .serial
    {
      rowsVisited.insert(serial)
      visitRow(
        read: { node[keyPath: rows].first { $0.serial == serial } },
        change: { change in
          if let index = node[keyPath: rows].firstIndex(where: { $0.serial == serial }) {
            change(&node[keyPath: rows][index])
          }
        })
    }
  }

  /// A row, found again through its owner at each step: its reduce, its controller, its note.
  private mutating func visitRow<Row: MovingRow>(
    read: () -> Row?, change: ((inout Row) -> Void) -> Void
  ) {
    change { $0.reduce(action: MovingTick()) }
    if let controller = read()?.controller { visit(controller) }
    change { $0.note.reduce(action: MovingTick()) }
  }
}

// MARK: - Dump

/// The whole of a moving graph as text: every model's serial and ticks, every container in
/// order (dictionaries by key), and `^` for an instance already shown.
@MainActor
struct MovingDump {
  private var shown: Set<ObjectIdentifier> = []
  private var text = ""

  static func of(_ root: MovingNode) -> String {
    var dump = MovingDump()
    dump.node(root)
    return dump.text
  }

  private mutating func node(_ node: MovingNode) {
    text += "N\(node.serial)#\(node.ticks)"
    guard shown.insert(ObjectIdentifier(node)).inserted else {
      text += "^"
      return
    }
    text += "{"
    list("kids", node.kids) { $0.node($1) }
    list("stack", Array(node.stack)) { $0.node($1) }
    list("byKey", node.byKey.sorted { $0.key < $1.key }) {
      $0.text += "\($1.key)="
      $0.node($1.value)
    }
    if let spare = node.spare {
      text += " spare:"
      self.node(spare)
    }
    text += " tag:L\(node.tag.serial)#\(node.tag.ticks)"
    list("idRows", node.idRows) { $0.row($1) }
    list("hashRows", node.hashRows) { $0.row($1) }
    list("plainRows", node.plainRows) { $0.row($1) }
    list("cells", node.cells.sorted { $0.key < $1.key }) {
      $0.text += "\($1.key)="
      $0.row($1.value)
    }
    if let panel = node.panel {
      text += " panel:("
      self.node(panel.closer)
      text += " V\(panel.note.serial)#\(panel.note.ticks))"
    }
    text += "}"
  }

  private mutating func row(_ row: some MovingRow) {
    text += "R\(row.serial)#\(row.ticks)("
    if let controller = row.controller { node(controller) }
    text += " V\(row.note.serial)#\(row.note.ticks))"
  }

  private mutating func list<Element>(
    _ name: String, _ elements: [Element], _ show: (inout Self, Element) -> Void
  ) {
    guard !elements.isEmpty else { return }
    text += " \(name):["
    for (index, element) in elements.enumerated() {
      if index > 0 { text += "," }
      show(&self, element)
    }
    text += "]"
  }
}
