@_spi(Reflection) import Swift

/// The kinds of type SwiftReduce tells apart, from the runtime's metadata kind.
///
/// The one place the standard library's `_MetadataKind` is named: everything
/// above `Runtime/` asks ``Reflection/kind(of:)`` for one of these.
enum TypeKind {
  case `class`
  case `struct`
  case `enum`
  case optional
  case tuple
  case existential
  case function
  /// A metatype or an existential metatype.
  case metatype
  /// Builtin storage: raw pointers, task handles, `ObjectIdentifier`'s word.
  case opaque
  /// Foreign and Objective-C classes: never models.
  case foreignObject
  /// `Builtin.FixedArray`, the storage of an `InlineArray` (its `_storage`):
  /// met only inside one, which is read as a collection instead.
  case fixedArray
  /// A kind this code does not know.
  case unknown

  /// The metadata kind of `Builtin.FixedArray`, which `_MetadataKind` does not list.
  ///
  /// Kind 0x8, marked non-heap (0x200) and runtime private (0x100). Pinned by
  /// `inlineArrayStorageIsABuiltinFixedArray`.
  static let fixedArrayMetadataKind: UInt = 0x308

  /// The kind of the metadata `kind` the runtime reports.
  init(metadataKind kind: UInt) {
    if kind == Self.fixedArrayMetadataKind {
      self = .fixedArray
      return
    }
    switch _MetadataKind(rawValue: kind) ?? .unknown {
    case .class: self = .class
    case .struct: self = .struct
    case .enum: self = .enum
    case .optional: self = .optional
    case .tuple: self = .tuple
    case .existential: self = .existential
    case .function: self = .function
    case .metatype, .existentialMetatype: self = .metatype
    case .opaque: self = .opaque
    case .foreignClass, .objcClassWrapper: self = .foreignObject
    default: self = .unknown
    }
  }

  /// Whether values of this kind are plain data that can hold no model:
  /// functions, metatypes and builtin storage.
  var isPlainData: Bool {
    switch self {
    case .function, .metatype, .opaque: true
    default: false
    }
  }
}
