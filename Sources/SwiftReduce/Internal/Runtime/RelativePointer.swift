/// A 32-bit self-relative pointer, as the runtime's descriptors store references to other parts of
/// the binary: the target is the pointer's own address plus its signed value, and zero means none.
///
/// Pinned through every descriptor that holds one (`fieldRecordsTellAVarFromALet`,
/// `payloadCasesAreFoundAmongEmptyCases`).
///
/// Not `BitwiseCopyable`, so that a ``TypedOffset`` of one cannot be loaded as a value.
struct RelativePointer: ~BitwiseCopyable {
  /// Where the 32-bit offset is stored.
  let address: UnsafeRawPointer

  /// The address the pointer points to, or `nil` for a zero offset.
  var target: UnsafeRawPointer? {
    // Descriptors are 4-byte aligned, but the read does not rely on it.
    let offset = Int(address.loadUnaligned(as: Int32.self))
    return offset == 0 ? nil : address + offset
  }
}
