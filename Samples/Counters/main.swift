#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

CountersApp.run(interactive: isatty(STDIN_FILENO) == 1)
