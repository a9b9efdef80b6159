/// Swift's dynamic exclusivity checks, for changes the walk makes in place.
///
/// A value model reduces where it is stored, through a pointer, which Swift's
/// checks cannot see. The walk tells the runtime that the class property
/// holding the value is being modified for as long as `reduce(action:)` runs,
/// as compiled code does for `owner.counter.reduce(action:)`; a read of that
/// property from inside the reduce is then the overlap Swift stops.
enum Exclusivity {
  /// Whether the runtime's access checks can be called: not in a
  /// statically linked executable that does not export them.
  static var isChecked: Bool {
    RuntimeFunctions.beginAccess != nil && RuntimeFunctions.endAccess != nil
  }

  /// Runs `body` while the storage at `address` is being modified.
  ///
  /// The access record lives in a `ValueBuffer` (three words) on this call's
  /// stack; the flags are the runtime's `Modify` action with `Tracking`, for an
  /// access that lasts until `swift_endAccess`.
  static func modifying(_ address: UnsafeMutableRawPointer, _ body: () -> Void) {
    guard let begin = RuntimeFunctions.beginAccess, let end = RuntimeFunctions.endAccess else {
      return body()
    }
    var record: (UInt, UInt, UInt) = (0, 0, 0)
    withUnsafeMutableBytes(of: &record) { buffer in
      let record = buffer.baseAddress.unsafelyUnwrapped
      begin(address, record, modifyTracking, UnsafeRawPointer?.none)
      body()
      end(record)
    }
  }

  /// `ExclusivityFlags::Modify | ExclusivityFlags::Tracking`.
  private static let modifyTracking: UInt = 0x1 | 0x20
}
