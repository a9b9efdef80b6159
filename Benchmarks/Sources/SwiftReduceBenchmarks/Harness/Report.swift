/// The figures of a run: a table for people, then one `name=value` line per figure for tools.
///
/// ```
/// case       figure                                  value           target  met?
/// broadcast  SwiftReduce, ns per dispatch            1,234,567 ns
/// broadcast  SwiftReduce / erased direct             270.4×          ≤ 5×    no
///
/// broadcast.swiftreduce_ns=1234567.0
/// broadcast.swiftreduce_over_erased=270.40
/// ```
struct Report {
  /// One line of the table.
  struct Row {
    let benchmark: String
    let figure: String
    let value: String
    let target: String
    /// Whether the target is met; `nil` when the row has no target or is not judged.
    let met: Bool?
  }

  private(set) var rows: [Row] = []
  /// The shapes of the trees measured, in the order first met.
  private(set) var trees: [String] = []
  private(set) var figures: [(name: String, value: String)] = []
  private var values: [String: Double] = [:]
  /// Whether targets are judged; a quick run times too little to judge.
  let judgesTargets: Bool

  init(judgesTargets: Bool) {
    self.judgesTargets = judgesTargets
  }

  /// Adds a figure measured in nanoseconds.
  mutating func addNanoseconds(
    _ name: String, _ value: Double, benchmark: String, figure: String, target: Double? = nil
  ) {
    add(
      name, value, text: Format.nanoseconds(value), machine: Format.fixed(value, digits: 1),
      benchmark: benchmark, figure: figure,
      target: target.map { "≤ " + Format.nanoseconds($0) }, met: target.map { value <= $0 })
  }

  /// Adds milliseconds, with an optional upper bound as its target.
  mutating func addMilliseconds(
    _ name: String, _ value: Double, benchmark: String, figure: String, target: Double? = nil
  ) {
    add(
      name, value, text: Format.fixed(value, digits: 1) + " ms",
      machine: Format.fixed(value, digits: 1), benchmark: benchmark, figure: figure,
      target: target.map { "≤ " + Format.fixed($0, digits: 0) + " ms" },
      met: target.map { value <= $0 })
  }

  /// Adds microseconds, with an optional upper bound as its target.
  mutating func addMicroseconds(
    _ name: String, _ value: Double, benchmark: String, figure: String, target: Double? = nil
  ) {
    add(
      name, value, text: Format.fixed(value, digits: 1) + " µs",
      machine: Format.fixed(value, digits: 1), benchmark: benchmark, figure: figure,
      target: target.map { "≤ " + Format.fixed($0, digits: 0) + " µs" },
      met: target.map { value <= $0 })
  }

  /// Adds a ratio, with an optional upper bound as its target.
  mutating func addRatio(
    _ name: String, _ value: Double, benchmark: String, figure: String, target: Double? = nil,
    note: String? = nil
  ) {
    add(
      name, value, text: Format.ratio(value), machine: Format.fixed(value, digits: 2),
      benchmark: benchmark, figure: figure,
      target: target.map(Format.bound) ?? note, met: target.map { value <= $0 })
  }

  /// Adds a plain count, such as kilobytes.
  mutating func addCount(
    _ name: String, _ value: Int, unit: String, benchmark: String, figure: String
  ) {
    add(
      name, Double(value), text: Format.grouped(value) + " " + unit, machine: String(value),
      benchmark: benchmark, figure: figure, target: nil, met: nil)
  }

  /// Records the shape of a tree a case measured, for the legend above the table.
  mutating func addTree(_ shape: String) {
    if !trees.contains(shape) { trees.append(shape) }
  }

  /// The value of a figure added earlier in this run.
  func value(of name: String) -> Double? {
    values[name]
  }

  private mutating func add(
    _ name: String, _ value: Double, text: String, machine: String, benchmark: String,
    figure: String, target: String?, met: Bool?
  ) {
    values[name] = value
    figures.append((name, machine))
    rows.append(
      Row(
        benchmark: benchmark, figure: figure, value: text, target: target ?? "",
        met: judgesTargets ? met : nil))
  }

  // MARK: - Output

  /// The table and the `name=value` lines, as printed at the end of a run.
  var text: String {
    let header = Row(
      benchmark: "case", figure: "figure", value: "value", target: "target", met: nil)
    let all = [header] + rows
    func width(_ cell: (Row) -> String) -> Int {
      all.map { cell($0).count }.max() ?? 0
    }
    let widths = [width(\.benchmark), width(\.figure), width(\.value), width(\.target)]
    var lines = [
      "Trees: complete, fanout 10 (root -> 10 groups -> ... -> leaves, each group holding "
        + "10 groups or 10 leaves); every model holds an Int and a String."
    ]
    lines += trees.map { "  " + $0 }
    lines.append("")
    for (index, row) in all.enumerated() {
      let met = index == 0 ? "met?" : row.met.map { $0 ? "yes" : "no" } ?? ""
      let cells = [
        Format.padded(row.benchmark, to: widths[0]),
        Format.padded(row.figure, to: widths[1]),
        Format.padded(row.value, to: widths[2]),
        Format.padded(row.target, to: widths[3]),
        met,
      ]
      var line = cells.joined(separator: "  ")
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    lines.append("")
    lines += figures.map { "\($0.name)=\($0.value)" }
    return lines.joined(separator: "\n")
  }
}
