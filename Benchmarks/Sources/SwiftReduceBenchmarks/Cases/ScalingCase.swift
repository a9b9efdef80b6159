import SwiftReduce

/// Scaling: the broadcast on trees from 1,111 to 1,111,111 models, per model.
///
/// Measured in a child process (this executable started again with
/// `--scaling-child`): the largest tree's cost is its memory's, and in the
/// parent it would be allocated in a heap the earlier cases left scattered
/// (a list of 100,000 rows and its index, among others), which made it
/// several nanoseconds a model slower than the same tree in a fresh process.
struct ScalingCase: BenchmarkCase {
  let name = "scaling"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let output = try ChildProcess.runSelf(["--scaling-child"] + (run.quick ? ["--quick"] : []))
    let figures = try ScalingChild.figures(in: output)
    for tree in figures {
      run.report.addTree(tree.shape)
      run.report.addNanoseconds(
        "scaling.ns_per_model_\(tree.models)", tree.nanosecondsPerModel, benchmark: name,
        figure: "ns per model, \(Format.grouped(tree.models)) models")
    }
    if let smallest = figures.first, let largest = figures.last {
      run.report.addRatio(
        "scaling.largest_over_smallest",
        largest.nanosecondsPerModel / smallest.nanosecondsPerModel, benchmark: name,
        figure: "per model, largest / smallest tree", target: 1.5)
    }
  }
}

/// The child side of the scaling case: times the broadcast on each tree, the
/// trees in turn, and prints one line a tree, `<models>\t<ns per model>\t<shape>`.
@MainActor
enum ScalingChild {
  /// One tree's figure.
  struct Figure {
    let models: Int
    let nanosecondsPerModel: Double
    let shape: String
  }

  /// How many times each tree is timed, in turn with the others: the
  /// median of those times is its figure, so that a slower spell of the
  /// machine falls on every tree alike rather than on one.
  static let passes = 3

  static func run(quick: Bool) throws(CheckFailure) {
    let run = BenchmarkRun(quick: quick)
    let trees = run.sizes.scaling.map { Tree(levels: $0) { Leaf(title: "leaf \($0)") } }
    let stores = trees.map { Store($0.root) }
    let action: any Action = LeafAction.bump
    var times = Array(repeating: [Double](), count: trees.count)
    for pass in 0..<(quick ? 1 : passes) {
      for (index, tree) in trees.enumerated() {
        run.progress("scaling: \(tree.shape), pass \(pass + 1)")
        let store = stores[index]
        times[index].append(
          try measureBroadcast("SwiftReduce", tree, run) { store.dispatch(action) })
      }
    }
    for (tree, measured) in zip(trees, times) {
      let median = measured.sorted()[measured.count / 2]
      print("\(tree.modelCount)\t\(median / Double(tree.modelCount))\t\(tree.shape)")
    }
  }

  /// The trees the child printed, smallest first.
  static func figures(in output: String) throws(CheckFailure) -> [Figure] {
    var figures: [Figure] = []
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: "\t", maxSplits: 2)
      guard fields.count == 3, let models = Int(fields[0]), let time = Double(fields[1]) else {
        throw CheckFailure(description: "the scaling child printed \(line)")
      }
      figures.append(Figure(models: models, nanosecondsPerModel: time, shape: String(fields[2])))
    }
    try check(!figures.isEmpty, "the scaling child printed no tree")
    return figures
  }
}
