// A `String` copied and destroyed where it is stored, in code compiled for it:
// strings are in most models, and a copy through the type's value witnesses
// costs ten times as much. Callers check ``StringLayout/isTwoWords`` first.

extension StringLayout {
  /// Initializes the uninitialised memory at `copy` to a copy of the `String` at `string`.
  @inline(__always)
  static func initializeCopy(at copy: UnsafeMutableRawPointer, of string: UnsafeRawPointer) {
    copy.initializeMemory(as: String.self, to: string.load(as: String.self))
  }
}

/// Destroys the `String` at `copy`, taken out of it: dropping the value
/// releases its storage in place, where `deinitialize` goes through the
/// type's value witness.
@inline(__always)
func destroyString(_ copy: UnsafeMutableRawPointer) {
  _ = copy.assumingMemoryBound(to: String.self).move()
}
