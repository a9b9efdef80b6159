@_spi(Reflection) import Swift

/// What the layers above `Runtime/` ask of the Swift runtime: a type's kind
/// and stored properties, and `Mirror`'s children.
///
/// Every reliance of SwiftReduce on the Swift ABI lives in `Runtime/`, one
/// file per structure, each fact stated once beside the test that pins it:
/// `RuntimeFunctions` (the entry points called, and the one lookup by name),
/// `TypeKind`, `TypeMetadata`, `ValueWitnessTable` and `EnumWitnesses`,
/// `TypeContextDescriptor`, `FieldDescriptor` (with `FieldRecord`,
/// `MangledName` and `RelativePointer`), `HeapObject`, `ObjectReference`
/// (with `ReferenceOwnership` and `OptionalStorage`), `ArrayStorage`,
/// `EnumPayload`, `MutableElements` (with `ElementAddresses` and
/// `InlineArrayElements`), `NoncopyableField`, `TailAllocation`,
/// `CollectionLayout`, `KeyPathLayout` and `Exclusivity`; the descriptors and
/// the witness table state the fields they read as `TypedOffset`s.
/// `Portability` takes the paths Apple platforms take (no isa reads, and an
/// `Array` read through its own API, never its storage) on any platform, in
/// a build with `-D SWIFTREDUCE_PORTABLE_TRAVERSAL` or a debug build run with
/// `SWIFTREDUCE_PORTABLE_TRAVERSAL=1`, so CI tests them on Linux.
enum Reflection {
  // MARK: - Children, as `Mirror` sees them

  // The runtime entry points behind `Mirror`, called directly so that reading
  // one stored property neither builds every sibling's label string nor
  // allocates a `Mirror`, and custom mirrors are never consulted.

  /// The number of children `Mirror` would show for `value` viewed as `type`.
  ///
  /// For a class, `type` selects one level of the hierarchy.
  @inline(__always)
  static func childCount<T>(of value: T, as type: Any.Type) -> Int {
    RuntimeFunctions.childCount(of: value, as: type)
  }

  /// The child at `index` of `value` viewed as `type`, with existentials opened.
  static func child<T>(of value: T, as type: Any.Type, at index: Int) -> Any {
    var name: UnsafePointer<CChar>?
    var release: FieldNameRelease?
    let child = RuntimeFunctions.child(
      of: value, as: type, at: index, name: &name, release: &release)
    release?(name)
    return child
  }

  /// The child at `index` of `value` viewed as `type`, with its name: a
  /// property's name, or an enum case's for its payload.
  static func namedChild<T>(of value: T, as type: Any.Type, at index: Int) -> (
    name: String, value: Any
  ) {
    var name: UnsafePointer<CChar>?
    var release: FieldNameRelease?
    let child = RuntimeFunctions.child(
      of: value, as: type, at: index, name: &name, release: &release)
    let text = name.map { String(cString: $0) } ?? ""
    release?(name)
    return (text, child)
  }

  // MARK: - Types

  /// What kind of type `type` is, from its metadata kind.
  static func kind(of type: Any.Type) -> TypeKind {
    TypeKind(metadataKind: RuntimeFunctions.metadataKind(of: type))
  }

  /// The name messages and snapshots give `type`: its name as Swift prints
  /// it, or, where the runtime cannot print it (builtin storage such as a
  /// `Builtin.FixedArray`, or a generic type with one as an argument), its
  /// kind or its own name with `<…>`, never `<<< invalid type >>>`.
  static func typeName(of type: Any.Type) -> String {
    let name = _typeName(type, qualified: false)
    guard name.contains("<<< invalid type >>>") else { return name }
    switch kind(of: type) {
    case .fixedArray:
      return "Builtin.FixedArray"
    case .struct, .enum, .class:
      guard let own = TypeContextDescriptor(of: type)?.name else { break }
      return own + "<…>"
    default:
      break
    }
    return "a type of metadata kind \(RuntimeFunctions.metadataKind(of: type))"
  }

  /// Whether `type` is an actor class (distributed actors included).
  static func isActor(_ type: Any.Type) -> Bool {
    TypeContextDescriptor(of: type)?.isActor ?? false
  }

  /// Whether `type` is stored as one pointer to a class instance, or to
  /// nothing: a class, a class-bound existential, or an optional of either.
  static func isObjectReference(_ type: Any.Type) -> Bool {
    ObjectReference.isStored(as: type)
  }

  /// Whether an enum has no case with a payload, so its values hold nothing.
  static func enumHasNoPayloadCases(_ type: Any.Type) -> Bool {
    guard let descriptor = TypeContextDescriptor(of: type) else { return false }
    return descriptor.enumPayloadCaseCount == 0
  }

  /// The chain of classes from the root-most superclass down to `type`.
  static func classHierarchy(of type: AnyClass) -> [AnyClass] {
    var chain: [AnyClass] = [type]
    while let superclass = _getSuperclass(chain[chain.count - 1]) {
      chain.append(superclass)
    }
    return chain.reversed()
  }

