#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `--file PATH` keeps the board in that file between runs; without it, nothing is saved.
let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case (nil, _):
  CountersApp.run(interactive: isatty(STDIN_FILENO) == 1)
case ("--file", 2):
  exit(CountersApp.run(interactive: isatty(STDIN_FILENO) == 1, file: arguments[1]))
default:
  CountersApp.writeError("usage: Counters [--file PATH]\n")
  exit(2)
}
