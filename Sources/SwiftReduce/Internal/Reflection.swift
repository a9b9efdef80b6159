@_spi(Reflection) import Swift

// The runtime entry points behind `Mirror`. The traversal calls them directly
// so that reading one stored property neither builds every sibling's label
// string nor allocates a `Mirror`; weak and unowned fields are loaded by the
// runtime exactly as `Mirror` loads them.

typealias FieldNameRelease = @convention(c) (UnsafePointer<CChar>?) -> Void

@_silgen_name("swift_getMetadataKind")
private func runtimeMetadataKind(_ type: Any.Type) -> UInt

@_silgen_name("swift_reflectionMirror_count")
private func runtimeChildCount<T>(_ value: T, type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_subscript")
private func runtimeChild<T>(
  of value: T,
  type: Any.Type,
  index: Int,
  outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
  outFreeFunc: UnsafeMutablePointer<FieldNameRelease?>
) -> Any

/// Reads stored values the way `Mirror` does, one child at a time.
enum Reflection {
  /// The number of children `Mirror` would show for `value` viewed as `type`.
  ///
  /// For a class, `type` selects one level of the hierarchy.
  static func childCount<T>(of value: T, as type: Any.Type) -> Int {
    runtimeChildCount(value, type: type)
  }

  /// The child at `index` of `value` viewed as `type`, with existentials opened.
  static func child<T>(of value: T, as type: Any.Type, at index: Int) -> Any {
    var name: UnsafePointer<CChar>?
    var release: FieldNameRelease?
    let child = runtimeChild(
      of: value, type: type, index: index, outName: &name, outFreeFunc: &release)
    release?(name)
    return child
  }

  /// The declared type of each stored property of `type`, in declaration order.
  ///
  /// For a class, properties of every superclass come first. Returns `nil`
  /// when the runtime cannot describe the type's fields.
  static func storedPropertyTypes(of type: Any.Type) -> [Any.Type]? {
    var types: [Any.Type] = []
    // `_EachFieldOptions.classType` is a mutable static, which strict
    // concurrency rejects; its raw value is part of the stable SPI.
    let options = _EachFieldOptions(rawValue: type is AnyClass ? 1 << 0 : 0)
    let complete = _forEachField(of: type, options: options) { _, _, fieldType, _ in
      types.append(fieldType)
      return true
    }
    return complete ? types : nil
  }

  /// The metadata kind of `type`: class, struct, enum, optional, tuple, ….
  static func kind(of type: Any.Type) -> _MetadataKind {
    _MetadataKind(rawValue: runtimeMetadataKind(type)) ?? .unknown
  }

  /// Whether an enum has no case with a payload, so its values hold nothing.
  ///
  /// Reads the enum's nominal type descriptor: the word after the kind in
  /// enum metadata points to it, and its sixth 32-bit field counts the
  /// payload cases in its low 24 bits (the stable Swift 5 ABI layout).
  static func enumHasNoPayloadCases(_ type: Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    guard
      let descriptor = metadata.load(
        fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer?.self)
    else { return false }
    let payloadCasesAndSizeOffset = descriptor.load(fromByteOffset: 20, as: UInt32.self)
    return payloadCasesAndSizeOffset & 0x00FF_FFFF == 0
  }

  /// The chain of classes from the root-most superclass down to `type`.
  static func classHierarchy(of type: AnyClass) -> [AnyClass] {
    var chain: [AnyClass] = [type]
    while let superclass = _getSuperclass(chain[chain.count - 1]) {
      chain.append(superclass)
    }
    return chain.reversed()
  }
}
