import SwiftReduce

/// Scaling: the broadcast on trees from 1,111 to 1,111,111 models, per model.
struct ScalingCase: BenchmarkCase {
  let name = "scaling"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    var perModel: [Double] = []
    for levels in run.sizes.scaling {
      let tree = Tree(levels: levels) { Leaf(title: "leaf \($0)") }
      run.report.addTree(tree.shape)
      run.progress("scaling: \(tree.shape)")
      let store = Store(tree.root)
      let action: any Action = LeafAction.bump
      let time = try measureBroadcast("SwiftReduce", tree, run) { store.dispatch(action) }
      let nanoseconds = time / Double(tree.modelCount)
      perModel.append(nanoseconds)
      run.report.addNanoseconds(
        "scaling.ns_per_model_\(tree.modelCount)", nanoseconds, benchmark: name,
        figure: "ns per model, \(Format.grouped(tree.modelCount)) models")
    }
    if let smallest = perModel.first, let largest = perModel.last {
      run.report.addRatio(
        "scaling.largest_over_smallest", largest / smallest, benchmark: name,
        figure: "per model, largest / smallest tree", target: 1.5)
    }
  }
}
