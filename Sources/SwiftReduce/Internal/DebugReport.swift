#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The one way debug builds tell the programmer about a mistake the program survives.
enum DebugReport {
  /// Writes `line` and a line feed to standard error at once, unbuffered.
  static func emit(_ line: String) {
    var bytes = Array((line + "\n").utf8)
    _ = write(2, &bytes, bytes.count)
  }
}
