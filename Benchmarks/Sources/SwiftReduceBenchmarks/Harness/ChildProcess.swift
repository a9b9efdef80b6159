#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs this benchmark binary again with other arguments, so that peaks of memory do not mix.
enum ChildProcess {
  /// Runs the benchmark executable with `arguments` and returns its standard output.
  ///
  /// - Throws: ``CheckFailure`` when the executable cannot be found or the child fails.
  static func runSelf(_ arguments: [String]) throws(CheckFailure) -> String {
    let executable = try executablePath()
    let command = ([executable] + arguments).map(shellQuoted).joined(separator: " ")
    guard let pipe = popen(command, "r") else {
      throw CheckFailure(description: "could not start \(command)")
    }
    var output = ""
    var buffer = [CChar](repeating: 0, count: 1_024)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
      output += String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let status = pclose(pipe)
    try check(status == 0, "\(command) failed with status \(status)")
    return output
  }

  /// The path of the running executable, from `/proc/self/exe`.
  private static func executablePath() throws(CheckFailure) -> String {
    var buffer = [CChar](repeating: 0, count: 4_096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    try check(length > 0, "cannot read /proc/self/exe to start a child process")
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func shellQuoted(_ argument: String) -> String {
    "'"
      + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
      + "'"
  }
}
