/// A mangled type name in a descriptor, as the runtime resolves it.
///
/// Bytes 0x01–0x17 start a symbolic reference with a 4-byte payload and
/// 0x18–0x1F one with a pointer-sized payload; payload bytes are skipped so
/// they are never mistaken for text. A name ends at a zero byte. Pinned by
/// `fieldRecordsTellReferenceOwnership` and `payloadCasesAreFoundAmongEmptyCases`.
struct MangledName {
  let address: UnsafeRawPointer

  /// The length of the name in bytes, symbolic references included.
  var length: Int {
    var index = 0
    while let step = step(at: index) { index += step.length }
    return index
  }

  /// How storage of the property's type holds a reference: `weak`, `unowned`
  /// and `unowned(unsafe)` storage end the name with `Xw`, `Xo` and `Xu`.
  var ownership: ReferenceOwnership {
    var index = 0
    var (previous, last): (UInt8, UInt8) = (0, 0)
    while let step = step(at: index) {
      (previous, last) = step.isText ? (last, step.byte) : (0, 0)
      index += step.length
    }
    guard previous == UInt8(ascii: "X") else { return .strong }
    switch last {
    case UInt8(ascii: "w"): return .weak
    case UInt8(ascii: "o"): return .unowned
    case UInt8(ascii: "u"): return .unmanaged
    default: return .strong
    }
  }

  /// The byte at `index` and the length of what it starts, or `nil` at the end.
  private func step(at index: Int) -> (byte: UInt8, length: Int, isText: Bool)? {
    let byte = address.load(fromByteOffset: index, as: UInt8.self)
    switch byte {
    case 0: return nil
    case 0x01...0x17: return (byte, 1 + 4, false)
    case 0x18...0x1F: return (byte, 1 + MemoryLayout<Int>.size, false)
    default: return (byte, 1, true)
    }
  }
}
