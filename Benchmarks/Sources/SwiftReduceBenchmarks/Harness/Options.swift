/// The command line: `[--quick] [--only <case>]`, or `--memory-child <tree|store> <levels>`.
enum Options {
  /// A full or quick run of every case, or of the one named.
  case benchmark(quick: Bool, only: String? = nil)
  /// The child process of the memory case.
  case memoryChild(MemoryChild.Role, levels: Int)
  /// The child process of the scaling case: the broadcast on trees of every size, in a fresh heap.
  case scalingChild(quick: Bool)
  /// The child process of the movielist case: the MovieList app on a file.
  case movieListChild(file: String)
  /// A fixed number of broadcasts through one engine, timing nothing: for
  /// `valgrind --tool=callgrind`, which counts instructions repeatably.
  case profile(Profile.Engine, dispatches: Int)
  /// Print the usage.
  case help

  static let usage = """
    usage: SwiftReduceBenchmarks [--quick] [--only <case>]
           SwiftReduceBenchmarks --profile <engine> <dispatches>

      --quick        run every case once at small sizes and check the counts; judge no time
      --only <case>  run one case: broadcast, heavy leaves, targeted, declared, …
      --profile      build the broadcast tree and dispatch to it, timing nothing, for
                     valgrind --tool=callgrind; engines: \(Profile.Engine.names)
    """

  /// Parses the arguments after the executable's name; `nil` when they make no sense.
  static func parse(_ arguments: [String]) -> Options? {
    switch arguments {
    case []: return .benchmark(quick: false)
    case ["--quick"]: return .benchmark(quick: true)
    case let arguments where arguments.count >= 2 && arguments[arguments.count - 2] == "--only":
      guard arguments.count == 2 || arguments == ["--quick"] + arguments.suffix(2) else {
        return nil
      }
      return .benchmark(quick: arguments.count == 3, only: arguments[arguments.count - 1])
    case ["--help"], ["-h"]: return .help
    case let arguments where arguments.count == 3 && arguments[0] == "--profile":
      guard let engine = Profile.Engine(rawValue: arguments[1]), let count = Int(arguments[2]),
        count >= 0
      else { return nil }
      return .profile(engine, dispatches: count)
    case ["--scaling-child"]: return .scalingChild(quick: false)
    case ["--scaling-child", "--quick"]: return .scalingChild(quick: true)
    case let arguments where arguments.count == 2 && arguments[0] == "--movielist-child":
      return .movieListChild(file: arguments[1])
    case let arguments where arguments.count == 3 && arguments[0] == "--memory-child":
      guard let role = MemoryChild.Role(rawValue: arguments[1]), let levels = Int(arguments[2]),
        levels >= 3
      else { return nil }
      return .memoryChild(role, levels: levels)
    default: return nil
    }
  }
}
