/// The payload of an enum value, opened in place so that it can be replaced
/// while the value keeps its case.
///
/// The value's tag is read, its payload projected out of the case's tag bits
/// (``EnumWitnesses``), the payload handed over, and the tag put back. Payload
/// cases take tags 0 up to their count in the order they are declared
/// (``Reflection/enumPayloadCase(of:tag:)``). An `indirect` case's payload
/// lives in a heap box shared by every copy of the value, so it is never
/// changed: a new box is allocated with the old one's metadata (its first
/// word) and size, the payload at the same offset, so the box's own metadata
/// destroys it. Pinned by `payloadIsReplacedAndTheCaseKept` and
/// `indirectPayloadsAreCopiedIntoNewBoxes`.
struct EnumPayload {
  /// Where the payload of an opened value is, and what must be done there.
  enum Slot {
    /// The payload, initialised at this address: assign the new one there.
    case inline(UnsafeMutableRawPointer)
    /// The payload is at `source`, in a box other copies share; `destination`
    /// is uninitialised memory in a new box, to initialise with the new one.
    case newBox(source: UnsafeRawPointer, destination: UnsafeMutableRawPointer)
  }

  private let type: Any.Type
  private let witnesses: EnumWitnesses

  /// The payloads of enum `type`, or `nil` when its layout is not understood.
  init?(of type: Any.Type) {
    guard let witnesses = EnumWitnesses(type) else { return nil }
    self.type = type
    self.witnesses = witnesses
  }

  /// Calls `body` with the payload type and ``Slot`` of the enum value at
  /// `address`; does nothing when its case has no payload, or the payload's
  /// box cannot be opened or made.
  func withPayload(
    at address: UnsafeMutableRawPointer, _ body: (Any.Type, Slot) -> Void
  ) {
    let tag = witnesses.tag(of: address, type)
    guard let payload = Reflection.enumPayloadCase(of: type, tag: tag) else { return }
    witnesses.projectData(at: address, type)
    defer { witnesses.injectTag(tag, at: address, type) }
    guard payload.isIndirect else { return body(payload.type, .inline(address)) }
    let oldBox = HeapObject(address.load(as: UnsafeRawPointer.self))
    guard let oldPayload = oldBox.boxedValue else { return }
    let offset = UnsafeRawPointer(oldPayload) - oldBox.address
    let layout = Self.layout(of: payload.type)
    guard
      let newBox = HeapObject.allocate(
        metadata: oldBox.metadata, size: offset + layout.size,
        alignmentMask: max(layout.alignment, 16) - 1)
    else { return }
    body(payload.type, .newBox(source: oldPayload, destination: newBox + offset))
    // The enum owned one retain of the old box and now owns the new box's.
    address.storeBytes(of: UnsafeRawPointer(newBox), as: UnsafeRawPointer.self)
    Unmanaged<AnyObject>.fromOpaque(oldBox.address).release()
  }

  /// The size and alignment of a payload type.
  private struct Layout {
    let size: Int
    let alignment: Int
  }

  private static func layout(of type: Any.Type) -> Layout {
    func open<Value>(_: Value.Type) -> Layout {
      Layout(size: MemoryLayout<Value>.size, alignment: MemoryLayout<Value>.alignment)
    }
    return _openExistential(type, do: open)
  }
}
