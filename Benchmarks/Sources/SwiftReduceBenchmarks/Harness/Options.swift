/// The command line: `[--quick]`, or `--memory-child <tree|store> <levels>` for the memory case.
enum Options {
  /// A full or quick run of every case.
  case benchmark(quick: Bool)
  /// The child process of the memory case.
  case memoryChild(MemoryChild.Role, levels: Int)
  /// Print the usage.
  case help

  static let usage = """
    usage: SwiftReduceBenchmarks [--quick]

      --quick   run every case once at small sizes and check the counts; judge no time
    """

  /// Parses the arguments after the executable's name; `nil` when they make no sense.
  static func parse(_ arguments: [String]) -> Options? {
    switch arguments {
    case []: return .benchmark(quick: false)
    case ["--quick"]: return .benchmark(quick: true)
    case ["--help"], ["-h"]: return .help
    case let arguments where arguments.count == 3 && arguments[0] == "--memory-child":
      guard let role = MemoryChild.Role(rawValue: arguments[1]), let levels = Int(arguments[2]),
        levels >= 3
      else { return nil }
      return .memoryChild(role, levels: levels)
    default: return nil
    }
  }
}
