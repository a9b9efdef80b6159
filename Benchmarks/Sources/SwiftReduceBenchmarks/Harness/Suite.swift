/// Every case, in the order of the issue's table.
@MainActor
enum Suite {
  static let cases: [any BenchmarkCase] = [
    BroadcastCase(),
    HeavyLeavesCase(),
    TargetedCase(),
    DeclaredCase(),
    ScalingCase(),
    SubscribersCase(),
    ObservationCase(),
    BindingCase(),
    DumpCase(),
    TestStoreCase(),
    EffectsCase(),
    MemoryCase(),
    RenderCase(),
    MovieListCase(),
    HistoryCase(),
    PersistenceCase(),
  ]

  /// Runs every case and prints the report; returns the process's exit status.
  static func run(quick: Bool, only: String? = nil) async -> Int32 {
    let run = BenchmarkRun(quick: quick)
    run.progress(
      quick
        ? "SwiftReduce benchmarks, quick: small trees, each piece of work once, counts checked"
        : "SwiftReduce benchmarks: medians of up to 5 rounds of at least 0.2 s")
    let chosen = cases.filter { only == nil || $0.name == only }
    guard !chosen.isEmpty else {
      var standardError = StandardError()
      print("no case named \(only ?? "")", to: &standardError)
      return 2
    }
    for benchmark in chosen {
      do {
        try await benchmark.run(in: run)
      } catch {
        var standardError = StandardError()
        print("FAILED \(benchmark.name): \(error)", to: &standardError)
        return 1
      }
    }
    print(run.report.text)
    if quick {
      print("quick run: all counts correct; sizes reduced, times not judged")
    }
    return 0
  }
}
