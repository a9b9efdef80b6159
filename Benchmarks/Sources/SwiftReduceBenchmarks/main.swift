import MovieListApp

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The entry point: a full run, a quick correctness run, or a memory, scaling or MovieList child.
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .benchmark(let quick, let only):
  exit(await Suite.run(quick: quick, only: only))
case .memoryChild(let role, let levels):
  do {
    try MemoryChild.run(role, levels: levels)
  } catch {
    var standardError = StandardError()
    print("FAILED memory child: \(error)", to: &standardError)
    exit(1)
  }
case .scalingChild(let quick):
  do {
    try ScalingChild.run(quick: quick)
  } catch {
    var standardError = StandardError()
    print("FAILED scaling child: \(error)", to: &standardError)
    exit(1)
  }
case .movieListChild(let file):
  exit(await MovieListApp.main(["--file", file]))
case .profile(let engine, let dispatches):
  exit(Profile.run(engine, dispatches: dispatches))
case .help:
  print(Options.usage)
case nil:
  var standardError = StandardError()
  print(Options.usage, to: &standardError)
  exit(2)
}
