/// Lays nodes out in lines of text no wider than a given number of cells.
///
/// - A column (the screen, `VStack`, `List`) puts each child's lines below
///   the previous ones; a spacer is an empty line, a divider a `─` line.
/// - A row (`HStack`) puts children side by side, one space apart; spacers
///   share the width left over (at least one cell each) and no space is added
///   beside them. When the row is too wide, the widest children are narrowed
///   first, down to a common width, so short ones stay whole the longest.
/// - Controls read `[N] Title: [text]` and `[N] (Title)`; a tappable row gets
///   `[N] ` before its first line and its other lines are indented to match.
enum Layout {
  /// The text of a screen: `nodes` in a column, lines without trailing spaces.
  static func render(_ nodes: [Node], width: Int) -> String {
    lines(for: .vertical(nodes), width: max(width, 1))
      .map { trimmingTrailingSpaces($0) }
      .joined(separator: "\n")
  }

  /// A one-line description of `node`, as `help` lists a tappable row.
  static func summary(of node: Node) -> String {
    lines(for: node, width: naturalWidth(of: node))
      .map { trimmingTrailingSpaces($0) }
      .filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  // MARK: - Measuring

  /// The width `node` takes when nothing limits it.
  static func naturalWidth(of node: Node) -> Int {
    switch node {
    case .text(let text), .wrappingText(let text):
      return text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { Cells.width(of: $0) }.max() ?? 0
    case .textField(let number, let title, let value):
      return Cells.width(of: fieldParts(number: number, title: title).joined() + value)
    case .button(let number, let title):
      return Cells.width(of: buttonParts(number: number).joined() + title)
    case .tappable(let number, let content):
      return Cells.width(of: tapPrefix(number)) + naturalWidth(of: content)
    case .vertical(let children):
      return children.map { naturalWidth(of: $0) }.max() ?? 0
    case .horizontal(let children):
      let items = children.map { $0.isSpacer ? 1 : naturalWidth(of: $0) }
      return items.reduce(0, +) + gapCount(children)
    case .spacer, .divider:
      return 1
    case .padding(let cells, let content):
      return naturalWidth(of: content) + 2 * cells
    case .page(let rows, let first, let total):
      let widest = rows.map { naturalWidth(of: .vertical($0)) }.max() ?? 0
      let pager = pagerLine(first: first, count: rows.count, total: total)
      return max(widest, pager.map { Cells.width(of: $0) } ?? 0)
    }
  }

  // MARK: - Laying out

  /// The lines of `node`, each at most `width` cells wide.
  static func lines(for node: Node, width: Int) -> [String] {
    switch node {
    case .text(let text):
      return text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { Cells.truncate(String($0), to: width) }
    case .wrappingText(let text):
      return text.split(separator: "\n", omittingEmptySubsequences: false)
        .flatMap { Cells.wrap(String($0), to: width) }
    case .textField(let number, let title, let value):
      let parts = fieldParts(number: number, title: title)
      return [framed(parts[0], value, parts[1], width: width)]
    case .button(let number, let title):
      let parts = buttonParts(number: number)
      return [framed(parts[0], title, parts[1], width: width)]
    case .tappable(let number, let content):
      return tappableLines(number: number, content: content, width: width)
    case .vertical(let children):
      return children.flatMap { child -> [String] in
        switch child {
        case .spacer: [""]
        case .divider: [String(repeating: "─", count: width)]
        default: lines(for: child, width: width)
        }
      }
    case .horizontal(let children):
      return rowLines(children, width: width)
    case .spacer:
      return [""]
    case .divider:
      return [String(repeating: "─", count: width)]
    case .padding(let cells, let content):
      let inner = max(width - 2 * cells, 1)
      let indent = String(repeating: " ", count: min(cells, width - inner))
      let blank = Array(repeating: "", count: cells)
      return blank + lines(for: content, width: inner).map { indent + $0 } + blank
    case .page(let rows, let first, let total):
      let pager = pagerLine(first: first, count: rows.count, total: total)
      return lines(for: .vertical(rows.flatMap { $0 }), width: width)
        + (pager.map { [Cells.truncate($0, to: width)] } ?? [])
    }
  }

  /// The line under a page of `count` rows from `first`, or `nil` when the
  /// page holds every row.
  static func pagerLine(first: Int, count: Int, total: Int) -> String? {
    guard count < total else { return nil }
    return "Rows \(first + 1)–\(first + count) of \(total) (n next, p previous)"
  }

  private static func tappableLines(number: Int, content: Node, width: Int) -> [String] {
    let prefix = tapPrefix(number)
    let prefixWidth = Cells.width(of: prefix)
    guard width > prefixWidth else {
      return [Cells.truncate(prefix + summary(of: content), to: width)]
    }
    let body = lines(for: content, width: width - prefixWidth)
    guard let first = body.first else { return [prefix] }
    let indent = String(repeating: " ", count: prefixWidth)
    return [prefix + first] + body.dropFirst().map { indent + $0 }
  }

  /// Lays out a row: fixed children at their (possibly narrowed) widths,
  /// spacers sharing what is left.
  private static func rowLines(_ children: [Node], width: Int) -> [String] {
    let spacers = children.filter(\.isSpacer).count
    let gaps = gapCount(children)
    let naturals = children.map { $0.isSpacer ? 0 : naturalWidth(of: $0) }
    let budget = width - gaps - spacers
    let widths = fit(naturals, into: max(budget, 0))
    var spare = width - gaps - widths.reduce(0, +)
    var spacersLeft = spacers
    var blocks: [(lines: [String], width: Int)] = []
    for (index, child) in children.enumerated() {
      if child.isSpacer {
        let share = max(spare / max(spacersLeft, 1) + (spare % max(spacersLeft, 1) > 0 ? 1 : 0), 1)
        spare -= share
        spacersLeft -= 1
        blocks.append(([], share))
      } else {
        let cells = widths[index]
        let childLines = cells > 0 ? lines(for: child.inRow, width: cells) : []
        blocks.append((childLines, cells))
      }
    }
    let height = max(blocks.map(\.lines.count).max() ?? 0, 1)
    return (0..<height).map { row in
      var line = ""
      for (index, block) in blocks.enumerated() {
        if index > 0 && !children[index - 1].isSpacer && !children[index].isSpacer {
          line += " "
        }
        let text = row < block.lines.count ? block.lines[row] : ""
        line += Cells.pad(text, to: block.width)
      }
      return Cells.truncate(line, to: width)
    }
  }

  /// Narrows the widest of `naturals` first until they sum to at most `budget`.
  private static func fit(_ naturals: [Int], into budget: Int) -> [Int] {
    guard naturals.reduce(0, +) > budget else { return naturals }
    var low = 0
    var high = naturals.max() ?? 0
    while low < high {
      let cap = (low + high + 1) / 2
      if naturals.map({ min($0, cap) }).reduce(0, +) <= budget { low = cap } else { high = cap - 1 }
    }
    var widths = naturals.map { min($0, low) }
    var left = budget - widths.reduce(0, +)
    for index in widths.indices where left > 0 && naturals[index] > widths[index] {
      widths[index] += 1
      left -= 1
    }
    return widths
  }

  // MARK: - Parts

  private static func gapCount(_ children: [Node]) -> Int {
    zip(children, children.dropFirst()).filter { !$0.isSpacer && !$1.isSpacer }.count
  }

  private static func fieldParts(number: Int, title: String) -> [String] {
    ["[\(number)] \(title.isEmpty ? "" : title + ": ")[", "]"]
  }

  private static func buttonParts(number: Int) -> [String] {
    ["[\(number)] (", ")"]
  }

  private static func tapPrefix(_ number: Int) -> String {
    "[\(number)] "
  }

  /// `prefix + inner + suffix` in `width` cells, cutting `inner` first so the
  /// frame stays whole while at least one cell of `inner` fits.
  private static func framed(_ prefix: String, _ inner: String, _ suffix: String, width: Int)
    -> String
  {
    let whole = prefix + inner + suffix
    guard Cells.width(of: whole) > width else { return whole }
    let room = width - Cells.width(of: prefix) - Cells.width(of: suffix)
    guard room >= 1 else { return Cells.truncate(whole, to: width) }
    return prefix + Cells.truncate(inner, to: room) + suffix
  }

  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}

extension Node {
  fileprivate var isSpacer: Bool {
    if case .spacer = self { return true }
    return false
  }

  /// The node as a child of a row, where a divider is a vertical bar.
  fileprivate var inRow: Node {
    if case .divider = self { return .text("│") }
    return self
  }
}
