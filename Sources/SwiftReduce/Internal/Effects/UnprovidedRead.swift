/// Tells a read whether the test value it got is the one a key that declares none has.
///
/// A generic value cannot be made to fail when used, so a key without a test
/// value fails where it is read: its default `testValue` notes, on the flag the
/// read bound, that it was called. Bound in a task local, since a read may run
/// on any thread, and set only by the synchronous call the read makes.
enum UnprovidedRead {
  /// Whether a key's missing test value was called during one read.
  final class Flag: @unchecked Sendable {
    // Unchecked: written and read only by the synchronous read that binds it, on its thread.
    var isSet = false
  }

  /// The flag of the read in progress in this task or thread; `nil` elsewhere.
  @TaskLocal static var flag: Flag?

  /// Notes that a key's missing test value was called; does nothing outside a read.
  static func note() {
    flag?.isSet = true
  }

  /// Calls `read`, returning its value and whether a missing test value was called.
  static func reading<Value>(_ read: () -> Value) -> (value: Value, isUnprovided: Bool) {
    let flag = Flag()
    let value = $flag.withValue(flag) { read() }
    return (value, flag.isSet)
  }
}
