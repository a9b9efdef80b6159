#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C `write`, under a name a `TextOutputStream` method cannot shadow.
private let writeBytes = write

/// Standard error as a text stream, for progress lines and failures.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    // File descriptor 2 rather than `stderr`, a C global Swift 6 treats as shared mutable state.
    let bytes = Array(string.utf8)
    _ = bytes.withUnsafeBytes { writeBytes(2, $0.baseAddress, $0.count) }
  }
}
