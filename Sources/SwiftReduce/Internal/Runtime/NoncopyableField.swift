/// Stands, in ``StoredField/type``, for a stored property whose type is `~Copyable`.
///
/// The runtime's reflection cannot hand out a noncopyable value as `Any`, so
/// `_forEachField` (and `Mirror`) describe such a property as `()`, with no
/// size: a `Mutex`, an `Atomic`, or any `~Copyable` struct or enum. Its field
/// record still names the declared type, which is not `()` (mangled `yt`):
/// through a symbolic reference to a metadata accessor (0x09), which code
/// written before noncopyable generics never calls, so the runtime's lookup
/// answers `()` for it too. ``Reflection/storedFields(of:)`` gives such a
/// property this type instead of `()`, so that no layer reads it through a
/// type it does not have, copies it byte by byte, or takes it for an empty
/// tuple. Pinned by `noncopyablePropertiesAreDescribedAsEmptyTuples`.
struct NoncopyableField {
  /// The mangled name of `()`, which a property really of that type has.
  static let emptyTupleMangledName: [UInt8] = Array("yt".utf8)
}

extension MangledName {
  /// Whether the name is `yt`, the empty tuple's, with no symbolic reference.
  var isEmptyTuple: Bool {
    let bytes = NoncopyableField.emptyTupleMangledName
    for (index, byte) in bytes.enumerated()
    where address.load(fromByteOffset: index, as: UInt8.self) != byte {
      return false
    }
    return address.load(fromByteOffset: bytes.count, as: UInt8.self) == 0
  }
}
