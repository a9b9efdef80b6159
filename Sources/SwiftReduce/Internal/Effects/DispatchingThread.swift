#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The thread the innermost dispatch runs on, for a read to tell whether it
/// is the dispatch's without stopping the program.
///
/// A dependency can be read from any thread, and during a dispatch only a
/// read made by the dispatch itself may ask the dispatching store, on the
/// main actor: `MainActor.assumeIsolated` stops the program anywhere else,
/// and the main actor does not always run on the main thread (Swift Testing
/// runs it on a thread of its own on Linux). A thread busy with a dispatch
/// runs nothing but that dispatch's code until it returns, so a read on the
/// thread that entered the innermost dispatch is that dispatch's.
enum DispatchingThread {
  /// The thread that entered the innermost dispatch, as a word; `0` outside any.
  ///
  /// Written only on the main actor, by the dispatch entering and leaving.
  /// Read from any thread, after ``EffectContext/depth``: a racy read of one
  /// word, which another thread can only find holding a thread other than
  /// its own while the main actor runs on one thread, since only the thread
  /// it names writes it.
  nonisolated(unsafe) static var thread: UInt = 0

  /// Whether the calling thread is the one running the innermost dispatch.
  static var isCurrent: Bool {
    thread != 0 && thread == callingThread
  }

  /// Notes the calling thread as the innermost dispatch's, returning the one it hides.
  static func enter() -> UInt {
    let outer = thread
    thread = callingThread
    return outer
  }

  /// The calling thread's `pthread_t`, a word on every platform: never `0`.
  static var callingThread: UInt {
    #if canImport(Glibc)
      return UInt(pthread_self())
    #else
      return UInt(bitPattern: pthread_self())
    #endif
  }
}
