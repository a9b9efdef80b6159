#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether code runs on the main thread, asked without stopping the program.
///
/// A dependency can be read from any thread, and during a dispatch only a read
/// on the main thread is the dispatch's: one there may ask the dispatching
/// store, which `MainActor.assumeIsolated` would stop the program for anywhere
/// else. The runtime asks the same question the same way.
enum MainThread {
  /// Whether the calling thread is the main thread; `false` where that cannot be told.
  static var isCurrent: Bool {
    #if canImport(Darwin)
      return pthread_main_np() != 0
    #elseif canImport(Glibc) || canImport(Musl)
      // The main thread's id is the process's; `gettid` is looked up by name, since
      // the C library declares it only for GNU sources, which the module map leaves out.
      guard let threadID else { return false }
      return threadID() == getpid()
    #else
      return false
    #endif
  }

  #if !canImport(Darwin) && (canImport(Glibc) || canImport(Musl))
    /// `gettid()`, when the C library has it.
    private static let threadID: (@convention(c) () -> pid_t)? = dlsym(nil, "gettid").map {
      // A C function's address is the function value of a `@convention(c)` type.
      unsafeBitCast($0, to: (@convention(c) () -> pid_t).self)
    }
  #endif
}
