import SwiftReduce

/// StoreBinding: write a text field through `store[\.title, { RootAction.rename($0) }]`, read it back.
struct BindingCase: BenchmarkCase {
  let name = "binding"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let tree = Tree(levels: run.sizes.broadcast) { Leaf(title: "leaf \($0)") }
    run.report.addTree(tree.shape)
    run.progress("binding: \(tree.shape)")
    let store = Store(tree.root)
    let title = store[\.title, { RootAction.rename($0) }]
    let texts = ["Ada", "Grace"]
    var mismatches = 0
    let timing = run.measurement.run { count in
      for iteration in 0..<count {
        let text = texts[iteration & 1]
        title.wrappedValue = text
        if title.wrappedValue != text { mismatches += 1 }
      }
    }
    try check(mismatches == 0, "binding: \(mismatches) reads did not return the written text")
    try check(tree.leafReductions() == 0, "binding: a leaf reduced a root action")
    run.report.addNanoseconds(
      "binding.round_trip_ns", timing.nanosecondsPerIteration, benchmark: name,
      figure: "ns per write and read, \(Format.grouped(tree.modelCount)) models")
  }
}
