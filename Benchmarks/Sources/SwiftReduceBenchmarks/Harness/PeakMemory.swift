#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's peak resident memory, read from `VmHWM` in `/proc/self/status` (Linux).
enum PeakMemory {
  /// The peak resident set size so far in kilobytes, or `nil` where `/proc` is unavailable.
  static func kilobytes() -> Int? {
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 256)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      let line = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard line.hasPrefix("VmHWM:") else { continue }
      return Int(line.dropFirst("VmHWM:".count).filter(\.isNumber))
    }
    return nil
  }
}