  // MARK: - Stored properties

  /// The stored properties of a struct, tuple or class, in declaration order.
  ///
  /// For a class, properties of every superclass come first. Offsets and
  /// types come from the runtime's `_forEachField`; reference ownership and
  /// mutability from the field descriptor of each type in the hierarchy.
  /// Returns `nil` when the runtime cannot describe the fields, or their
  /// descriptors cannot be read; callers then fall back to ``child(of:as:at:)``.
  static func storedFields(of type: Any.Type) -> [StoredField]? {
    var offsetsAndTypes: [(offset: Int, type: Any.Type)] = []
    let complete = _forEachField(of: type, options: fieldOptions(for: type)) {
      _, offset, fieldType, _ in
      offsetsAndTypes.append((offset, fieldType))
      return true
    }
    guard complete else { return nil }

    var records: [PropertyRecord] = []
    if let classType = type as? AnyClass {
      for level in classHierarchy(of: classType) {
        guard let levelRecords = propertyRecords(of: level) else { return nil }
        records += levelRecords
      }
    } else if kind(of: type) == .tuple {
      // A tuple's elements are as mutable as the tuple.
      records = Array(
        repeating: PropertyRecord(ownership: .strong, isVar: true, name: nil),
        count: offsetsAndTypes.count)
    } else {
      guard let structRecords = propertyRecords(of: type) else { return nil }
      records = structRecords
    }
    guard records.count == offsetsAndTypes.count else { return nil }
    return zip(offsetsAndTypes, records).map { field, record in
      // The runtime describes a `~Copyable` property as `()`; its record names its type.
      if field.type == Void.self, let name = record.name, !name.isEmptyTuple {
        return StoredField(
          offset: field.offset, type: NoncopyableField.self, ownership: .strong,
          isVar: record.isVar)
      }
      return StoredField(
        offset: field.offset, type: field.type, ownership: record.ownership, isVar: record.isVar)
    }
  }

  /// One property's field record, as ``storedFields(of:)`` reads it.
  private struct PropertyRecord {
    let ownership: ReferenceOwnership
    let isVar: Bool
    /// The mangled name of its type; `nil` for a tuple's element.
    let name: MangledName?
  }

  /// The names of the stored properties of a struct, tuple or class, in the order of
  /// ``storedFields(of:)``, or `nil` when the runtime cannot list them.
  ///
  /// Pinned by `namedFieldsFollowStoredFieldOrder`.
  static func storedFieldNames(of type: Any.Type) -> [String]? {
    var names: [String] = []
    let complete = _forEachField(of: type, options: fieldOptions(for: type)) { name, _, _, _ in
      names.append(String(cString: name))
      return true
    }
    return complete ? names : nil
  }

  /// `_EachFieldOptions.classType` for a class: a mutable static, which strict
  /// concurrency rejects, so its raw value, part of the stable SPI.
  private static func fieldOptions(for type: Any.Type) -> _EachFieldOptions {
    _EachFieldOptions(rawValue: type is AnyClass ? 1 << 0 : 0)
  }

  /// The reference ownership and mutability of each stored property declared
  /// by `type` itself (not its superclasses), from its field descriptor.
  private static func propertyRecords(of type: Any.Type) -> [PropertyRecord]? {
    guard let fields = TypeContextDescriptor(of: type)?.fieldDescriptor else { return [] }
    guard let records = fields.records else { return nil }
    var properties: [PropertyRecord] = []
    for record in records {
      guard let name = record.mangledTypeName else { return nil }
      properties.append(
        PropertyRecord(ownership: name.ownership, isVar: record.isVar, name: name))
    }
    return properties
  }

  // MARK: - Enum cases

  /// The payload type of the case with `tag` of the enum `type`, and whether
  /// the case is `indirect`; `nil` for an empty case or an unreadable layout.
  ///
  /// The field descriptor lists every case in declaration order, a payload
  /// case with its payload's mangled type name and an empty case without one;
  /// payload cases take tags in the order they are declared, so the case with
  /// tag `n` is the `n`th record with a type. Pinned by
  /// `payloadCasesAreFoundAmongEmptyCases` and `payloadCaseOfAGenericEnumIsItsArgument`.
  static func enumPayloadCase(of type: Any.Type, tag: UInt32) -> (
    type: Any.Type, isIndirect: Bool
  )? {
    guard let descriptor = TypeContextDescriptor(of: type),
      let records = descriptor.fieldDescriptor?.records
    else { return nil }
    let payloadCases = records.lazy.filter { $0.mangledTypeName != nil }
    guard tag < payloadCases.count else { return nil }
    let record = payloadCases[payloadCases.index(payloadCases.startIndex, offsetBy: Int(tag))]
    guard let name = record.mangledTypeName,
      let payloadType = _getTypeByMangledNameInContext(
        name.address.assumingMemoryBound(to: UInt8.self), UInt(name.length),
        genericContext: descriptor.address,
        genericArguments: TypeMetadata(type).genericArguments)
    else { return nil }
    return (payloadType, record.isIndirectCase)
  }

}
