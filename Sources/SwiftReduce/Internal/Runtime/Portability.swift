#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether the walk and the key-path reader take the paths Apple platforms
/// take: no isa reads, and an `Array` read through its own API, never its
/// storage.
///
/// Always with Objective-C interop, and in a build with
/// `-D SWIFTREDUCE_PORTABLE_TRAVERSAL`. In a debug build without interop,
/// also in a process started with `SWIFTREDUCE_PORTABLE_TRAVERSAL=1` in its
/// environment: CI runs the test suite so from the debug build, to test
/// those paths on Linux without a build of their own. A release build
/// without interop never reads the environment, and the paths are left out
/// of its walk as a constant.
enum Portability {
  #if _runtime(_ObjC) || SWIFTREDUCE_PORTABLE_TRAVERSAL
    static let takesApplePaths = true
  #elseif DEBUG
    static let takesApplePaths: Bool = {
      guard let value = getenv("SWIFTREDUCE_PORTABLE_TRAVERSAL") else { return false }
      return String(cString: value) == "1"
    }()
  #else
    static let takesApplePaths = false
  #endif
}
