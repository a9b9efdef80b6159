#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Swift's dynamic exclusivity checks, for changes the walk makes in place.
///
/// A value model reduces where it is stored, through a pointer, which Swift's
/// checks cannot see. The walk tells the runtime that the class property
/// holding the value is being modified for as long as `reduce(action:)` runs,
/// as compiled code does for `owner.counter.reduce(action:)`; a read of that
/// property from inside the reduce is then the overlap Swift stops.
enum Exclusivity {
  /// Runs `body` while the storage at `address` is being modified.
  ///
  /// The access record lives in a `ValueBuffer` (three words) on this call's
  /// stack; the flags are the runtime's `Modify` action with `Tracking`, for an
  /// access that lasts until `swift_endAccess`.
  static func modifying(_ address: UnsafeMutableRawPointer, _ body: () -> Void) {
    guard let begin = runtime.begin, let end = runtime.end else { return body() }
    var record: (UInt, UInt, UInt) = (0, 0, 0)
    withUnsafeMutableBytes(of: &record) { buffer in
      let record = buffer.baseAddress.unsafelyUnwrapped
      begin(address, record, modifyTracking, nil)
      body()
      end(record)
    }
  }

  /// `ExclusivityFlags::Modify | ExclusivityFlags::Tracking`.
  private static let modifyTracking: UInt = 0x1 | 0x20

  private typealias Begin =
    @convention(c) (
      UnsafeMutableRawPointer, UnsafeMutableRawPointer, UInt, UnsafeRawPointer?
    ) -> Void
  private typealias End = @convention(c) (UnsafeMutableRawPointer) -> Void

  /// The runtime's entry points, looked up once: compiled code calls them
  /// directly, and a program linked without the runtime's symbols in its
  /// dynamic table (a static executable) goes without the checks.
  private static let runtime: (begin: Begin?, end: End?) = (
    symbol("swift_beginAccess").map { unsafeBitCast($0, to: Begin.self) },
    symbol("swift_endAccess").map { unsafeBitCast($0, to: End.self) }
  )

  private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    #if canImport(Darwin)
      dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)
    #else
      dlsym(nil, name)
    #endif
  }
}
