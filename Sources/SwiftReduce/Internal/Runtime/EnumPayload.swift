@_spi(Reflection) import Swift

// The facts about enum layouts that copies rely on, each stated once here and
// pinned by a test in `EnumPayloadTests`:
//
// - Value witness tables: the word before a type's metadata points to its
//   value witness table; for an enum (flag `hasEnumWitnesses`, bit 21 of the
//   32-bit flags at byte 80) three more functions follow the table's 88 bytes:
//   `getEnumTag(value, metadata) -> UInt32`, `destructiveProjectEnumData(value,
//   metadata)` and `destructiveInjectEnumTag(value, tag, metadata)`. Their
//   arguments are all pointer-sized or smaller integers, which the Swift
//   calling convention passes as the C one does on the platforms Swift runs on.
//   Pinned by `enumTagProjectionAndInjectionRoundTrip`.
// - Case numbering: payload cases take tags 0 up to their count, in the order
//   they are declared, and the field descriptor lists every case in declaration
//   order, a payload case with its payload's mangled type name and an empty
//   case without one. Pinned by `payloadCasesAreFoundAmongEmptyCases`.
// - Indirect cases: bit 0 of a case record's flags marks it indirect; its
//   payload then lives in a heap box, which `swift_projectBox` opens. A new
//   box is allocated with the old one's metadata (its first word) and size,
//   the payload at the same offset, so the box's own metadata destroys it.
//   Pinned by `indirectPayloadsAreCopiedIntoNewBoxes`.

/// Replaces the payload of an enum value, keeping its case.
enum EnumPayload {
  /// `value`, an enum of `type`, with its payload replaced by `transform` of
  /// it; `value` unchanged when it has no payload or its layout is not understood.
  static func replacing(in value: Any, _ type: Any.Type, _ transform: (Any) -> Any) -> Any {
    guard let witnesses = EnumWitnesses(type) else { return value }
    return makeAccess(for: type).modifyingCopy(of: value) { address in
      let tag = witnesses.tag(of: address, type)
      guard let payload = Reflection.enumPayloadCase(of: type, tag: tag) else { return }
      let payloadAccess = makeAccess(for: payload.type)
      witnesses.projectData(at: address, type)
      if payload.isIndirect {
        // The case holds a box shared by every copy of the value: make a new one.
        let oldBox = address.load(as: UnsafeRawPointer.self)
        guard let oldPayload = Reflection.projectBox(oldBox) else { return }
        let offset = UnsafeRawPointer(oldPayload) - oldBox
        guard
          let newBox = Reflection.allocateObject(
            metadata: oldBox.load(as: UnsafeRawPointer.self),
            size: offset + payloadAccess.size,
            alignmentMask: max(payloadAccess.alignment, 16) - 1)
        else { return }
        payloadAccess.initialize(
          at: newBox + offset, to: transform(payloadAccess.load(from: oldPayload)),
          orCopying: oldPayload)
        // The enum owned one retain of the old box and now owns the new box's.
        address.storeBytes(of: UnsafeRawPointer(newBox), as: UnsafeRawPointer.self)
        Unmanaged<AnyObject>.fromOpaque(oldBox).release()
      } else {
        payloadAccess.assign(transform(payloadAccess.load(from: address)), at: address)
      }
      witnesses.injectTag(tag, at: address, type)
    }
  }
}

/// The enum functions of a type's value witness table.
struct EnumWitnesses {
  private typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  private typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  private typealias Inject =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  /// Byte offsets in a value witness table.
  private enum Layout {
    static let flags = 80
    static let getEnumTag = 88
    static let destructiveProjectEnumData = 96
    static let destructiveInjectEnumTag = 104
    static let hasEnumWitnesses: UInt32 = 1 << 21
  }

  private let getTag: GetTag
  private let project: Project
  private let inject: Inject

  /// The witnesses of `type`, or `nil` when it is not an enum with them.
  init?(_ type: Any.Type) {
    guard MemoryLayout<Int>.size == 8, Reflection.metadataKind(of: type) == .enum else {
      return nil
    }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let table = (metadata - MemoryLayout<Int>.size).load(as: UnsafeRawPointer.self)
    let flags = table.load(fromByteOffset: Layout.flags, as: UInt32.self)
    guard flags & Layout.hasEnumWitnesses != 0 else { return nil }
    getTag = unsafeBitCast(
      table.load(fromByteOffset: Layout.getEnumTag, as: UnsafeRawPointer.self), to: GetTag.self)
    project = unsafeBitCast(
      table.load(fromByteOffset: Layout.destructiveProjectEnumData, as: UnsafeRawPointer.self),
      to: Project.self)
    inject = unsafeBitCast(
      table.load(fromByteOffset: Layout.destructiveInjectEnumTag, as: UnsafeRawPointer.self),
      to: Inject.self)
  }

  func tag(of value: UnsafeRawPointer, _ type: Any.Type) -> UInt32 {
    getTag(value, unsafeBitCast(type, to: UnsafeRawPointer.self))
  }

  /// Leaves the payload alone at the start of `value`, without the case's tag bits.
  func projectData(at value: UnsafeMutableRawPointer, _ type: Any.Type) {
    project(value, unsafeBitCast(type, to: UnsafeRawPointer.self))
  }

  /// Puts the case's tag back into a value whose data was projected.
  func injectTag(_ tag: UInt32, at value: UnsafeMutableRawPointer, _ type: Any.Type) {
    inject(value, tag, unsafeBitCast(type, to: UnsafeRawPointer.self))
  }
}
