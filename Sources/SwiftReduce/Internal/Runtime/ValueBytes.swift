// A value's bytes, compared and copied a word at a time: values that hold no
// reference are their bytes, and most are a word or two, for which a call to
// `memcmp` or `memcpy` costs more than the work.

/// Whether the `size` bytes at `first` and `second` are the same: then the
/// values are the same, whatever their `==` says; padding can make equal
/// values differ, never the reverse.
func bitwiseEqual(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, size: Int) -> Bool {
  var offset = 0
  let words = size & ~7
  while offset < words {
    if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    {
      return false
    }
    offset += 8
  }
  while offset < size {
    if first.load(fromByteOffset: offset, as: UInt8.self)
      != second.load(fromByteOffset: offset, as: UInt8.self)
    {
      return false
    }
    offset += 1
  }
  return true
}

/// Copies `size` bytes from `source` to `destination`, which do not overlap,
/// a word at a time: a recorded property is mostly a word or two, for which
/// a call to `memcpy` costs more than the copy.
@inline(__always)
func copyBytes(_ destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer, size: Int) {
  var offset = 0
  let words = size & ~7
  while offset < words {
    destination.storeBytes(
      of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
      as: UInt64.self)
    offset += 8
  }
  while offset < size {
    destination.storeBytes(
      of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset,
      as: UInt8.self)
    offset += 1
  }
}

/// Copies `size` bytes from `source` to `destination`, which do not overlap,
/// in one call: for values of any size, where ``copyBytes(_:from:size:)``
/// is for the small ones.
@inline(__always)
func copyRawBytes(
  _ destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer, size: Int
) {
  assert(size >= 0, "cannot copy \(size) bytes")
  destination.copyMemory(from: source, byteCount: size)
}

/// Copies the bytes of `source` to the start of `destination`, which has room for them.
@inline(__always)
func copyBytes(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) {
  assert(
    source.count <= destination.count, "\(source.count) bytes do not fit in \(destination.count)")
  destination.copyMemory(from: source)
}

/// The value of type `Value` whose bytes are at `offset` from `address`, at
/// any alignment: for a value read by its bits (a byte of a field, a `Double`).
@inline(__always)
func loadBits<Value: BitwiseCopyable>(
  _: Value.Type, at address: UnsafeRawPointer, offset: Int = 0
) -> Value {
  address.loadUnaligned(fromByteOffset: offset, as: Value.self)
}

/// Calls `body` with `size` bytes of uninitialised memory aligned to
/// `alignment`, which `body` leaves as it found them: a value is built
/// there field by field and moved out.
func withTemporaryBytes<Result>(
  size: Int, alignment: Int, _ body: (UnsafeMutableRawPointer) -> Result
) -> Result {
  let bytes = UnsafeMutableRawPointer.allocate(
    byteCount: max(size, 1), alignment: max(alignment, 1))
  defer { bytes.deallocate() }
  return body(bytes)
}
